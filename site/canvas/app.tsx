import { parseAdminMessage } from './admin-messages.ts';
import { draw } from './draw.ts';
import { drawComponentsFrom } from './drawn-component.tsx';
import { EDITOR_ORIGINS_ATTR, framingOrigin, readEditorOrigins } from './editor-origins.ts';
import type { DesignPrefixes } from './node-ref.ts';
import { mark, SELECTED_ATTR, watchPointer } from './pointer.ts';
import { type CanvasMessage, canvasMessage, type NodeRef } from './protocol.ts';

/**
 * The design canvas's entry (docs/canvas-protocol.md): the admin frames `/_cms/canvas` and sends a
 * design and sample content by `postMessage`; the canvas draws them with the site's components
 * (draw.ts) and reports back its height and the node an editor points at. It listens only to the page
 * that frames it, only when that page's origin is an editor origin, answers only that origin, and
 * never fetches anything (its CSP says `connect-src 'none'`).
 */

const root = document.getElementById('canvas')!;
const allowed = readEditorOrigins(root.getAttribute(EDITOR_ORIGINS_ATTR));
const framed = window.parent !== window;
const sheet = new CSSStyleSheet();
document.adoptedStyleSheets = [sheet];

/** Where answers go: the origin of the admin's last accepted message, else the framing page's. */
let admin = framed
  ? framingOrigin(allowed, { ancestorOrigins: location.ancestorOrigins, referrer: document.referrer })
  : null;
let prefixes: DesignPrefixes = new Map();
let selected: NodeRef | null = null;
/** The code components of the message being drawn, as the studio's server drew them. */
let components: Record<string, unknown[]> | undefined;
drawComponentsFrom(() => components);

function send(message: CanvasMessage): void {
  if (admin) window.parent.postMessage(message, admin);
}

const height = () => Math.ceil(root.getBoundingClientRect().height);

window.addEventListener('message', (event) => {
  if (!framed || event.source !== window.parent || !allowed.has(event.origin)) return;
  const message = parseAdminMessage(event.data);
  if (!message) return;
  admin = event.origin;
  if (message.type === 'select') {
    selected = message.node;
    mark(root, SELECTED_ATTR, selected);
    return;
  }
  components = message.components as typeof components;
  const drawn = draw(message, { root, sheet });
  prefixes = drawn.prefixes;
  mark(root, SELECTED_ATTR, selected);
  send(
    canvasMessage.rendered({
      id: message.id,
      height: height(),
      warnings: drawn.warnings,
      error: drawn.error,
    }),
  );
});

let reported = -1;
new ResizeObserver(() => {
  const h = height();
  if (h !== reported) send(canvasMessage.resize(h));
  reported = h;
}).observe(root);

watchPointer(
  root,
  () => prefixes,
  (action, node) => send(canvasMessage.pointer(action, node)),
);

send(canvasMessage.ready());
