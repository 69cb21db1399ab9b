import { Fragment, jsx } from 'hono/jsx';
import { nodeClass } from '../../styles/class-names.ts';
import { htmlOf } from '../render/html-of.ts';
import { captureComponents } from '../render/nodes/component.tsx';
// Registers the built-in kinds and `component` with the renderer's registry, as the site's pages have them.
import '../render/render-page.tsx';
import type { RenderMessage } from './admin-messages.ts';
import { renderView } from './render-view.ts';

/**
 * The project's code components, drawn by the server for the design canvas (docs/canvas-protocol.md,
 * "Code components"). The canvas bundle cannot hold a project's components (they change with every
 * project, and its 40 KB budget is full), so the studio asks this for the HTML of every component node
 * of a `render` message and sends it along in the message's `components`; the canvas puts each into
 * the node's element. The same render as the canvas's (render-view.ts) runs here, so the nodes come in
 * the order the canvas draws them: per node class, one entry per time the node is drawn (a node inside
 * a `repeat` is drawn once per item), its HTML or the design error that left it out.
 */

export type DrawnComponent = string | { warning: string };
export type DrawnComponents = Record<string, DrawnComponent[]>;

export function drawComponents(message: RenderMessage): DrawnComponents {
  const drawn: DrawnComponents = {};
  try {
    captureComponents(
      () => renderView(message),
      (env, nodeId, result) => {
        const key = nodeClass(env.scope.ref, nodeId);
        const list = drawn[key] ?? [];
        drawn[key] = list;
        // In a fragment: a component may return a string, a list or null as well as an element.
        list.push('warning' in result ? result : htmlOf(jsx(Fragment, null, result.out)));
      },
    );
  } catch {
    // A view that cannot be drawn at all: the canvas says so itself when it draws the same message.
    return {};
  }
  return drawn;
}
