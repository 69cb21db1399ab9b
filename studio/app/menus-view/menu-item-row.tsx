/** @jsxImportSource hono/jsx/dom */
import type { MenuItem } from '../../logic/menu-tree.ts';
import { DragHandle, dropPlace } from '../drag-rows.tsx';
import type { DocOption } from './documents.ts';

export type ItemAction = 'up' | 'down' | 'indent' | 'outdent' | 'remove' | 'add-child';

export interface ItemRowProps {
  item: MenuItem;
  locales: string[];
  documents: DocOption[];
  problemKey: string | null;
  onPatch: (key: string, patch: Partial<MenuItem>) => void;
  onAction: (key: string, action: ItemAction) => void;
  onDrop: (key: string, targetKey: string, where: 'before' | 'after' | 'inside') => void;
}

const DRAG_TYPE = 'application/x-verso-menu-item';

/**
 * One item and, nested, its children: labels per locale, the link (none, a document, an address), and the
 * moves as buttons (the keyboard's way) beside dragging the row by its handle.
 */
export function MenuItemRow(props: ItemRowProps) {
  const { item } = props;
  const k = item.key;
  const name = item.label[props.locales[0]!] || 'new item';
  const kind = item.contentId !== null ? 'document' : item.url !== null ? 'url' : 'none';
  const input = (e: Event) => (e.target as HTMLInputElement).value;
  return (
    <li class={`menu-item${props.problemKey === k ? ' invalid' : ''}`}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the mouse; the move buttons are the keyboard's way */}
      <div
        class="menu-item-row"
        data-key={k}
        onDragOver={(e: DragEvent) => {
          if (!e.dataTransfer?.types.includes(DRAG_TYPE)) return;
          e.preventDefault();
          (e.currentTarget as HTMLElement).dataset.drop = dropPlace(e);
        }}
        onDragLeave={(e: DragEvent) => delete (e.currentTarget as HTMLElement).dataset.drop}
        onDrop={(e: DragEvent) => {
          e.preventDefault();
          delete (e.currentTarget as HTMLElement).dataset.drop;
          const from = e.dataTransfer?.getData(DRAG_TYPE);
          if (from) props.onDrop(from, k, dropPlace(e));
        }}
      >
        <DragHandle type={DRAG_TYPE} value={k} title="Drag to move or nest" />
        <fieldset class="menu-item-fields">
          <legend class="visually-hidden">Item “{name}”</legend>
          {props.locales.map((l) => (
            <span key={l} class="menu-field">
              <label for={`menu-${k}-label-${l}`}>Label ({l})</label>
              <input
                id={`menu-${k}-label-${l}`}
                type="text"
                value={item.label[l] ?? ''}
                aria-invalid={props.problemKey === k ? 'true' : undefined}
                onInput={(e: Event) => props.onPatch(k, { label: { ...item.label, [l]: input(e) } })}
              />
            </span>
          ))}
          <span class="menu-field">
            <label for={`menu-${k}-kind`}>Links to</label>
            <select
              id={`menu-${k}-kind`}
              onChange={(e: Event) => {
                const v = input(e);
                props.onPatch(k, {
                  contentId: v === 'document' ? (props.documents[0]?.id ?? null) : null,
                  url: v === 'url' ? '/' : null,
                });
              }}
            >
              <option value="none" selected={kind === 'none'}>
                nothing (a heading)
              </option>
              <option value="document" selected={kind === 'document'}>
                a document
              </option>
              <option value="url" selected={kind === 'url'}>
                an address
              </option>
            </select>
          </span>
          {kind === 'document' && (
            <span class="menu-field">
              <label for={`menu-${k}-doc`}>Document</label>
              <select id={`menu-${k}-doc`} onChange={(e: Event) => props.onPatch(k, { contentId: input(e) })}>
                {props.documents.map((d) => (
                  <option key={d.id} value={d.id} selected={d.id === item.contentId}>
                    {'— '.repeat(d.depth)}
                    {d.title}
                  </option>
                ))}
              </select>
            </span>
          )}
          {kind === 'url' && (
            <span class="menu-field">
              <label for={`menu-${k}-url`}>Address</label>
              <input
                id={`menu-${k}-url`}
                type="text"
                value={item.url ?? ''}
                onInput={(e: Event) => props.onPatch(k, { url: input(e) })}
              />
            </span>
          )}
        </fieldset>
        <div class="menu-item-moves">
          <button type="button" aria-label={`Move “${name}” up`} onClick={() => props.onAction(k, 'up')}>
            ↑
          </button>
          <button type="button" aria-label={`Move “${name}” down`} onClick={() => props.onAction(k, 'down')}>
            ↓
          </button>
          <button
            type="button"
            aria-label={`Nest “${name}” under the item above`}
            onClick={() => props.onAction(k, 'indent')}
          >
            →
          </button>
          <button
            type="button"
            aria-label={`Move “${name}” out of its parent`}
            onClick={() => props.onAction(k, 'outdent')}
          >
            ←
          </button>
          <button
            type="button"
            aria-label={`Add an item under “${name}”`}
            onClick={() => props.onAction(k, 'add-child')}
          >
            +
          </button>
          <button
            type="button"
            class="danger"
            aria-label={`Remove “${name}”`}
            onClick={() => props.onAction(k, 'remove')}
          >
            ✕
          </button>
        </div>
      </div>
      {item.children.length > 0 && (
        <ul class="menu-tree">
          {item.children.map((c) => (
            <MenuItemRow key={c.key} {...props} item={c} />
          ))}
        </ul>
      )}
    </li>
  );
}
