/** @jsxImportSource hono/jsx/dom */
import { useEffect, useRef, useState } from 'hono/jsx/dom';
import type { AssetView } from '../../../core/procedures/asset-view.ts';
import { ACCEPT_ATTRIBUTE, formatBytes, uploadProblem } from '../../logic/upload-check.ts';
import { describeError, rpc } from '../rpc.ts';
import type { ViewProps } from '../view-props.ts';
import { AssetDetail } from './asset-detail.tsx';
import { uploadFile } from './upload.ts';

interface Upload {
  key: number;
  name: string;
  /** 0–1 while sending; null once refused. */
  progress: number | null;
  error: string | null;
}

let uploadKeys = 0;

/**
 * The media library: uploads by drop or the file picker (each with its progress, or why it was refused),
 * the space's assets as a searchable grid, and the chosen asset's alt text, focal point, uses and delete.
 */
export function MediaView(props: ViewProps) {
  const space = props.space.name;
  const writable = props.can('space:write');
  const [assets, setAssets] = useState<AssetView[]>([]);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const picker = useRef<HTMLInputElement | null>(null);
  const asked = useRef(0);

  const load = async (query = search) => {
    const n = ++asked.current;
    try {
      const body = await rpc<{ items: AssetView[] }>('assets.list', {
        space,
        limit: 200,
        ...(query.trim() ? { search: query.trim() } : {}),
      });
      // A slower answer to an older search must not replace a newer one.
      if (n !== asked.current) return;
      setAssets(body.items);
      setLoadError(null);
    } catch (err) {
      setLoadError(describeError(err));
    }
  };
  useEffect(() => {
    void load('');
  }, [space]);

  const patchUpload = (key: number, change: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  const send = async (files: File[]) => {
    for (const file of files) {
      const key = ++uploadKeys;
      const problem = uploadProblem(file, null);
      setUploads((list) => [...list, { key, name: file.name, progress: problem ? null : 0, error: problem }]);
      if (problem) continue;
      try {
        const asset = await uploadFile(space, file, (p) => patchUpload(key, { progress: p }));
        setUploads((list) => list.filter((u) => u.key !== key));
        setSelected(asset.id);
        await load();
      } catch (err) {
        patchUpload(key, { progress: null, error: err instanceof Error ? err.message : String(err) });
      }
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void send([...(e.dataTransfer?.files ?? [])]);
  };
  const current = assets.find((a) => a.id === selected) ?? null;

  return (
    <div class="media-view">
      <section class="media-library" aria-labelledby="media-title">
        <h1 id="media-title">Media library</h1>
        {writable && (
          <section
            aria-label="Upload files"
            class={`drop-zone${dragging ? ' dragging' : ''}`}
            onDragOver={(e: DragEvent) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
          >
            <p>Drop files here, or</p>
            <button type="button" onClick={() => picker.current?.click()}>
              Choose files…
            </button>
            <input
              ref={picker}
              id="media-file"
              class="visually-hidden"
              type="file"
              multiple
              accept={ACCEPT_ATTRIBUTE}
              tabIndex={-1}
              aria-label="Files to upload"
              onChange={(e: Event) => {
                const input = e.target as HTMLInputElement;
                void send([...(input.files ?? [])]);
                input.value = '';
              }}
            />
          </section>
        )}
        {uploads.length > 0 && (
          <ul class="uploads" aria-label="Uploads">
            {uploads.map((u) => (
              <li key={u.key} class={u.error ? 'upload-error' : ''}>
                {u.error ? (
                  <>
                    <span role="alert">{u.error}</span>
                    <button
                      type="button"
                      onClick={() => setUploads((list) => list.filter((x) => x.key !== u.key))}
                    >
                      Dismiss
                    </button>
                  </>
                ) : (
                  <>
                    <label for={`upload-${u.key}`}>{u.name}</label>
                    <progress id={`upload-${u.key}`} max={1} value={u.progress ?? 0} />
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
        <div class="row media-search">
          <label for="media-search">Search</label>
          <input
            id="media-search"
            type="search"
            value={search}
            placeholder="File name or alt text"
            onInput={(e: Event) => {
              const v = (e.target as HTMLInputElement).value;
              setSearch(v);
              void load(v);
            }}
          />
        </div>
        {loadError && <p role="alert">{loadError}</p>}
        <p class="hint" aria-live="polite">
          {assets.length === 1 ? '1 file' : `${assets.length} files`}
          {search.trim() ? ` matching “${search.trim()}”` : ''}
        </p>
        <ul class="media-grid" aria-label="Files">
          {assets.map((a) => (
            <li key={a.id}>
              <button
                type="button"
                aria-pressed={a.id === selected ? 'true' : 'false'}
                onClick={() => setSelected(a.id)}
              >
                {a.mimeType.startsWith('image/') ? (
                  <img src={`/media/${a.id}/original`} alt="" loading="lazy" />
                ) : (
                  <span class="file-kind">{a.mimeType.split('/')[1]?.toUpperCase()}</span>
                )}
                <span class="file-name">{a.filename}</span>
                <span class="hint">
                  {formatBytes(a.size)}
                  {a.usedBy.total > 0 ? ` · used ${a.usedBy.total}×` : ''}
                  {a.mimeType.startsWith('image/') && !a.alt ? ' · no alt text' : ''}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </section>
      {current && (
        <AssetDetail
          key={current.id}
          asset={current}
          space={space}
          writable={writable}
          onChanged={(next) => setAssets((list) => list.map((a) => (a.id === next.id ? next : a)))}
          onDeleted={() => {
            setSelected(null);
            void load();
          }}
        />
      )}
    </div>
  );
}
