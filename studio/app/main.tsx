/** @jsxImportSource hono/jsx/dom */
// First: configures zod before core/designs builds its schemas.
import './zod-jitless.ts';
import { render, useEffect, useMemo, useRef, useState } from 'hono/jsx/dom';
import {
  type DesignNode,
  defaultTheme,
  designRecordSchema,
  type MenuDesign,
  type NodeKind,
  type STYLE_STATES,
  type Theme,
} from '../../core/designs/index.ts';
import {
  type DesignEntry,
  type DesignKind,
  entryKey,
  needsSave,
  type SaveStatus,
  sameJson,
  statusLine,
  storedCopy,
  summarize,
} from '../logic/draft-state.ts';
import { canRedo, canUndo, type History, historyOf, recordKey, redo, undo } from '../logic/history.ts';
import {
  addNode,
  duplicateNode,
  findNode,
  indentNode,
  moveNode,
  newNode,
  outdentNode,
  removeNode,
  updateNode,
} from '../logic/tree-ops.ts';
import { readBoot, type StudioBoot } from './boot.ts';
import { type CanvasLink, type FromCanvas, linkCanvas, type NodeRef } from './canvas-link.ts';
import { MenuPanel } from './menu-panel.tsx';
import { Outline, type TreeAction } from './outline.tsx';
import { PropsPanel } from './props-panel.tsx';
import { describeError, listOf, rpc } from './rpc.ts';
import { ThemePanel } from './theme-panel.tsx';
import { canvasView, type Editing, KIND_LABELS, treeOf } from './views.ts';

/**
 * The studio: pick a space, a locale and a document; edit the theme and the designs; the canvas (the
 * website's `/_cms/canvas`, framed) draws every edit at once. Edits are one undo history of the working
 * copies of all designs; drafts save on their own a moment after the last edit; Publish makes them live.
 */

interface Preview {
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

interface Revision {
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

type Base = Record<string, { kind: DesignKind; key: string; published: unknown; draft: unknown }>;
type Working = Record<string, unknown>;
type Viewport = 'desktop' | 'tablet' | 'mobile';

const SAVE_DELAY_MS = 400;
/** The widths the canvas draws at: desktop, and inside the tablet (≤ 1023) and mobile (≤ 639) breakpoints. */
const VIEWPORT_WIDTHS: Record<Viewport, number> = { desktop: 1280, tablet: 768, mobile: 375 };
const timings: number[] = [];
(window as unknown as { studioTimings: number[] }).studioTimings = timings;

/** A design's text in the preview's locale: plain, or from its per-locale map (else its first locale). */
function textIn(value: unknown, locale: string): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const map = value as Record<string, string>;
    return map[locale] ?? Object.values(map)[0] ?? '';
  }
  return '';
}

const revisionNumber = (r: Revision) => r.revision ?? r.number ?? r.id;

/** Newest first, as an editor reads a history: the live revision on top, the one before it second. */
function newestFirst(list: Revision[]): Revision[] {
  const n = (r: Revision) => Number(revisionNumber(r));
  return list.every((r) => Number.isFinite(n(r))) ? [...list].sort((a, b) => n(b) - n(a)) : list;
}

function App({ boot }: { boot: StudioBoot }) {
  const [space, setSpace] = useState(boot.spaces[0]?.name ?? '');
  const spaceInfo = boot.spaces.find((s) => s.name === space);
  const [locale, setLocale] = useState(spaceInfo?.defaultLocale ?? 'en');
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
  const frame = useRef<HTMLIFrameElement | null>(null);
  const link = useRef<CanvasLink | null>(null);
  const ready = useRef(false);
  const pendingInput = useRef<number | null>(null);
  const latest = useRef<() => void>(() => {});

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
  useEffect(() => {
    // Picking the first document after a load names the document already loaded: no second load.
    const key = `${space}/${locale}`;
    if (docId !== null && loadedFor.current === `${key}/${docId}`) return;
    const sameSpace = loadedFor.current.startsWith(`${space}/`);
    loadedFor.current = `${key}/${docId ?? ''}`;
    void loadSpace({ keepHistory: sameSpace });
  }, [space, locale, docId]);

  // One edit: a new working copy of one design, recorded in the history.
  const edit = (key: string, value: unknown, group: string) => {
    pendingInput.current = performance.now();
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

  // The canvas: frame it once, answer `ready`, follow its height and what the editor points at.
  const sendRender = () => {
    if (!link.current || !ready.current || !preview?.content) return;
    const designs = entries
      .filter((e) => e.working !== null && e.working !== undefined)
      .map((e) => ({ kind: e.kind, key: e.key, published: e.working }));
    const id = `r${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    link.current.send('render', {
      id,
      locale,
      site: preview.site,
      designs,
      fields: preview.fields,
      content: preview.content,
      view: canvasView(editing, preview.content.document, preview.site.firstMenu ?? null),
    });
  };
  latest.current = sendRender;
  const onCanvas = (m: FromCanvas) => {
    if (m.type === 'ready') {
      ready.current = true;
      latest.current();
    } else if (m.type === 'rendered' || m.type === 'resize') {
      height.current = Math.max(m.height, 200);
      fitCanvas();
      if (m.type === 'rendered')
        setDrawProblems([
          ...(m.error ? [`Styles: ${m.error}`] : []),
          ...m.warnings.map((w) => `${w.node.kind} ${w.node.key} #${w.node.id}: ${w.message}`),
        ]);
      if (m.type === 'rendered' && pendingInput.current !== null) {
        const started = pendingInput.current;
        pendingInput.current = null;
        // The frame paints in the next frame after it drew: count to then.
        requestAnimationFrame(() => {
          const ms = Math.round(performance.now() - started);
          timings.push(ms);
          setLastPaint(ms);
        });
      }
    } else if (m.type === 'pointer') {
      if (m.action === 'hover') setHovered(m.node?.id ?? null);
      else if (m.node) selectFromCanvas(m.node);
    }
  };
  const selectFromCanvas = (node: NodeRef) => {
    setEditing({ kind: node.kind, key: node.key, ...(node.variant ? { variant: node.variant } : {}) });
    setSelected(node.id);
  };
  const onFrame = (el: HTMLIFrameElement | null) => {
    if (!el || link.current) return;
    frame.current = el;
    link.current = linkCanvas(el, new URL(boot.siteUrl).origin, onCanvas);
  };
  // The canvas is drawn at the viewport's real width and scaled down to fit the pane (as Webflow does),
  // so "desktop" shows the desktop layout even on a 1280-pixel screen.
  const pane = useRef<HTMLElement>(null);
  const height = useRef(600);
  const fitCanvas = () => {
    const f = frame.current;
    const p = pane.current;
    if (!f || !p) return;
    const width = VIEWPORT_WIDTHS[viewportRef.current];
    const scale = Math.min(1, (p.clientWidth - 32) / width);
    f.style.width = `${width}px`;
    f.style.height = `${height.current}px`;
    f.style.transform = scale < 1 ? `scale(${scale})` : '';
    const box = f.parentElement as HTMLElement;
    box.style.width = `${Math.ceil(width * scale)}px`;
    box.style.height = `${Math.ceil(height.current * scale)}px`;
  };
  const viewportRef = useRef<Viewport>('desktop');
  viewportRef.current = viewport;
  useEffect(() => {
    fitCanvas();
    const observer = new ResizeObserver(fitCanvas);
    if (pane.current) observer.observe(pane.current);
    return () => observer.disconnect();
  }, [viewport]);
  useEffect(() => {
    sendRender();
  }, [working, preview, editing.kind, editing.key, editing.variant, base]);
  useEffect(() => {
    if (!link.current || !ready.current) return;
    const ref = selected
      ? {
          kind: editing.kind,
          key: editing.key,
          ...(editing.variant ? { variant: editing.variant } : {}),
          id: selected,
        }
      : null;
    link.current.send('select', { node: ref });
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

  // The tree being edited and the node selected in it.
  const tree = current ? treeOf(editing, current.working) : null;
  const root = (tree?.root ?? null) as DesignNode | null;
  const node = root && selected ? (findNode(root, selected)?.node ?? null) : null;
  const putTree = (nextRoot: DesignNode, group: string) => {
    if (!current || !tree) return;
    edit(entryKey(current), tree.put(nextRoot), group);
  };
  const onAction = (action: TreeAction) => {
    if (!root || !selected) return;
    const g = `tree:${Date.now()}`;
    if (action === 'remove') {
      const found = findNode(root, selected);
      putTree(removeNode(root, selected), g);
      setSelected(found?.parent?.id ?? null);
    } else if (action === 'duplicate') {
      const d = duplicateNode(root, selected);
      putTree(d.root, g);
      if (d.id) setSelected(d.id);
    } else if (action === 'up' || action === 'down')
      putTree(moveNode(root, selected, action === 'up' ? -1 : 1), g);
    else if (action === 'indent') putTree(indentNode(root, selected), g);
    else putTree(outdentNode(root, selected), g);
  };
  const onAdd = (kind: NodeKind) => {
    if (!root) return;
    const blocksField = Object.entries(preview?.fields.contentTypes[editing.key] ?? []).find(
      () => false,
    )?.[0];
    const a = addNode(
      root,
      selected ?? root.id,
      newNode(kind, { menu: preview?.menus[0] ?? 'main', ...(blocksField ? { blocksField } : {}) }),
    );
    putTree(a.root, `add:${a.id}`);
    setSelected(a.id);
  };

  // A space without a stored theme renders with the default one: that is what the editor starts from.
  const theme = (entries.find((e) => e.kind === 'theme')?.working ??
    preview?.designs.find((d) => d.kind === 'theme')?.published ??
    (preview ? defaultTheme : null)) as Theme | null;
  const problem = current?.working
    ? designRecordSchema.safeParse({ kind: current.kind, key: current.key, published: current.working })
    : null;
  const firstIssue = problem && !problem.success ? problem.error.issues[0] : null;
  const bindFields =
    editing.kind === 'block'
      ? (preview?.fields.blockTypes[editing.key] ?? []).map((f) => f.name)
      : (
          preview?.fields.contentTypes[
            editing.kind === 'page' ? editing.key : (preview?.content?.document.type ?? '')
          ] ?? []
        ).map((f) => f.name);
  const byKind = (kind: DesignKind) =>
    entries.filter((e) => e.kind === kind).sort((a, b) => a.key.localeCompare(b.key));
  const pickDesign = (value: string) => {
    const [kind, key] = value.split('/') as [DesignKind, string];
    setEditing({ kind, key });
    setSelected(null);
    // A page design is previewed with a document of its type.
    if (kind === 'page' && preview && preview.content?.document.type !== key) {
      const doc = preview.documents.find((d) => d.type === key);
      if (doc) setDocId(doc.id);
    }
  };

  // New designs, as an editor expects to make them: a layout from the default one, a menu design, a
  // block variant from the one shown. They start as drafts like any edit.
  const createDesign = (kind: 'layout' | 'menu', name: string) => {
    const key = name
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/^-|-$/g, '');
    if (!key) return;
    const k = `${kind}/${key}`;
    if (base[k]) {
      pickDesign(k);
      return;
    }
    const from =
      kind === 'layout' ? entries.find((e) => e.kind === 'layout' && e.key === 'default')?.working : null;
    const value = from ?? { variant: 'bar', depth: 1 };
    setBase((b) => ({ ...b, [k]: { kind, key, published: null, draft: null } }));
    edit(k, value, `new:${k}`);
    setEditing({ kind, key });
    setSelected(null);
  };
  const duplicateVariant = () => {
    if (!current || editing.kind !== 'block') return;
    const d = current.working as {
      default: string;
      variants: Record<string, { label?: string; root: unknown }>;
    };
    const name = editing.variant && d.variants[editing.variant] ? editing.variant : d.default;
    let n = 1;
    while (d.variants[`${name}${n}`]) n++;
    const copy = `${name}${n}`;
    const source = d.variants[name]!;
    edit(
      entryKey(current),
      {
        ...d,
        variants: {
          ...d.variants,
          [copy]: { ...source, label: `${textIn(source.label, locale) || name} ${n}` },
        },
      },
      `variant:${copy}`,
    );
    setEditing({ ...editing, variant: copy });
  };

  return (
    <div class="studio">
      <header class="topbar">
        <h1>Verso Studio</h1>
        <div class="pickers">
          <label for="pick-space">Space</label>
          <select
            id="pick-space"
            onChange={(e: Event) => {
              setSpace((e.target as HTMLSelectElement).value);
              setDocId(null);
            }}
          >
            {boot.spaces.map((s) => (
              <option key={s.id} value={s.name} selected={s.name === space}>
                {s.title}
              </option>
            ))}
          </select>
          <label for="pick-locale">Locale</label>
          <select
            id="pick-locale"
            onChange={(e: Event) => {
              setLocale((e.target as HTMLSelectElement).value);
              setDocId(null);
            }}
          >
            {(spaceInfo?.locales ?? []).map((l) => (
              <option key={l} value={l} selected={l === locale}>
                {l}
              </option>
            ))}
          </select>
          <label for="pick-document">Preview</label>
          <select id="pick-document" onChange={(e: Event) => setDocId((e.target as HTMLSelectElement).value)}>
            {(preview?.documents ?? []).map((d) => (
              <option key={d.id} value={d.id} selected={d.id === docId}>
                {d.title} ({d.type})
              </option>
            ))}
          </select>
        </div>
        <fieldset class="viewports">
          <legend class="visually-hidden">Canvas width</legend>
          {(['desktop', 'tablet', 'mobile'] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={viewport === v ? 'true' : 'false'}
              onClick={() => {
                setViewport(v);
                setStyleState(v === 'desktop' ? 'base' : v);
              }}
            >
              {v}
            </button>
          ))}
        </fieldset>
        <div class="actions">
          <button
            type="button"
            disabled={!canUndo(history)}
            onClick={() => setHistory((h) => undo(h))}
            aria-keyshortcuts="Control+Z"
          >
            Undo
          </button>
          <button
            type="button"
            disabled={!canRedo(history)}
            onClick={() => setHistory((h) => redo(h))}
            aria-keyshortcuts="Control+Shift+Z"
          >
            Redo
          </button>
          <button type="button" onClick={createShare}>
            Share preview
          </button>
          <button
            type="button"
            class="primary"
            id="publish"
            disabled={summary.unpublished.length === 0 || save === 'saving'}
            onClick={publish}
          >
            Publish
          </button>
          <form method="post" action="/auth/signout">
            <button type="submit">Sign out</button>
          </form>
        </div>
      </header>
      <p class="status" role="status" aria-live="polite" id="status">
        <span class={summary.unpublished.length > 0 ? 'dot unpublished' : 'dot'} aria-hidden="true" />
        {statusLine(summary, save)}
        {lastPaint !== null ? <span class="paint"> · canvas {lastPaint} ms</span> : null}
      </p>
      {message ? (
        <p class="message" role="alert" id="message">
          {message}
        </p>
      ) : null}
      {share ? (
        <p class="share">
          Share link (drafts on the real site):{' '}
          <a href={share} target="_blank" rel="noopener noreferrer" id="share-link">
            {share}
          </a>
        </p>
      ) : null}
      <div class="panes">
        <nav class="left" aria-label="Designs">
          <label for="pick-design">Design</label>
          <select id="pick-design" onChange={(e: Event) => pickDesign((e.target as HTMLSelectElement).value)}>
            {(['theme', 'page', 'layout', 'block', 'menu'] as const).map((kind) => (
              <optgroup key={kind} label={KIND_LABELS[kind]}>
                {byKind(kind).map((e) => (
                  <option
                    key={entryKey(e)}
                    value={entryKey(e)}
                    selected={e.kind === editing.kind && e.key === editing.key}
                  >
                    {e.kind === 'theme' ? 'Theme' : e.key}
                    {summary.unpublished.includes(entryKey(e)) ? ' •' : ''}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          {editing.kind === 'block' && current ? (
            <div class="row">
              <label for="pick-variant">Variant</label>
              <select
                id="pick-variant"
                onChange={(e: Event) => {
                  setEditing({ ...editing, variant: (e.target as HTMLSelectElement).value });
                  setSelected(null);
                }}
              >
                {Object.entries(
                  (current.working as { variants?: Record<string, { label?: unknown }> })?.variants ?? {},
                ).map(([name, v]) => (
                  <option key={name} value={name} selected={name === editing.variant}>
                    {textIn(v.label, locale) || name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {editing.kind === 'block' && current ? (
            <button type="button" class="small" onClick={duplicateVariant}>
              Duplicate variant
            </button>
          ) : null}
          <details class="new-design">
            <summary>New layout or menu design</summary>
            <div class="row">
              <label for="new-design-kind">Kind</label>
              <select id="new-design-kind">
                <option value="layout">layout</option>
                <option value="menu">menu design</option>
              </select>
            </div>
            <div class="row">
              <label for="new-design-name">Name</label>
              <input id="new-design-name" type="text" placeholder="e.g. landing" />
            </div>
            <button
              type="button"
              onClick={() =>
                createDesign(
                  (document.getElementById('new-design-kind') as HTMLSelectElement).value as
                    | 'layout'
                    | 'menu',
                  (document.getElementById('new-design-name') as HTMLInputElement).value,
                )
              }
            >
              Create
            </button>
          </details>
          {editing.kind === 'page' && current?.working ? (
            <div class="row">
              <label for="pick-layout">Layout</label>
              <select
                id="pick-layout"
                onChange={(e: Event) =>
                  edit(
                    entryKey(current),
                    { ...(current.working as object), layout: (e.target as HTMLSelectElement).value },
                    `layout:${current.key}`,
                  )
                }
              >
                {byKind('layout').map((l) => (
                  <option
                    key={l.key}
                    value={l.key}
                    selected={(current.working as { layout?: string }).layout === l.key}
                  >
                    {l.key}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {editing.kind === 'theme' && theme ? (
            <ThemePanel theme={theme} onEdit={(t, g) => edit('theme/default', t, g)} />
          ) : editing.kind === 'menu' && current?.working ? (
            <MenuPanel
              design={current.working as MenuDesign}
              onEdit={(d, g) => edit(entryKey(current), d, g)}
            />
          ) : root ? (
            <Outline
              root={root}
              locale={locale}
              selected={selected}
              hovered={hovered}
              onSelect={setSelected}
              onAction={onAction}
              onAdd={onAdd}
            />
          ) : (
            <p class="hint">This design has no node tree to outline.</p>
          )}
          {current && summary.unpublished.includes(entryKey(current)) && current.published !== null ? (
            <button
              type="button"
              onClick={() => edit(entryKey(current), current.published, `discard:${entryKey(current)}`)}
            >
              Discard changes to this design
            </button>
          ) : null}
          {drawProblems.length > 0 ? (
            <div class="message" role="alert">
              The canvas could not draw everything:
              <ul>
                {drawProblems.slice(0, 5).map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {firstIssue ? (
            <p class="message" role="alert">
              Not valid yet: {firstIssue.message} (at {firstIssue.path.join('.')})
            </p>
          ) : null}
        </nav>
        <main class="canvas-pane" aria-label="Canvas" ref={pane} tabindex={0}>
          <div class="canvas-box">
            <iframe
              ref={onFrame}
              title="Canvas: the page as the site draws it"
              class="canvas"
              src={`${boot.siteUrl}/_cms/canvas`}
            />
          </div>
        </main>
        <aside class="right" aria-label="Properties and revisions">
          {node && theme ? (
            <PropsPanel
              node={node}
              theme={theme}
              locale={locale}
              fields={bindFields}
              menus={preview?.menus ?? []}
              state={styleState}
              onState={setStyleState}
              onChange={(n, g) =>
                root &&
                putTree(
                  updateNode(root, n.id, () => n),
                  g,
                )
              }
            />
          ) : (
            <p class="hint">Select a node in the outline or the canvas to edit it.</p>
          )}
          <section aria-labelledby="revisions-title" class="revisions">
            <h2 id="revisions-title">Revisions</h2>
            {revisions.length === 0 ? <p class="hint">No revisions yet.</p> : null}
            <ol>
              {revisions.slice(0, 20).map((r, i) => {
                const n = revisionNumber(r);
                const changes = Array.isArray(r.changes)
                  ? r.changes.filter((c) => typeof c === 'string')
                  : [];
                const summary =
                  typeof r.summary === 'string' ? r.summary : changes.slice(0, 3).join(', ') || null;
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
                      onClick={() => n !== undefined && restore(n)}
                      aria-label={`Restore revision ${String(n)}`}
                    >
                      Restore
                    </button>
                  </li>
                );
              })}
            </ol>
          </section>
        </aside>
      </div>
    </div>
  );
}

const root = document.getElementById('studio');
if (root) {
  const boot = readBoot(root);
  root.textContent = '';
  render(<App boot={boot} />, root);
}
