import type { Child } from 'hono/jsx';
import { renderBlock } from '../block.tsx';
import type { NodeProps } from '../render-node.tsx';

/** `block`: inside a `blocks` node's children, the current block in its own design. */
export function BlockNode({ node, env }: NodeProps<'block'>): Child {
  if (!env.scope.block) {
    env.ctx.warn(env.scope.ref, node.id, 'a block node outside a blocks node');
    return null;
  }
  return renderBlock(env.scope.block, env);
}
