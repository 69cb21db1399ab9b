/** @jsxImportSource hono/jsx/dom */

/** One published revision of a space's designs, as `designs.revisions` lists it. */
export interface Revision {
  revision?: number;
  id?: number | string;
  number?: number;
  createdAt?: string;
  by?: string;
  createdBy?: string;
  summary?: string;
  changes?: unknown;
  /** The live revision (designs.revisions marks it). */
  current?: boolean;
}

export const revisionNumber = (r: Revision) => r.revision ?? r.number ?? r.id;

/** Newest first, as an editor reads a history: the live revision on top, the one before it second. */
export function newestFirst(list: Revision[]): Revision[] {
  const n = (r: Revision) => Number(revisionNumber(r));
  return list.every((r) => Number.isFinite(n(r))) ? [...list].sort((a, b) => n(b) - n(a)) : list;
}

/** A design's text in the preview's locale: plain, or from its per-locale map (else its first locale). */
export function textIn(value: unknown, locale: string): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const map = value as Record<string, string>;
    return map[locale] ?? Object.values(map)[0] ?? '';
  }
  return '';
}

export function RevisionsList(props: { revisions: Revision[]; onRestore: (n: number | string) => void }) {
  return (
    <section aria-labelledby="revisions-title" class="revisions">
      <h2 id="revisions-title">Revisions</h2>
      {props.revisions.length === 0 ? <p class="hint">No revisions yet.</p> : null}
      <ol>
        {props.revisions.slice(0, 20).map((r, i) => {
          const n = revisionNumber(r);
          const changes = Array.isArray(r.changes) ? r.changes.filter((c) => typeof c === 'string') : [];
          const summary = typeof r.summary === 'string' ? r.summary : changes.slice(0, 3).join(', ') || null;
          const live = r.current ?? i === 0;
          return (
            <li key={String(n)}>
              <span>
                Revision {String(n)}
                {live ? ' (live)' : ''}
                {r.createdAt ? ` · ${new Date(r.createdAt).toLocaleString()}` : ''}
                {(r.by ?? r.createdBy) ? ` · ${r.by ?? r.createdBy}` : ''}
                {summary ? ` · ${summary}` : ''}
              </span>
              <button
                disabled={live}
                type="button"
                onClick={() => n !== undefined && props.onRestore(n)}
                aria-label={`Restore revision ${String(n)}`}
              >
                Restore
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
