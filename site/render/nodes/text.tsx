import type { Child } from 'hono/jsx';
import type { DesignNode } from '../../../core/designs/index.ts';
import { textOf } from '../bindings.ts';
import type { Env } from '../context.ts';
import type { NodeProps } from '../render-node.tsx';
import { readBinding } from '../render-node.tsx';
import { localized } from '../strings.ts';

/** The text a text-like node shows: its bound value (formatted), else its static per-locale text. */
export function nodeText(node: DesignNode & { props?: { text?: unknown } }, env: Env): string | null {
  const bound = readBinding(node, env);
  if (bound && 'bind' in node && node.bind) return textOf(env, bound, node.bind);
  const text = localized(
    node.props?.text as Parameters<typeof localized>[0],
    env.ctx.locale,
    env.ctx.defaultLocale,
  );
  return text || null;
}

/** `text`: a paragraph (or `props.tag`) of static or bound text; empty text renders nothing. */
export function TextNode({ node, env, attrs }: NodeProps<'text'>): Child {
  const text = nodeText(node, env);
  if (text === null) return null;
  const Tag = (node.props?.tag ?? 'p') as 'p';
  return <Tag {...attrs}>{text}</Tag>;
}
