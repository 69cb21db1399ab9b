import type { Child } from 'hono/jsx';
import { blocksOf, renderBlock } from '../block.tsx';
import type { NodeProps } from '../render-node.tsx';
import { renderChildren } from '../render-node.tsx';

/**
 * `blocks`: each block of a blocks field in its design. With children, the children wrap every
 * block and the `block` node among them marks where it renders.
 */
export function BlocksNode({ node, env, attrs }: NodeProps<'blocks'>): Child {
  const field = node.props.field;
  const def = env.scope.defs.find((d) => d.name === field);
  if (def?.type !== 'blocks') {
    env.ctx.warn(env.scope.ref, node.id, `props.field: no blocks field "${field}"`);
    return null;
  }
  const blocks = blocksOf(env.scope.record[field]);
  if (!blocks.length) return null;
  const inner = node.children?.length
    ? blocks.map((block) => renderChildren(node, env, { ...env.scope, block }))
    : blocks.map((block) => renderBlock(block, env));
  return <div {...attrs}>{inner}</div>;
}
