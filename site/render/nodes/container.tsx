import type { Child } from 'hono/jsx';
import type { Env, NodeOf } from '../context.ts';
import type { BaseAttrs } from '../render-node.tsx';
import { renderChildren } from '../render-node.tsx';

type ContainerKind = 'box' | 'stack' | 'grid' | 'section';

/**
 * box, stack, grid and section: one element whose tag `props.tag` picks. The first `main` is
 * the skip link's target (`id="main"`); a `main` inside it becomes a `div`, since a page has one.
 */
export function Container({
  node,
  env,
  attrs,
}: {
  node: NodeOf<ContainerKind>;
  env: Env;
  attrs: BaseAttrs;
}): Child {
  let tag = node.props?.tag ?? (node.el === 'section' ? 'section' : 'div');
  if (tag === 'main' && env.scope.inMain) tag = 'div';
  const scope =
    tag === 'main'
      ? { ...env.scope, inMain: true }
      : tag === 'nav'
        ? { ...env.scope, inNav: true }
        : env.scope;
  const Tag = tag as 'div';
  return (
    <Tag {...attrs} id={tag === 'main' ? 'main' : undefined}>
      {renderChildren(node, env, scope)}
    </Tag>
  );
}
