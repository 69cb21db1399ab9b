/** @jsxImportSource hono/jsx/dom */
import { useEffect, useMemo, useRef, useState } from 'hono/jsx/dom';
import {
  defaultTheme,
  designRecordSchema,
  parseLeniently,
  type STYLE_STATES,
  type Theme,
} from '../../../core/designs/index.ts';
import {
  type DesignEntry,
  type DesignKind,
  entryKey,
  needsSave,
  type SaveStatus,
  sameJson,
  storedCopy,
  summarize,
} from '../../logic/draft-state.ts';
import { type History, historyOf, recordKey, redo, undo } from '../../logic/history.ts';
import { sendRender as drawAndSend } from '../canvas-components.ts';
import type { FromCanvas, NodeRef } from '../canvas-link.ts';
import { type CanvasControl, CanvasPane, renderId, type Viewport } from '../canvas-pane.tsx';
import { describeError, listOf, rpc } from '../rpc.ts';
import type { ViewProps } from '../view-props.ts';
import { useComponents } from './components.ts';
import { DesignNav } from './design-nav.tsx';
import { DesignProps } from './design-props.tsx';
import { DesignToolbar } from './design-toolbar.tsx';
import { newestFirst, type Revision } from './revisions.tsx';
import { canvasView, type Editing } from './views.ts';

/**
 * The design view: edit the theme and the designs of the space; the canvas (the website's `/_cms/canvas`,
 * framed) draws every edit at once. Edits are one undo history of the working copies of all designs;
 * drafts save on their own a moment after the last edit; Publish makes them live.
 */

export interface Preview {
  site: Record<string, unknown> & { firstMenu?: string };
  locale: string;
  fields: {
    contentTypes: Record<string, Array<{ name: string }>>;
    blockTypes: Record<string, Array<{ name: string }>>;
  };
  documents: Array<{ id: string; type: string; title: string; permalink: string }>;
  content:
    | (Record<string, unknown> & { document: { id: string; type: string; fields?: Record<string, unknown> } })
    | null;
  menus: string[];
  designs: Array<{ kind: DesignKind; key: string; published: unknown }>;
}

export type Base = Record<string, { kind: DesignKind; key: string; published: unknown; draft: unknown }>;
type Working = Record<string, unknown>;

const SAVE_DELAY_MS = 400;

export default function DesignView({ boot, space: spaceInfo, locale }: ViewProps) {
  const space = spaceInfo.name;
  const [docId, setDocId] = useState<string | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [base, setBase] = useState<Base>({});
  const [history, setHistory] = useState<History<Working>>(historyOf({}));
  const [editing, setEditing] = useState<Editing>({ kind: 'theme', key: 'default' });
  const [selected, setSelected] = useState<string | null>(null);
  const [hovered, setHovered] = useState<string | null>(null);
  const [viewport, setViewport] = useState<Viewport>('desktop');
  const [styleState, setStyleState] = useState<(typeof STYLE_STATES)[number]>('base');
  const [save, setSave] = useState<SaveStatus>('saved');
  const [message, setMessage] = useState<string | null>(null);
  const [revisions, setRevisions] = useState<Revision[]>([]);
  const [share, setShare] = useState<string | null>(null);
  const [lastPaint, setLastPaint] = useState<number | null>(null);
  /** What the canvas could not draw: nodes it left out, or a stylesheet that did not compile. */
  const [drawProblems, setDrawProblems] = useState<string[]>([]);
  const canvas = useRef<CanvasControl | null>(null);
  const latest = useRef<() => void>(() => {});
  const components = useComponents();
  const renders = useRef(0);

  const working = history.present;
  const entries: DesignEntry[] = useMemo(
    () =>
      Object.entries(base).map(([k, b]) => ({
        ...b,
        working: k in working ? working[k] : storedCopy(b),
      })),
    [base, working],
  );
  const summary = summarize(entries);
  const current = entries.find((e) => e.kind === editing.kind && e.key === editing.key) ?? null;

  // Load the space: its preview content and its designs (published, drafts) — again after a restore.
  const loadSpace = async (opts: { keepHistory?: boolean } = {}) => {
    try {
      const p = await rpc<Preview>('studio.preview', { space, locale, ...(docId ? { id: docId } : {}) });
      setPreview(p);
      if (!docId && p.content) {
        loadedFor.current = `${space}/${locale}/${p.content.document.id}`;
        setDocId(p.content.document.id);
      }
      const next: Base = {};
      for (const d of p.designs)
        next[entryKey(d)] = { kind: d.kind, key: d.key, published: d.published, draft: null };
      const listed = await rpc('designs.list', { space })
        .then((b) => listOf<{ kind: DesignKind; key: string; draft?: unknown }>(b, 'designs'))
        .catch(() => []);
      await Promise.all(
        listed.map(async (d) => {
          const got = await rpc<{ published: unknown; draft: unknown }>('designs.get', {
            space,
            kind: d.kind,
            key: d.key,
          }).catch(() => null);
          if (!got) return;
          const k = entryKey(d);
          const published = got.published ?? next[k]?.published ?? null;
          next[k] = { kind: d.kind, key: d.key, published, draft: got.draft ?? null };
        }),
      );
      if (!next['theme/default'])
        next['theme/default'] = { kind: 'theme', key: 'default', published: null, draft: null };
      setBase(next);
      // Another document or locale, or a publish, keeps the edits and their history; another space or a
      // restore starts afresh.
      if (!opts.keepHistory) setHistory(historyOf({}));
      setMessage(null);
      rpc('designs.revisions', { space }).then(
        (b) => setRevisions(newestFirst(listOf<Revision>(b, 'revisions'))),
        () => setRevisions([]),
      );
    } catch (err) {
      setMessage(describeError(err));
    }
  };
  const loadedFor = useRef('');
  const where = useRef(`${space}/${locale}`);
  useEffect(() => {
    // Another space or locale: its own first document.
    if (where.current !== `${space}/${locale}`) {
      where.current = `${space}/${locale}`;
      if (docId !== null) {
        setDocId(null);
        return;
      }
    }
    // Picking the first document after a load names the document already loaded: no second load.
    const key = `${space}/${locale}`;
    if (docId !== null && loadedFor.current === `${key}/${docId}`) return;
    const sameSpace = loadedFor.current.startsWith(`${space}/`);
    loadedFor.current = `${key}/${docId ?? ''}`;
    void loadSpace({ keepHistory: sameSpace });
  }, [space, locale, docId]);

  // One edit: a new working copy of one design, recorded in the history.
  const edit = (key: string, value: unknown, group: string) => {
    canvas.current?.markInput();
    const shown = base[key] ? storedCopy(base[key]) : null;
    setHistory((h) => recordKey(h, key, value, shown, group));
  };

  // Drafts save on their own a moment after the last edit.
  useEffect(() => {
    const due = entries.filter(needsSave);
    if (due.length === 0) return;
    setSave('pending');
    const timer = setTimeout(async () => {
      setSave('saving');
      try {
        for (const e of due) {
          const k = entryKey(e);
          // Back to the live version (or undone to nothing): the draft goes rather than a copy of it.
          if (
            e.working === null ||
            e.working === undefined ||
            (sameJson(e.working, e.published) && e.draft !== null)
          )
            await rpc('designs.discardDraft', { space, kind: e.kind, key: e.key });
          else await rpc('designs.saveDraft', { space, kind: e.kind, key: e.key, draft: e.working });
          setBase((b) => ({
            ...b,
            [k]: {
              ...b[k]!,
              draft: e.working == null || sameJson(e.working, e.published) ? null : e.working,
            },
          }));
        }
        setSave('saved');
        setMessage(null);
      } catch (err) {
        setSave('error');
        setMessage(describeError(err));
      }
    }, SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [entries]);

  const sendRender = async () => {
    if (!preview?.content) return;
    const designs = entries
      .filter((e) => e.working !== null && e.working !== undefined)
      .map((e) => ({ kind: e.kind, key: e.key, published: e.working }));
    const render = {
      id: renderId(),
      locale,
      site: preview.site,
      designs,
      fields: preview.fields,
      content: preview.content,
      view: canvasView(editing, preview.content.document, preview.site.firstMenu ?? null),
    };
    // Code components are drawn by the server first; a newer edit supersedes this one.
    await drawAndSend(canvas.current, render, renders);
  };
  latest.current = () => void sendRender();
  const onCanvas = (m: FromCanvas) => {
    if (m.type === 'rendered')
      setDrawProblems([
        ...(m.error ? [`Styles: ${m.error}`] : []),
        ...m.warnings.map((w) => `${w.node.kind} ${w.node.key} #${w.node.id}: ${w.message}`),
      ]);
    else if (m.type === 'pointer') {
      if (m.action === 'hover') setHovered(m.node?.id ?? null);
      else if (m.node) selectFromCanvas(m.node);
    }
  };
  const selectFromCanvas = (node: NodeRef) => {
    setEditing({ kind: node.kind, key: node.key, ...(node.variant ? { variant: node.variant } : {}) });
    setSelected(node.id);
  };
  useEffect(() => {
    void sendRender();
  }, [working, preview, editing.kind, editing.key, editing.variant, base, components.revision]);
  useEffect(() => {
    const ref = selected
      ? {
          kind: editing.kind,
          key: editing.key,
          ...(editing.variant ? { variant: editing.variant } : {}),
          id: selected,
        }
      : null;
    canvas.current?.send('select', { node: ref });
  }, [selected, editing.kind, editing.key]);

  // Undo and redo from the keyboard, except while typing in a text field (the browser undoes there).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey)) return;
      const target = e.target as HTMLElement;
      if (
        target.tagName === 'TEXTAREA' ||
        (target.tagName === 'INPUT' && (target as HTMLInputElement).type === 'text')
      )
        return;
      const key = e.key.toLowerCase();
      if (key === 'z' && !e.shiftKey) setHistory((h) => undo(h));
      else if ((key === 'z' && e.shiftKey) || key === 'y') setHistory((h) => redo(h));
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const flush = async () => {
    for (const e of entries.filter(needsSave))
      await rpc('designs.saveDraft', { space, kind: e.kind, key: e.key, draft: e.working });
  };
  const publish = async () => {
    try {
      setMessage('Publishing…');
      await flush();
      await rpc('designs.publishAll', { space });
      await loadSpace({ keepHistory: true });
      setMessage('Published: the site shows the new designs.');
    } catch (err) {
      setMessage(describeError(err));
    }
  };
  const restore = async (revision: number | string) => {
    try {
      await rpc('designs.restore', { space, revision });
      await loadSpace();
      setMessage(`Restored revision ${revision}: the site shows it again.`);
    } catch (err) {
      setMessage(describeError(err));
    }
  };
  const createShare = async () => {
    try {
      const r = await rpc<{ url: string }>('plugins.website.share.create', { space });
      setShare(r.url);
    } catch (err) {
      setMessage(describeError(err));
    }
  };

  // A space without a stored theme renders with the default one: that is what the editor starts from.
  const theme = (entries.find((e) => e.kind === 'theme')?.working ??
    preview?.designs.find((d) => d.kind === 'theme')?.published ??
    (preview ? defaultTheme : null)) as Theme | null;
  // Leniently: the browser has no component schemas; designs.saveDraft checks component props.
  const problem = current?.working
    ? parseLeniently(() =>
        designRecordSchema.safeParse({ kind: current.kind, key: current.key, published: current.working }),
      )
    : null;
  const firstIssue = problem && !problem.success ? problem.error.issues[0] : null;
  const pickDocFor = (kind: DesignKind, key: string) => {
    // A page design is previewed with a document of its type.
    if (kind === 'page' && preview && preview.content?.document.type !== key) {
      const doc = preview.documents.find((d) => d.type === key);
      if (doc) setDocId(doc.id);
    }
  };
  const shared = {
    entries,
    base,
    setBase,
    editing,
    setEditing,
    selected,
    setSelected,
    hovered,
    locale,
    preview,
    current,
    theme,
    edit,
    components,
  };

  return (
    <div class="design-view">
      <DesignToolbar
        preview={preview}
        docId={docId}
        onDoc={setDocId}
        viewport={viewport}
        onViewport={(v) => {
          setViewport(v);
          setStyleState(v === 'desktop' ? 'base' : v);
        }}
        history={history}
        setHistory={setHistory}
        onShare={createShare}
        onPublish={publish}
        canPublish={summary.unpublished.length > 0 && save !== 'saving'}
        summary={summary}
        save={save}
        lastPaint={lastPaint}
        message={message}
        share={share}
      />
      <div class="panes">
        <DesignNav
          {...shared}
          summary={summary}
          onPickDoc={pickDocFor}
          drawProblems={drawProblems}
          firstIssue={firstIssue ? { message: firstIssue.message, path: firstIssue.path.join('.') } : null}
        />
        <CanvasPane
          siteUrl={boot.siteUrl}
          viewport={viewport}
          control={canvas}
          onReady={() => latest.current()}
          onMessage={onCanvas}
          onPaint={setLastPaint}
        />
        <DesignProps
          {...shared}
          styleState={styleState}
          onStyleState={setStyleState}
          revisions={revisions}
          onRestore={restore}
        />
      </div>
    </div>
  );
}
