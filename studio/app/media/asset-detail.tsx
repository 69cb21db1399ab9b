/** @jsxImportSource hono/jsx/dom */
import { useEffect, useState } from 'hono/jsx/dom';
import type { AssetUses } from '../../../core/procedures/asset-uses.ts';
import type { AssetView } from '../../../core/procedures/asset-view.ts';
import { type Focal, focalFromClick, focalFromKey, focalWords } from '../../logic/focal-point.ts';
import { formatBytes } from '../../logic/upload-check.ts';
import { describeError, RpcError, rpc } from '../rpc.ts';

export interface AssetDetailProps {
  asset: AssetView;
  space: string;
  writable: boolean;
  onChanged: (asset: AssetView) => void;
  onDeleted: () => void;
}

/** Why the asset cannot be deleted, in words, from what uses it; null when nothing does. */
export function inUseWords(uses: AssetUses): string | null {
  const names = [
    ...uses.documents.map((d) => `“${d.title || d.id}”${d.published ? '' : ' (draft)'}`),
    ...uses.users.map((u) => `the avatar of ${u.name}`),
    ...uses.other,
  ];
  if (names.length === 0) return null;
  const more = uses.documentCount - uses.documents.length;
  return `Used by ${names.join(', ')}${more > 0 ? ` and ${more} more documents` : ''}: remove it there before deleting it.`;
}

/**
 * One asset: its alt text, its focal point (a click on the image, or the arrow keys on it), what uses it
 * and delete, which the server refuses while anything does: the view says why before and after asking.
 */
export function AssetDetail(props: AssetDetailProps) {
  const a = props.asset;
  const isImage = a.mimeType.startsWith('image/');
  const [alt, setAlt] = useState(a.alt);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [uses, setUses] = useState<AssetUses | null>(null);

  useEffect(() => {
    rpc<AssetUses>('assets.uses', { space: props.space, id: a.id })
      .then(setUses)
      .catch((err) => setError(describeError(err)));
  }, [a.id, a.usedBy.total]);

  const update = async (change: { alt?: string; focalPoint?: Focal | null }, done: string) => {
    setStatus('Saving…');
    setError(null);
    try {
      props.onChanged(await rpc<AssetView>('assets.update', { space: props.space, id: a.id, ...change }));
      setStatus(done);
    } catch (err) {
      setStatus('');
      setError(describeError(err));
    }
  };
  const setFocal = (p: Focal) => void update({ focalPoint: p }, `Focal point set: ${focalWords(p)}.`);

  const remove = async () => {
    if (!confirm(`Delete “${a.filename}”? This cannot be undone.`)) return;
    setError(null);
    try {
      await rpc('assets.delete', { space: props.space, id: a.id });
      props.onDeleted();
    } catch (err) {
      // The refusal names what uses it (and may know of a use this view had not loaded).
      setError(err instanceof RpcError && err.key === 'asset.inUse' ? err.message : describeError(err));
    }
  };
  const blocked = uses ? inUseWords(uses) : null;

  return (
    <section class="asset-detail" aria-labelledby="asset-title">
      <h2 id="asset-title">{a.filename}</h2>
      <p class="hint">
        {a.mimeType} · {formatBytes(a.size)}
        {a.width && a.height ? ` · ${a.width}×${a.height}` : ''}
      </p>
      {isImage && (
        <div class="focal">
          <button
            type="button"
            class="focal-picker"
            disabled={!props.writable}
            aria-describedby="focal-help"
            onClick={(e: MouseEvent) => {
              const img = (e.currentTarget as HTMLElement).querySelector('img');
              // A click from the keyboard (Enter, Space) has no position: the arrow keys move the point.
              if (!img || e.detail === 0) return;
              setFocal(focalFromClick(e.clientX, e.clientY, img.getBoundingClientRect()));
            }}
            onKeyDown={(e: KeyboardEvent) => {
              const next = focalFromKey(a.focalPoint, e.key, e.shiftKey);
              if (!next) return;
              e.preventDefault();
              setFocal(next);
            }}
          >
            <img src={`/media/${a.id}/original`} alt={a.alt || `Preview of ${a.filename}`} />
            {a.focalPoint && (
              <span
                class="focal-mark"
                aria-hidden="true"
                style={{ left: `${a.focalPoint.x * 100}%`, top: `${a.focalPoint.y * 100}%` }}
              />
            )}
          </button>
          <p id="focal-help" class="hint">
            Focal point: {focalWords(a.focalPoint)}. Click the image where crops must keep it, or focus it and
            use the arrow keys (Shift for small steps).
          </p>
          {props.writable && a.focalPoint && (
            <button type="button" onClick={() => void update({ focalPoint: null }, 'Focal point cleared.')}>
              Clear focal point
            </button>
          )}
        </div>
      )}
      <form
        class="alt-form"
        onSubmit={(e: Event) => {
          e.preventDefault();
          void update({ alt }, 'Alt text saved.');
        }}
      >
        <label for="asset-alt">Alt text</label>
        <textarea
          id="asset-alt"
          rows={3}
          maxLength={1000}
          disabled={!props.writable}
          value={alt}
          onInput={(e: Event) => setAlt((e.target as HTMLTextAreaElement).value)}
        />
        <p class="hint">What the image shows, for people who cannot see it. Empty: decorative.</p>
        {props.writable && (
          <button type="submit" disabled={alt === a.alt}>
            Save alt text
          </button>
        )}
      </form>
      <p class="status" role="status">
        {status}
      </p>
      <h3>Used by</h3>
      {!uses ? (
        <p class="hint">Looking…</p>
      ) : (
        <ul class="uses" aria-label="Used by">
          {uses.documents.map((d) => (
            <li key={d.id}>
              {d.title || d.id} <span class="hint">{d.published ? 'published' : 'draft'}</span>
            </li>
          ))}
          {uses.users.map((u) => (
            <li key={u.id}>avatar of {u.name}</li>
          ))}
          {uses.other.map((o) => (
            <li key={o}>{o}</li>
          ))}
          {uses.documentCount > uses.documents.length && (
            <li>and {uses.documentCount - uses.documents.length} more documents</li>
          )}
          {!blocked && <li class="hint">Nothing uses this file.</li>}
        </ul>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {props.writable && (
        <>
          {blocked && !error && <p id="delete-blocked">{blocked}</p>}
          <button
            type="button"
            class="danger"
            aria-describedby={blocked && !error ? 'delete-blocked' : undefined}
            onClick={() => void remove()}
          >
            Delete file
          </button>
        </>
      )}
    </section>
  );
}
