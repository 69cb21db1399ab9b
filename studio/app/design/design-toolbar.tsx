/** @jsxImportSource hono/jsx/dom */
import { type SaveStatus, statusLine, type summarize } from '../../logic/draft-state.ts';
import { canRedo, canUndo, type History, redo, undo } from '../../logic/history.ts';
import type { Viewport } from '../canvas-pane.tsx';
import type { Preview } from './design-view.tsx';

type Working = Record<string, unknown>;

export interface DesignToolbarProps {
  preview: Preview | null;
  docId: string | null;
  onDoc: (id: string) => void;
  viewport: Viewport;
  onViewport: (v: Viewport) => void;
  history: History<Working>;
  setHistory: (f: (h: History<Working>) => History<Working>) => void;
  onShare: () => void;
  onPublish: () => void;
  canPublish: boolean;
  summary: ReturnType<typeof summarize>;
  save: SaveStatus;
  lastPaint: number | null;
  message: string | null;
  share: string | null;
}

/** The design view's bar: the document previewed, the canvas width, undo / redo, share and publish. */
export function DesignToolbar(p: DesignToolbarProps) {
  return (
    <section class="view-bar" aria-label="Design tools">
      <div class="toolbar">
        <div class="pickers">
          <label for="pick-document">Preview</label>
          <select id="pick-document" onChange={(e: Event) => p.onDoc((e.target as HTMLSelectElement).value)}>
            {(p.preview?.documents ?? []).map((d) => (
              <option key={d.id} value={d.id} selected={d.id === p.docId}>
                {d.title} ({d.type})
              </option>
            ))}
          </select>
        </div>
        <ViewportButtons viewport={p.viewport} onViewport={p.onViewport} />
        <div class="actions">
          <button
            type="button"
            disabled={!canUndo(p.history)}
            onClick={() => p.setHistory((h) => undo(h))}
            aria-keyshortcuts="Control+Z"
          >
            Undo
          </button>
          <button
            type="button"
            disabled={!canRedo(p.history)}
            onClick={() => p.setHistory((h) => redo(h))}
            aria-keyshortcuts="Control+Shift+Z"
          >
            Redo
          </button>
          <button type="button" onClick={p.onShare}>
            Share preview
          </button>
          <button type="button" class="primary" id="publish" disabled={!p.canPublish} onClick={p.onPublish}>
            Publish
          </button>
        </div>
      </div>
      <p class="status" role="status" aria-live="polite" id="status">
        <span class={p.summary.unpublished.length > 0 ? 'dot unpublished' : 'dot'} aria-hidden="true" />
        {statusLine(p.summary, p.save)}
        {p.lastPaint !== null ? <span class="paint"> · canvas {p.lastPaint} ms</span> : null}
      </p>
      {p.message ? (
        <p class="message" role="alert" id="message">
          {p.message}
        </p>
      ) : null}
      {p.share ? (
        <p class="share">
          Share link (drafts on the real site):{' '}
          <a href={p.share} target="_blank" rel="noopener noreferrer" id="share-link">
            {p.share}
          </a>
        </p>
      ) : null}
    </section>
  );
}

export function ViewportButtons(p: { viewport: Viewport; onViewport: (v: Viewport) => void }) {
  return (
    <fieldset class="viewports">
      <legend class="visually-hidden">Canvas width</legend>
      {(['desktop', 'tablet', 'mobile'] as const).map((v) => (
        <button
          key={v}
          type="button"
          aria-pressed={p.viewport === v ? 'true' : 'false'}
          onClick={() => p.onViewport(v)}
        >
          {v}
        </button>
      ))}
    </fieldset>
  );
}
