/** @jsxImportSource hono/jsx/dom */
import { useState } from 'hono/jsx/dom';
import type { Scheduled } from '../../logic/doc-tree.ts';
import { fromDateTimeLocal } from '../../logic/form-model.ts';

/**
 * Publish, Unpublish and Schedule of the document in the view's locale. What will change is listed first
 * (studio/logic/publish-changes.ts); the button says what it does. Scheduled runs of this document are
 * listed with a way to cancel each.
 */
export function PublishPanel(p: {
  locale: string;
  changes: string[];
  published: boolean;
  busy: boolean;
  scheduled: Scheduled[];
  onPublish: (at: string | null) => void;
  onUnpublish: () => void;
  onUnschedule: (s: Scheduled) => void;
  onShare: () => void;
  share: string | null;
}) {
  const [when, setWhen] = useState('');
  const at = fromDateTimeLocal(when);
  return (
    <section class="publish" aria-labelledby="publish-title">
      <h2 id="publish-title">Publishing ({p.locale})</h2>
      {p.changes.length > 0 ? (
        <>
          <p>Publishing will change:</p>
          <ul id="publish-changes">
            {p.changes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </>
      ) : (
        <p class="hint">{p.published ? 'The live version is this draft.' : 'Nothing to publish yet.'}</p>
      )}
      <div class="row-buttons">
        <button
          type="button"
          class="primary"
          id="publish-doc"
          disabled={p.busy || p.changes.length === 0}
          onClick={() => p.onPublish(null)}
        >
          Publish now
        </button>
        <button type="button" id="unpublish-doc" disabled={p.busy || !p.published} onClick={p.onUnpublish}>
          Unpublish
        </button>
      </div>
      <div class="row">
        <label for="schedule-at">Publish at</label>
        <input
          id="schedule-at"
          type="datetime-local"
          value={when}
          onInput={(e: Event) => setWhen((e.target as HTMLInputElement).value)}
        />
        <button
          type="button"
          id="schedule-doc"
          disabled={p.busy || !at || p.changes.length === 0}
          onClick={() => at && p.onPublish(at)}
        >
          Schedule
        </button>
      </div>
      {p.scheduled.length > 0 ? (
        <ul class="scheduled">
          {p.scheduled.map((s) => (
            <li key={`${s.action}${s.at}`}>
              {s.action === 'publish' ? 'Publishes' : 'Unpublishes'} {new Date(s.at).toLocaleString()}{' '}
              <button type="button" class="small" onClick={() => p.onUnschedule(s)}>
                Cancel
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <button type="button" id="share-doc" onClick={p.onShare}>
        Share preview
      </button>
      {p.share ? (
        <p class="share">
          <a href={p.share} target="_blank" rel="noopener noreferrer" id="doc-share-link">
            {p.share}
          </a>
        </p>
      ) : null}
    </section>
  );
}

export interface Snapshot {
  title: string;
  slug: string;
  tags: Array<{ name: string; slug: string }>;
  fields: Record<string, unknown>;
}
