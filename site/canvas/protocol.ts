import type { DesignRef } from '../../styles/class-names.ts';

/**
 * The canvas message protocol (docs/canvas-protocol.md): what the canvas sends the admin. Every message,
 * both ways, is an object `{ protocol: 'verso-canvas', version, type, … }`; the admin's messages are
 * parsed in admin-messages.ts. Pure, so the browser app and the tests share it.
 */

export const CANVAS_PROTOCOL = 'verso-canvas';

/** The protocol versions this canvas speaks; `ready` announces them. */
export const CANVAS_VERSIONS = [1] as const;
export type CanvasVersion = (typeof CANVAS_VERSIONS)[number];

/** A design node: the design it belongs to (kind, key, block variant) and its id in that tree. */
export interface NodeRef {
  kind: DesignRef['kind'];
  key: string;
  variant?: string;
  id: string;
}

/** A node the render left out (a binding to a missing field, a block type without design, …). */
export interface CanvasWarning {
  node: NodeRef;
  message: string;
}

interface Envelope<T extends string> {
  protocol: typeof CANVAS_PROTOCOL;
  version: CanvasVersion;
  type: T;
}

/** Sent once when the app starts, to the framing admin: it may send `render` from now on. */
export interface ReadyMessage extends Envelope<'ready'> {
  versions: readonly CanvasVersion[];
}

/** The answer to each `render`: its `id`, the height of what was drawn, and what went wrong. */
export interface RenderedMessage extends Envelope<'rendered'> {
  id: string;
  height: number;
  warnings: CanvasWarning[];
  /** The stylesheet did not compile (the nodes show unstyled) or nothing could be drawn; else null. */
  error: string | null;
}

/** The canvas's height changed (images loaded, fonts swapped, a new render). */
export interface ResizeMessage extends Envelope<'resize'> {
  height: number;
}

/** The editor clicked or hovered a node (null: hovering nothing that belongs to a design). */
export interface PointerMessage extends Envelope<'pointer'> {
  action: 'click' | 'hover';
  node: NodeRef | null;
}

export type CanvasMessage = ReadyMessage | RenderedMessage | ResizeMessage | PointerMessage;

type Body<M extends CanvasMessage> = Omit<M, keyof Envelope<string>>;

function envelope<T extends CanvasMessage['type']>(type: T): Envelope<T> {
  return { protocol: CANVAS_PROTOCOL, version: 1, type };
}

export const canvasMessage = {
  ready: (): ReadyMessage => ({ ...envelope('ready'), versions: CANVAS_VERSIONS }),
  rendered: (body: Body<RenderedMessage>): RenderedMessage => ({ ...envelope('rendered'), ...body }),
  resize: (height: number): ResizeMessage => ({ ...envelope('resize'), height }),
  pointer: (action: PointerMessage['action'], node: NodeRef | null): PointerMessage => ({
    ...envelope('pointer'),
    action,
    node,
  }),
};
