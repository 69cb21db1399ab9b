/** @jsxImportSource hono/jsx/dom */
import { type DesignNode, NODE_GROUPS, type NodeKind } from '../../../core/designs/index.ts';
import { flatten } from '../../logic/tree-ops.ts';
import type { CatalogEntry } from './components.ts';

/**
 * The outline of a design's node tree: one row per node, indented by depth; the row of the node under
 * the canvas pointer is highlighted, the selected row is pressed. Rows are buttons (keyboard: Tab to
 * the list, arrows between rows); the toolbar acts on the selected node.
 */

export type TreeAction = 'remove' | 'up' | 'down' | 'indent' | 'outdent' | 'duplicate';

/** What the node menu adds: a built-in kind, or a project's component by name. */
export type NewNodeKind = NodeKind | `component:${string}`;

export interface OutlineProps {
  root: DesignNode;
  /** The preview's locale: texts with a per-locale map are labelled in it. */
  locale: string;
  selected: string | null;
  hovered: string | null;
  onSelect: (id: string) => void;
  onAction: (action: TreeAction) => void;
  onAdd: (kind: NewNodeKind) => void;
  /** The project's code components, listed by label after the built-in kinds. */
  components: CatalogEntry[];
}

function label(node: DesignNode, locale: string, components: CatalogEntry[]): string {
  if (node.el === 'component')
    return components.find((c) => c.name === node.component)?.label ?? `component ${node.component}`;
  const p = (node as { props?: Record<string, unknown> }).props ?? {};
  const bind = (node as { bind?: { field: string } }).bind;
  const map = p.text && typeof p.text === 'object' ? (p.text as Record<string, string>) : null;
  const localized = map ? (map[locale] ?? Object.values(map)[0] ?? null) : null;
  const text =
    typeof p.text === 'string' ? p.text : (localized ?? (typeof p.menu === 'string' ? p.menu : null));
  const detail = bind ? `{${bind.field}}` : text ? `“${text.slice(0, 24)}”` : '';
  return `${node.el}${detail ? ` ${detail}` : ''}`;
}

export function Outline(props: OutlineProps) {
  const rows = flatten(props.root);
  const onKey = (e: KeyboardEvent) => {
    // As in Webflow's navigator: Delete removes, Alt+↑/↓ moves, Ctrl/⌘+D duplicates the selected node.
    if (props.selected !== null) {
      const action: TreeAction | null =
        e.key === 'Delete' || e.key === 'Backspace'
          ? 'remove'
          : e.altKey && e.key === 'ArrowUp'
            ? 'up'
            : e.altKey && e.key === 'ArrowDown'
              ? 'down'
              : (e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'd'
                ? 'duplicate'
                : null;
      if (action) {
        e.preventDefault();
        props.onAction(action);
        return;
      }
    }
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const i = rows.findIndex((r) => r.node.id === props.selected);
    const next = rows[Math.max(0, Math.min(rows.length - 1, i + (e.key === 'ArrowDown' ? 1 : -1)))];
    if (!next) return;
    e.preventDefault();
    props.onSelect(next.node.id);
    requestAnimationFrame(() => document.getElementById(`node-${next.node.id}`)?.focus());
  };
  let kind: NewNodeKind = 'text';
  const none = props.selected === null;
  return (
    <section class="outline" aria-labelledby="outline-title">
      <h2 id="outline-title">Outline</h2>
      <div class="toolbar" role="toolbar" aria-label="Node actions">
        <button type="button" disabled={none} onClick={() => props.onAction('up')} title="Move up">
          Up
        </button>
        <button type="button" disabled={none} onClick={() => props.onAction('down')} title="Move down">
          Down
        </button>
        <button
          type="button"
          disabled={none}
          onClick={() => props.onAction('indent')}
          title="Into the node above"
        >
          Indent
        </button>
        <button
          type="button"
          disabled={none}
          onClick={() => props.onAction('outdent')}
          title="Out of its parent"
        >
          Outdent
        </button>
        <button type="button" disabled={none} onClick={() => props.onAction('duplicate')}>
          Duplicate
        </button>
        <button type="button" disabled={none} onClick={() => props.onAction('remove')}>
          Remove
        </button>
      </div>
      <div class="add-node">
        <label for="add-kind">New node</label>
        <select
          id="add-kind"
          onChange={(e: Event) => {
            kind = (e.target as HTMLSelectElement).value as NewNodeKind;
          }}
        >
          {Object.entries(NODE_GROUPS).map(([group, kinds]) => (
            <optgroup key={group} label={group}>
              {kinds.map((k) => (
                <option key={k} value={k} selected={k === 'text'}>
                  {k}
                </option>
              ))}
            </optgroup>
          ))}
          {props.components.length > 0 ? (
            <optgroup label="components">
              {props.components.map((c) => (
                <option key={c.name} value={`component:${c.name}`}>
                  {c.label}
                </option>
              ))}
            </optgroup>
          ) : null}
        </select>
        <button
          type="button"
          id="add-node"
          onClick={() =>
            props.onAdd(
              ((document.getElementById('add-kind') as HTMLSelectElement).value as NewNodeKind) ?? kind,
            )
          }
        >
          Add
        </button>
      </div>
      <p class="hint" id="tree-keys">
        ↑/↓ select, Alt+↑/↓ move, Delete removes, Ctrl+D duplicates.
      </p>
      <ul class="tree" aria-label="Nodes" aria-describedby="tree-keys" onKeyDown={onKey}>
        {rows.map((r) => (
          <li
            key={r.node.id}
            class={`depth-${Math.min(r.depth, 12)}${props.hovered === r.node.id ? ' hovered' : ''}`}
          >
            <button
              type="button"
              id={`node-${r.node.id}`}
              aria-pressed={props.selected === r.node.id ? 'true' : 'false'}
              onClick={() => props.onSelect(r.node.id)}
            >
              {label(r.node, props.locale, props.components)}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
