import type { Child } from 'hono/jsx';
import { type LinkValue, linkOf } from '../bindings.ts';
import type { Env, NodeOf } from '../context.ts';
import type { BaseAttrs, NodeProps } from '../render-node.tsx';
import { readBinding, renderChildren } from '../render-node.tsx';
import { localized } from '../strings.ts';

/**
 * link and button: `props.href`, else the bound link field, related document, file or URL. A
 * link whose target is unpublished renders its content without a link. Children, when given,
 * are the link's content; else `props.text`, else the target's label.
 */
export function Anchor(
  { node, env, attrs }: { node: NodeOf<'link' | 'button'>; env: Env; attrs: BaseAttrs },
  extra?: Partial<BaseAttrs>,
): Child {
  const bound = readBinding(node, env);
  const p = node.props ?? {};
  const target: LinkValue | null = p.href ? { href: p.href, label: '' } : bound ? linkOf(env, bound) : null;
  if (!target) return null;
  const children = renderChildren(node, env);
  const text = localized(p.text, env.ctx.locale, env.ctx.defaultLocale);
  const content = children.length ? children : text || target.label;
  if (!content || (Array.isArray(content) && content.every((c) => c === null))) return null;
  const cls = extra?.class ? `${attrs.class} ${extra.class}` : attrs.class;
  if (!target.href)
    return (
      <span {...attrs} class={cls}>
        {content}
      </span>
    );
  const blank = (p.target ?? target.target) === '_blank';
  return (
    <a
      {...attrs}
      class={cls}
      href={target.href}
      target={blank ? '_blank' : undefined}
      rel={blank ? 'noopener' : undefined}
      aria-current={isCurrent(env, target.href) ? 'page' : undefined}
    >
      {content}
    </a>
  );
}

function isCurrent(env: Env, href: string): boolean {
  return href === env.ctx.href.current;
}

export const LinkNode = (p: NodeProps<'link'>): Child => Anchor(p);
