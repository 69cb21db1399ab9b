/** @jsxImportSource hono/jsx/dom */
import { useEffect, useRef } from 'hono/jsx/dom';
import { type CanvasLink, type FromCanvas, linkCanvas } from './canvas-link.ts';

/**
 * The framed canvas (`/_cms/canvas` of the website process) that the design and the content views both
 * draw in: drawn at the viewport's real width and scaled down to fit the pane (as Webflow does), so
 * "desktop" shows the desktop layout even on a 1280-pixel screen. Each view says what to render; the
 * time from an edit to the frame's next paint is kept in `window.studioTimings` for the e2e run.
 */

export type Viewport = 'desktop' | 'tablet' | 'mobile';
/** The widths the canvas draws at: desktop, and inside the tablet (≤ 1023) and mobile (≤ 639) breakpoints. */
export const VIEWPORT_WIDTHS: Record<Viewport, number> = { desktop: 1280, tablet: 768, mobile: 375 };

const timings: number[] = [];
(window as unknown as { studioTimings: number[] }).studioTimings = timings;

export interface CanvasControl {
  /** Sends a message when the canvas has said `ready` (else it is sent again by `onReady`). */
  send(type: 'render' | 'select', fields: Record<string, unknown>): boolean;
  /** Marks an edit: the next `rendered` counts the time from now to its paint. */
  markInput(): void;
}

export interface CanvasPaneProps {
  siteUrl: string;
  viewport: Viewport;
  /** Called once the canvas is ready, and whenever it asks again: send the render now. */
  onReady: () => void;
  onMessage?: (m: FromCanvas) => void;
  /** The time of an edit to its paint (ms), after each measured render. */
  onPaint?: (ms: number) => void;
  control: { current: CanvasControl | null };
  label?: string;
  /** A region rather than the page's main landmark (the content view's main is the document's form). */
  region?: boolean;
}

export function CanvasPane(props: CanvasPaneProps) {
  const frame = useRef<HTMLIFrameElement | null>(null);
  const link = useRef<CanvasLink | null>(null);
  const ready = useRef(false);
  const pendingInput = useRef<number | null>(null);
  const pane = useRef<HTMLElement>(null);
  const height = useRef(600);
  const viewportRef = useRef<Viewport>(props.viewport);
  viewportRef.current = props.viewport;
  const latest = useRef(props);
  latest.current = props;

  const fitCanvas = () => {
    const f = frame.current;
    const p = pane.current;
    const box = f?.parentElement;
    // A view left behind (the shell switched tabs) may still hear its canvas once: nothing to fit then.
    if (!f || !p || !box || !f.isConnected) return;
    const width = VIEWPORT_WIDTHS[viewportRef.current];
    const scale = Math.min(1, (p.clientWidth - 32) / width);
    f.style.width = `${width}px`;
    f.style.height = `${height.current}px`;
    f.style.transform = scale < 1 ? `scale(${scale})` : '';
    box.style.width = `${Math.ceil(width * scale)}px`;
    box.style.height = `${Math.ceil(height.current * scale)}px`;
  };

  props.control.current = {
    send(type, fields) {
      if (!link.current || !ready.current) return false;
      link.current.send(type, fields);
      return true;
    },
    markInput() {
      pendingInput.current = performance.now();
    },
  };

  const onCanvas = (m: FromCanvas) => {
    if (m.type === 'ready') {
      ready.current = true;
      latest.current.onReady();
    } else if (m.type === 'rendered' || m.type === 'resize') {
      height.current = Math.max(m.height, 200);
      fitCanvas();
      if (m.type === 'rendered' && pendingInput.current !== null) {
        const started = pendingInput.current;
        pendingInput.current = null;
        // The frame paints in the next frame after it drew: count to then.
        requestAnimationFrame(() => {
          const ms = Math.round(performance.now() - started);
          timings.push(ms);
          latest.current.onPaint?.(ms);
        });
      }
    }
    latest.current.onMessage?.(m);
  };
  const onFrame = (el: HTMLIFrameElement | null) => {
    if (!el || link.current) return;
    frame.current = el;
    link.current = linkCanvas(el, new URL(props.siteUrl).origin, onCanvas);
  };
  useEffect(() => () => link.current?.close(), []);
  useEffect(() => {
    fitCanvas();
    const observer = new ResizeObserver(fitCanvas);
    if (pane.current) observer.observe(pane.current);
    return () => observer.disconnect();
  }, [props.viewport]);

  const box = (
    <div class="canvas-box">
      <iframe
        ref={onFrame}
        title="Canvas: the page as the site draws it"
        class="canvas"
        src={`${props.siteUrl}/_cms/canvas`}
      />
    </div>
  );
  return props.region ? (
    <section class="canvas-pane" aria-label={props.label ?? 'Canvas'} ref={pane} tabindex={0}>
      {box}
    </section>
  ) : (
    <main class="canvas-pane" aria-label={props.label ?? 'Canvas'} ref={pane} tabindex={0}>
      {box}
    </main>
  );
}

/** A request id for the canvas's `render` (its answer names it). */
export const renderId = () => `r${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
