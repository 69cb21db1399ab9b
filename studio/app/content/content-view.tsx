/** @jsxImportSource hono/jsx/dom */
import { useEffect, useRef, useState } from 'hono/jsx/dom';
import type { ListedDoc, MoveCall, Scheduled } from '../../logic/doc-tree.ts';
import { cleanFields, parseTags, tagsText } from '../../logic/form-model.ts';
import { publishChanges } from '../../logic/publish-changes.ts';
import {
  edited,
  emptyQueue,
  failed,
  hasUnsaved,
  nextToSend,
  resolved,
  retryDelayMs,
  type SaveQueue,
  saveLabel,
  sent,
} from '../../logic/save-queue.ts';
import { sendRender } from '../canvas-components.ts';
import { type CanvasControl, CanvasPane, renderId } from '../canvas-pane.tsx';
import type { Preview } from '../design/design-view.tsx';
import { describeError, rpc } from '../rpc.ts';
import type { ViewProps } from '../view-props.ts';
import { ConflictView } from './conflict-view.tsx';
import {
  type DocumentView,
  isConflict,
  isNetworkFailure,
  loadAssets,
  loadDocs,
  loadScheduled,
  type Model,
} from './content-data.ts';
import { DocTreePane } from './doc-tree-pane.tsx';
import type { FieldContext } from './field-context.ts';
import { FieldsForm } from './field-form.tsx';
import { conflictNames } from './pickers.tsx';
import { renderMessage } from './preview-overlay.ts';
import { PublishPanel, type Snapshot } from './publish-panel.tsx';
import { useSaveGuards } from './save-guards.ts';

/**
 * The content view: the document tree, the form of the chosen document in the shell's locale, and the
 * canvas showing its draft with its real page design as the editor types. Drafts save themselves a moment
 * after the last keystroke through a retry queue (studio/logic/save-queue.ts); a 409 shows both versions.
 */

const SAVE_DELAY_MS = 600;
const failure = (err: unknown) => ({ text: describeError(err), error: true });
type Draft = Snapshot & { id: string; locale: string };

export default function ContentView({ boot, space: spaceInfo, locale }: ViewProps) {
  const space = spaceInfo.name;
  const [model, setModel] = useState<Model | null>(null);
  const [docs, setDocs] = useState<ListedDoc[]>([]);
  const [scheduled, setScheduled] = useState<Scheduled[]>([]);
  const [ctxExtra, setCtxExtra] = useState<Pick<FieldContext, 'assets' | 'variants'>>({
    assets: [],
    variants: {},
  });
  const [selected, setSelected] = useState<string | null>(null);
  const [doc, setDoc] = useState<DocumentView | null>(null);
  const [working, setWorking] = useState<Draft | null>(null);
  const [queue, setQueueState] = useState<SaveQueue<Draft>>(emptyQueue());
  const [theirs, setTheirs] = useState<Snapshot | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [share, setShare] = useState<string | null>(null);
  const [lastPaint, setLastPaint] = useState<number | null>(null);
  const q = useRef(queue);
  const revision = useRef(0);
  const workingRef = useRef<Draft | null>(null);
  const canvas = useRef<CanvasControl | null>(null);
  const saveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const setQueue = (next: SaveQueue<Draft>) => {
    q.current = next;
    setQueueState(next);
  };
  const typeOf = (type: string) => model?.contentTypes.find((t) => t.name === type);
  const blockDefs = Object.fromEntries((model?.blockTypes ?? []).map((b) => [b.name, b.fields]));

  const refreshList = async (m = model) => {
    if (!m) return;
    const [d, s] = await Promise.all([loadDocs(space, m), loadScheduled(space).catch(() => [])]);
    setDocs(d);
    setScheduled(s);
  };
  useEffect(() => {
    (async () => {
      try {
        const m = await rpc<Model>('studio.contentModel', { space });
        setModel(m);
        await refreshList(m);
        const [assets, p] = await Promise.all([
          loadAssets(space),
          rpc<Preview>('studio.preview', { space, locale }),
        ]);
        const variants: Record<string, string[]> = {};
        for (const d of p.designs)
          if (d.kind === 'block')
            variants[d.key] = Object.keys((d.published as { variants?: object })?.variants ?? {});
        setCtxExtra({ assets, variants });
      } catch (err) {
        setMessage(failure(err));
      }
    })();
  }, [space]);

  // The chosen document in the locale: the draft, else the live version, else an empty one to write.
  const openDoc = async (id: string) => {
    const d = await rpc<DocumentView>('content.get', { space, id });
    revision.current = d.revision;
    setDoc(d);
    const v = d.locales[locale]?.draft ?? d.locales[locale]?.published;
    const w: Draft = {
      id,
      locale,
      title: v?.title ?? '',
      slug: v?.slug ?? '',
      tags: d.tags,
      fields: v?.fields ?? {},
    };
    workingRef.current = w;
    setWorking(w);
    setQueue(emptyQueue());
    setTheirs(null);
    setShare(null);
    void loadPreview(id);
  };
  const loadPreview = async (id: string) => {
    try {
      setPreview(await rpc<Preview>('studio.preview', { space, locale, id, draft: true }));
    } catch {
      setPreview(null);
    }
  };
  useEffect(() => {
    if (selected) openDoc(selected).catch((err) => setMessage(failure(err)));
  }, [selected, locale]);

  const renderCanvas = () => {
    const w = workingRef.current;
    if (!preview?.content || !w) return;
    const defs = typeOf(preview.content.document.type)?.fields ?? [];
    void sendRender(canvas.current, { id: renderId(), ...renderMessage(preview, w, defs, locale) }, renders);
  };
  const renders = useRef(0);
  const latestRender = useRef(renderCanvas);
  latestRender.current = renderCanvas;
  useEffect(() => renderCanvas(), [preview]);

  // Saving: the newest snapshot, once; offline it waits and tries again, on the `online` event too.
  const flush = async (): Promise<void> => {
    const { queue: next, send } = nextToSend(q.current);
    if (!send) return;
    setQueue(next);
    const defs = typeOf(doc?.type ?? '')?.fields ?? [];
    try {
      const saved = await rpc<DocumentView>('content.update', {
        space,
        id: send.id,
        locale: send.locale,
        revision: revision.current,
        ...(send.title.trim() ? { title: send.title.trim() } : {}),
        fields: cleanFields(send.fields, defs, blockDefs),
        tags: send.tags,
      });
      revision.current = saved.revision;
      setDoc(saved);
      setQueue(sent(q.current));
      if (q.current.pending) return flushRef.current();
      void loadPreview(send.id);
      void refreshList();
    } catch (err) {
      if (isConflict(err)) {
        setQueue(failed(q.current, { kind: 'conflict' }));
        const current = await rpc<DocumentView>('content.get', { space, id: send.id });
        const v = current.locales[send.locale]?.draft ?? current.locales[send.locale]?.published;
        setTheirs({
          title: v?.title ?? '',
          slug: v?.slug ?? '',
          tags: current.tags,
          fields: v?.fields ?? {},
        });
        setDoc(current);
      } else if (isNetworkFailure(err)) {
        setQueue(failed(q.current, { kind: 'network' }));
        saveTimer.current = setTimeout(() => void flushRef.current(), retryDelayMs(q.current.failures));
      } else setQueue(failed(q.current, { kind: 'refused', message: describeError(err) }));
    }
  };
  // Listeners and timers call the newest flush (this render's model, document and space).
  const flushRef = useRef(flush);
  flushRef.current = flush;
  useSaveGuards(
    () => hasUnsaved(q.current),
    () => void flushRef.current(),
  );

  const edit = (patch: Partial<Snapshot>) => {
    const w = workingRef.current;
    if (!w) return;
    const next = { ...w, ...patch };
    workingRef.current = next;
    setWorking(next);
    setQueue(edited(q.current, next));
    canvas.current?.markInput();
    latestRender.current();
    if (saveTimer.current) clearTimeout(saveTimer.current);
    saveTimer.current = setTimeout(() => void flushRef.current(), SAVE_DELAY_MS);
  };

  const act = async (what: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      if (saveTimer.current) clearTimeout(saveTimer.current);
      await flush();
      if (hasUnsaved(q.current)) throw new Error('The draft is not saved yet.');
      await what();
      setMessage({ text: done, error: false });
      if (selected) await openDoc(selected);
      await refreshList();
    } catch (err) {
      setMessage(failure(err));
    } finally {
      setBusy(false);
    }
  };
  const onCreate = (type: string, title: string, parentId: string | null) =>
    act(async () => {
      const created = await rpc<DocumentView>('content.create', {
        space,
        type,
        locale,
        title,
        ...(parentId ? { parentId } : {}),
      });
      setSelected(created.id);
    }, `Created the draft “${title}”.`);
  const onDelete = (id: string) =>
    act(async () => {
      await rpc('content.delete', { space, id, withChildren: true });
      setSelected(null);
      setDoc(null);
      setWorking(null);
      workingRef.current = null;
    }, 'Deleted.');
  const onMove = (calls: MoveCall[]) =>
    act(async () => {
      for (const c of calls) await rpc('content.move', { space, ...c });
    }, 'Moved.');

  const type = doc ? typeOf(doc.type) : undefined;
  const version = doc?.locales[locale];
  const draftNow = working
    ? {
        title: working.title,
        slug: working.slug || version?.draft?.slug || '',
        fields: cleanFields(working.fields, type?.fields ?? [], blockDefs),
      }
    : null;
  const changes =
    version?.draft || queue.view !== 'saved'
      ? publishChanges(draftNow, version?.published ?? null, type?.fields ?? [])
      : [];
  const ctx: FieldContext = { locale, blockTypes: model?.blockTypes ?? [], docs, ...ctxExtra };

  return (
    <div class="content-view">
      <section class="view-bar" aria-label="Content status">
        <p class="status" role="status" aria-live="polite" id="save-state" data-state={queue.view}>
          <span class={`dot save-${queue.view}`} aria-hidden="true" />
          {working ? saveLabel(queue) : 'Pick a document or create one.'}
          {lastPaint !== null ? <span class="paint"> · canvas {lastPaint} ms</span> : null}
        </p>
        {message ? (
          <p
            class={message.error ? 'message' : 'notice'}
            role={message.error ? 'alert' : 'status'}
            id="content-message"
          >
            {message.text}
          </p>
        ) : null}
      </section>
      <div class="panes content-panes">
        <DocTreePane
          docs={docs}
          scheduled={scheduled}
          locale={locale}
          types={model?.contentTypes ?? []}
          selected={selected}
          onSelect={setSelected}
          onCreate={onCreate}
          onDelete={onDelete}
          onMove={onMove}
        />
        <main class="editor" aria-label="Document">
          {working && doc && type ? (
            <form class="doc-form" onSubmit={(e: Event) => e.preventDefault()}>
              {theirs ? (
                <ConflictView
                  mine={working}
                  theirs={theirs}
                  defs={type.fields}
                  names={conflictNames(ctx)}
                  onKeepMine={() => {
                    setTheirs(null);
                    revision.current = doc.revision;
                    setQueue(resolved(q.current, workingRef.current));
                    void flush();
                  }}
                  onTakeTheirs={() => {
                    const w = { ...working, ...theirs };
                    workingRef.current = w;
                    setWorking(w);
                    setTheirs(null);
                    revision.current = doc.revision;
                    setQueue(resolved(q.current, null));
                    void loadPreview(doc.id);
                  }}
                />
              ) : null}
              <h2 class="doc-heading">
                {type.title} · {locale}
              </h2>
              <div class="field">
                <label for="doc-title">Title</label>
                <input
                  id="doc-title"
                  type="text"
                  value={working.title}
                  onInput={(e: Event) => edit({ title: (e.target as HTMLInputElement).value })}
                />
              </div>
              <div class="field">
                <label for="doc-tags">Tags (comma between)</label>
                <input
                  id="doc-tags"
                  type="text"
                  value={tagsText(working.tags)}
                  onChange={(e: Event) => edit({ tags: parseTags((e.target as HTMLInputElement).value) })}
                />
              </div>
              <FieldsForm
                key={`${doc.id}/${locale}`}
                defs={type.fields}
                values={working.fields}
                idPrefix="f"
                ctx={ctx}
                onChange={(name, v) => edit({ fields: { ...workingRef.current!.fields, [name]: v } })}
              />
              <PublishPanel
                locale={locale}
                changes={changes}
                published={!!version?.published}
                busy={busy}
                scheduled={scheduled.filter((s) => s.id === doc.id && s.locale === locale)}
                onPublish={(at) =>
                  act(
                    () =>
                      rpc('content.publish', { space, id: doc.id, locale, ...(at ? { publishAt: at } : {}) }),
                    at ? `Scheduled for ${new Date(at).toLocaleString()}.` : 'Published: the site shows it.',
                  )
                }
                onUnpublish={() =>
                  act(() => rpc('content.unpublish', { space, id: doc.id, locale }), 'Unpublished.')
                }
                onUnschedule={(s) =>
                  act(
                    () => rpc('content.unschedule', { space, id: doc.id, locale, action: s.action }),
                    'Schedule cancelled.',
                  )
                }
                onShare={() =>
                  rpc<{ url: string }>('plugins.website.share.create', { space, id: doc.id, locale }).then(
                    (r) => setShare(r.url),
                    (err) => setMessage(failure(err)),
                  )
                }
                share={share}
              />
            </form>
          ) : (
            <p class="hint">Pick a document in the tree, or create one.</p>
          )}
        </main>
        <CanvasPane
          siteUrl={boot.siteUrl}
          viewport="desktop"
          control={canvas}
          onReady={() => latestRender.current()}
          onPaint={setLastPaint}
          label="Preview"
          region
        />
      </div>
    </div>
  );
}
