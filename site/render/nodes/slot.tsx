import type { Child } from 'hono/jsx';
import type { NodeProps } from '../render-node.tsx';

/**
 * `slot`: where a layout shows the page. Outside a `main` element it brings its own
 * `<main id="main">`, so every page has the landmark the skip link points to.
 */
export function SlotNode({ node, env, attrs }: NodeProps<'slot'>): Child {
  const body = env.scope.slot?.();
  if (body === undefined) {
    env.ctx.warn(env.scope.ref, node.id, 'a slot outside a layout');
    return null;
  }
  if (env.scope.inMain) return body as Child;
  return (
    <main {...attrs} id="main">
      {body as Child}
    </main>
  );
}
