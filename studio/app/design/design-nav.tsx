/** @jsxImportSource hono/jsx/dom */
import type { MenuDesign, Theme } from '../../../core/designs/index.ts';
import { type DesignEntry, type DesignKind, entryKey, type summarize } from '../../logic/draft-state.ts';
import type { Components } from './components.ts';
import type { Base, Preview } from './design-view.tsx';
import { MenuPanel } from './menu-panel.tsx';
import { Outline } from './outline.tsx';
import { textIn } from './revisions.tsx';
import { ThemePanel } from './theme-panel.tsx';
import { treeEditing } from './tree-editing.ts';
import { type Editing, KIND_LABELS } from './views.ts';

export interface DesignShared {
  entries: DesignEntry[];
  base: Base;
  setBase: (f: (b: Base) => Base) => void;
  editing: Editing;
  setEditing: (e: Editing) => void;
  selected: string | null;
  setSelected: (id: string | null) => void;
  hovered: string | null;
  locale: string;
  preview: Preview | null;
  current: DesignEntry | null;
  theme: Theme | null;
  edit: (key: string, value: unknown, group: string) => void;
  /** The project's code components (the node menu and the props form). */
  components: Components;
}

export interface DesignNavProps extends DesignShared {
  summary: ReturnType<typeof summarize>;
  onPickDoc: (kind: DesignKind, key: string) => void;
  drawProblems: string[];
  firstIssue: { message: string; path: string } | null;
}

/** The design view's left pane: which design, its variant or layout, and its outline (or theme, or menu). */
export function DesignNav(p: DesignNavProps) {
  const { entries, editing, current, locale } = p;
  const { root, onAction, onAdd } = treeEditing({ ...p, menus: p.preview?.menus ?? [] });
  const byKind = (kind: DesignKind) =>
    entries.filter((e) => e.kind === kind).sort((a, b) => a.key.localeCompare(b.key));
  const pickDesign = (value: string) => {
    const [kind, key] = value.split('/') as [DesignKind, string];
    p.setEditing({ kind, key });
    p.setSelected(null);
    p.onPickDoc(kind, key);
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
    if (p.base[k]) {
      pickDesign(k);
      return;
    }
    const from =
      kind === 'layout' ? entries.find((e) => e.kind === 'layout' && e.key === 'default')?.working : null;
    const value = from ?? { variant: 'bar', depth: 1 };
    p.setBase((b) => ({ ...b, [k]: { kind, key, published: null, draft: null } }));
    p.edit(k, value, `new:${k}`);
    p.setEditing({ kind, key });
    p.setSelected(null);
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
    p.edit(
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
    p.setEditing({ ...editing, variant: copy });
  };

  return (
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
                {p.summary.unpublished.includes(entryKey(e)) ? ' •' : ''}
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
              p.setEditing({ ...editing, variant: (e.target as HTMLSelectElement).value });
              p.setSelected(null);
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
              (document.getElementById('new-design-kind') as HTMLSelectElement).value as 'layout' | 'menu',
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
              p.edit(
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
      {editing.kind === 'theme' && p.theme ? (
        <ThemePanel theme={p.theme} onEdit={(t, g) => p.edit('theme/default', t, g)} />
      ) : editing.kind === 'menu' && current?.working ? (
        <MenuPanel
          design={current.working as MenuDesign}
          onEdit={(d, g) => p.edit(entryKey(current), d, g)}
        />
      ) : root ? (
        <Outline
          root={root}
          locale={locale}
          selected={p.selected}
          hovered={p.hovered}
          onSelect={p.setSelected}
          onAction={onAction}
          onAdd={onAdd}
          components={p.components.list}
        />
      ) : (
        <p class="hint">This design has no node tree to outline.</p>
      )}
      {current && p.summary.unpublished.includes(entryKey(current)) && current.published !== null ? (
        <button
          type="button"
          onClick={() => p.edit(entryKey(current), current.published, `discard:${entryKey(current)}`)}
        >
          Discard changes to this design
        </button>
      ) : null}
      {p.drawProblems.length > 0 ? (
        <div class="message" role="alert">
          The canvas could not draw everything:
          <ul>
            {p.drawProblems.slice(0, 5).map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {p.firstIssue ? (
        <p class="message" role="alert">
          Not valid yet: {p.firstIssue.message} (at {p.firstIssue.path})
        </p>
      ) : null}
    </nav>
  );
}
