/** @jsxImportSource hono/jsx/dom */

/**
 * Rows moved by the mouse (the menus view's items, the content tree's documents): a handle to drag (a
 * button or an input takes the mouse press for itself) and where over a row a drop lands. The keyboard's
 * way is each view's own move buttons and keys.
 */

export type DropPlace = 'before' | 'after' | 'inside';

/** Top quarter: before; bottom quarter: after; between: inside (a child). */
export function dropPlace(e: DragEvent): DropPlace {
  const box = (e.currentTarget as HTMLElement).getBoundingClientRect();
  const f = (e.clientY - box.top) / box.height;
  return f < 0.25 ? 'before' : f > 0.75 ? 'after' : 'inside';
}

/** The handle: carries `value` as `type` in the drag's data. */
export function DragHandle(p: { type: string; value: string; title: string }) {
  return (
    <span
      class="drag-handle"
      draggable="true"
      title={p.title}
      aria-hidden="true"
      onDragStart={(e: DragEvent) => {
        e.dataTransfer?.setData(p.type, p.value);
        if (e.dataTransfer) e.dataTransfer.effectAllowed = 'move';
      }}
    >
      ⠿
    </span>
  );
}
