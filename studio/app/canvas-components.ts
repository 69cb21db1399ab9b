import type { CanvasControl } from './canvas-pane.tsx';
import { JSON_HEADERS } from './rpc.ts';

/**
 * Code components in the canvas (docs/components.md, "In the studio"): each component node of a canvas
 * `render` is drawn to HTML by the server (`POST /studio/components/draw`), since the canvas bundle has none of
 * the project's code. The design view and the content view's preview both send their renders through here.
 */

/** Whether any design holds a component node (most do not: the canvas is drawn without a request then). */
export function hasComponentNodes(value: unknown): boolean {
  if (!value || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some(hasComponentNodes);
  const node = value as Record<string, unknown>;
  if (node.el === 'component') return true;
  return Object.values(node).some(hasComponentNodes);
}

/**
 * The `components` field of a canvas `render` message: every component node drawn to HTML by the
 * server. Empty when the designs hold none; a failure draws them as warnings in the canvas.
 */
export async function drawnComponents(render: Record<string, unknown>): Promise<Record<string, unknown>> {
  if (!hasComponentNodes(render.designs)) return {};
  const { id: _id, ...fields } = render;
  const res = await fetch('/studio/components/draw', {
    method: 'POST',
    credentials: 'same-origin',
    headers: JSON_HEADERS,
    body: JSON.stringify(fields),
  }).catch(() => null);
  if (!res?.ok) return {};
  return ((await res.json()) as { components: Record<string, unknown> }).components;
}

/**
 * Sends a canvas `render` with its component nodes drawn first; `latest` counts the calls, so that a render
 * whose drawing returns after a newer one started is dropped (the editor typed on meanwhile).
 */
export async function sendRender(
  canvas: CanvasControl | null,
  render: Record<string, unknown>,
  latest: { current: number },
): Promise<void> {
  const seq = ++latest.current;
  const components = await drawnComponents(render);
  if (seq === latest.current) canvas?.send('render', { ...render, components });
}
