import { nodeClass } from '../../styles/class-names.ts';
import { nodeRegistry } from '../render/registry.ts';

/**
 * The canvas's `component` kind: a project's code component as the studio's server drew it
 * (component-html.ts), from the `render` message's `components`, in the node's own element (its class,
 * so it is styled, outlined and found under the pointer like any node). The HTML comes from an editor
 * origin, the only sender the canvas hears; the canvas's CSP runs no script in it.
 */
export function drawComponentsFrom(components: () => Record<string, unknown[]> | undefined): void {
  nodeRegistry.registerBuiltin('component', ({ node, env, attrs }) => {
    const d = components()?.[nodeClass(env.scope.ref, node.id)]?.shift() as { warning?: string } | undefined;
    if (typeof d === 'string') return <div {...attrs} dangerouslySetInnerHTML={{ __html: d }} />;
    env.ctx.warn(env.scope.ref, node.id, d?.warning ?? 'not drawn: the studio sent no HTML for it');
    return null;
  });
}
