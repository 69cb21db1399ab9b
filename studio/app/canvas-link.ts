/**
 * The studio's side of the canvas protocol (docs/canvas-protocol.md): it talks only to the frame it
 * made, only with the canvas's origin, and hears only messages from that frame and origin.
 */

export const PROTOCOL = 'verso-canvas';

export interface NodeRef {
  kind: 'layout' | 'page' | 'block' | 'menu';
  key: string;
  variant?: string;
  id: string;
}

export type FromCanvas =
  | { type: 'ready'; versions: number[] }
  | {
      type: 'rendered';
      id: string;
      height: number;
      warnings: Array<{ node: NodeRef; message: string }>;
      error: string | null;
    }
  | { type: 'resize'; height: number }
  | { type: 'pointer'; action: 'hover' | 'click'; node: NodeRef | null };

export interface CanvasLink {
  send(type: 'render' | 'select', fields: Record<string, unknown>): void;
  close(): void;
}

export function linkCanvas(
  frame: HTMLIFrameElement,
  origin: string,
  onMessage: (m: FromCanvas) => void,
): CanvasLink {
  const listener = (event: MessageEvent) => {
    if (event.source !== frame.contentWindow || event.origin !== origin) return;
    const data = event.data as { protocol?: unknown; version?: unknown; type?: unknown } | null;
    if (!data || data.protocol !== PROTOCOL || data.version !== 1 || typeof data.type !== 'string') return;
    onMessage(data as FromCanvas);
  };
  window.addEventListener('message', listener);
  return {
    send(type, fields) {
      frame.contentWindow?.postMessage({ protocol: PROTOCOL, version: 1, type, ...fields }, origin);
    },
    close() {
      window.removeEventListener('message', listener);
    },
  };
}
