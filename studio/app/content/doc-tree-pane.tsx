/** @jsxImportSource hono/jsx/dom */
import { useState } from 'hono/jsx/dom';
import {
  dropPlan,
  type KeyMove,
  keyboardMove,
  type ListedDoc,
  type MoveCall,
  type Scheduled,
  STATE_LABELS,
  stateOf,
  titleOf,
  treeRows,
} from '../../logic/doc-tree.ts';
import { DragHandle, dropPlace } from '../drag-rows.tsx';

/**
 * The documents of the space in a locale: state at a glance (a dot and its words for screen readers),
 * search, a new document of a type, delete with confirmation, and moves by dragging a row's handle (onto
 * the top quarter of another row: before it; the bottom quarter: after it; between: into it, last) or by
 * keyboard (Alt+arrows on a row, or the Move buttons).
 */

export interface TreePaneProps {
  docs: ListedDoc[];
  scheduled: Scheduled[];
  locale: string;
  types: Array<{ name: string; title: string }>;
  selected: string | null;
  onSelect: (id: string) => void;
  onCreate: (type: string, title: string, parentId: string | null) => void;
  onDelete: (id: string) => void;
  onMove: (calls: MoveCall[]) => void;
}

const DRAG_TYPE = 'application/x-verso-document';

const KEYS: Record<string, KeyMove> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowRight: 'indent',
  ArrowLeft: 'outdent',
};

export function DocTreePane(p: TreePaneProps) {
  const [search, setSearch] = useState('');
  const [confirming, setConfirming] = useState<string | null>(null);
  const rows = treeRows(p.docs, p.locale, search);
  const move = (id: string, m: KeyMove) => {
    const calls = keyboardMove(p.docs, id, m);
    if (calls.length > 0) p.onMove(calls);
  };
  const onRowKey = (e: KeyboardEvent, id: string) => {
    const m = KEYS[e.key];
    if (e.altKey && m) {
      e.preventDefault();
      move(id, m);
      return;
    }
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const at = rows.findIndex((r) => r.doc.id === id) + (e.key === 'ArrowDown' ? 1 : -1);
      const next = rows[at];
      if (next) document.getElementById(`doc-${next.doc.id}`)?.focus();
    }
  };
  const onDrop = (e: DragEvent, target: ListedDoc) => {
    e.preventDefault();
    delete (e.currentTarget as HTMLElement).dataset.drop;
    const from = e.dataTransfer?.getData(DRAG_TYPE);
    const calls = from ? dropPlan(p.docs, from, target.id, dropPlace(e)) : [];
    if (calls.length > 0) p.onMove(calls);
  };
  const selectedDoc = p.docs.find((d) => d.id === p.selected) ?? null;

  return (
    <nav class="left doc-tree" aria-label="Documents">
      <label for="doc-search">Search documents</label>
      <input
        id="doc-search"
        type="search"
        value={search}
        onInput={(e: Event) => setSearch((e.target as HTMLInputElement).value)}
      />
      <details class="new-doc">
        <summary>New document</summary>
        <form
          onSubmit={(e: Event) => {
            e.preventDefault();
            const f = e.target as HTMLFormElement;
            const type = (f.elements.namedItem('type') as HTMLSelectElement).value;
            const title = (f.elements.namedItem('title') as HTMLInputElement).value.trim();
            const under = (f.elements.namedItem('under') as HTMLInputElement).checked;
            if (title) p.onCreate(type, title, under ? p.selected : null);
          }}
        >
          <div class="row">
            <label for="new-doc-type">Type</label>
            <select id="new-doc-type" name="type">
              {p.types.map((t) => (
                <option key={t.name} value={t.name}>
                  {t.title}
                </option>
              ))}
            </select>
          </div>
          <div class="row">
            <label for="new-doc-title">Title</label>
            <input id="new-doc-title" name="title" type="text" required />
          </div>
          <label class="check">
            <input type="checkbox" name="under" disabled={!selectedDoc} />
            Inside the selected document
          </label>
          <button type="submit" id="create-doc">
            Create draft
          </button>
        </form>
      </details>
      <ul class="tree docs" aria-label="Document tree">
        {rows.map((r) => {
          const state = stateOf(r.doc, p.locale, p.scheduled);
          return (
            <li
              key={r.doc.id}
              class={`depth-${Math.min(r.depth, 6)}`}
              data-id={r.doc.id}
              onDragOver={(e: DragEvent) => {
                if (!e.dataTransfer?.types.includes(DRAG_TYPE)) return;
                e.preventDefault();
                (e.currentTarget as HTMLElement).dataset.drop = dropPlace(e);
              }}
              onDragLeave={(e: DragEvent) => delete (e.currentTarget as HTMLElement).dataset.drop}
              onDrop={(e: DragEvent) => onDrop(e, r.doc)}
            >
              {/* A button takes the mouse press for itself (no drag starts on it): the row is dragged by this. */}
              <DragHandle type={DRAG_TYPE} value={r.doc.id} title="Drag to move" />
              <button
                type="button"
                id={`doc-${r.doc.id}`}
                class="doc-row"
                aria-current={r.doc.id === p.selected ? 'true' : 'false'}
                aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown Alt+ArrowLeft Alt+ArrowRight"
                onClick={() => p.onSelect(r.doc.id)}
                onKeyDown={(e: KeyboardEvent) => onRowKey(e, r.doc.id)}
              >
                <span class={`state state-${state}`} aria-hidden="true" />
                <span class="visually-hidden">{STATE_LABELS[state]}: </span>
                {titleOf(r.doc, p.locale)}
                <span class="doc-type"> {r.doc.type}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {rows.length === 0 ? <p class="hint">No documents{search ? ' match' : ''}.</p> : null}
      {selectedDoc ? (
        <fieldset class="doc-actions">
          <legend class="visually-hidden">Selected document</legend>
          {(['up', 'down', 'indent', 'outdent'] as const).map((m) => (
            <button key={m} type="button" class="small" onClick={() => move(selectedDoc.id, m)}>
              {{ up: 'Move up', down: 'Move down', indent: 'Move in', outdent: 'Move out' }[m]}
            </button>
          ))}
          {confirming === selectedDoc.id ? (
            <p class="confirm" role="alert">
              Delete “{titleOf(selectedDoc, p.locale)}” in every language
              {selectedDoc && p.docs.some((d) => d.parentId === selectedDoc.id) ? ' with its children' : ''}?{' '}
              <button
                type="button"
                class="small danger"
                id="confirm-delete"
                onClick={() => {
                  setConfirming(null);
                  p.onDelete(selectedDoc.id);
                }}
              >
                Delete
              </button>{' '}
              <button type="button" class="small" onClick={() => setConfirming(null)}>
                Keep it
              </button>
            </p>
          ) : (
            <button type="button" class="small" id="delete-doc" onClick={() => setConfirming(selectedDoc.id)}>
              Delete…
            </button>
          )}
        </fieldset>
      ) : null}
    </nav>
  );
}
