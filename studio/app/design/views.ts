import type { DesignKind } from '../../logic/draft-state.ts';

/**
 * What the canvas draws for the design being edited (docs/canvas-protocol.md, `view`), and which tree
 * of that design the outline shows. Pure: tests and the app share it.
 */

export interface Editing {
  kind: DesignKind;
  key: string;
  /** A block design's variant. */
  variant?: string;
}

export interface DocLike {
  type: string;
  fields?: Record<string, unknown>;
}

export type CanvasView =
  | { kind: 'page'; layout?: string | null }
  | {
      kind: 'block';
      block: {
        blockId: string;
        type: string;
        fields?: Record<string, unknown>;
        design?: { variant?: string };
      };
    }
  | { kind: 'menu'; menu: string; design?: string };

/** The first block of a type anywhere in a document's fields, to preview a block design with real content. */
export function findBlock(
  value: unknown,
  type: string,
): { blockId: string; fields?: Record<string, unknown> } | null {
  if (Array.isArray(value)) {
    for (const v of value) {
      const hit = findBlock(v, type);
      if (hit) return hit;
    }
  } else if (value && typeof value === 'object') {
    const b = value as { blockId?: unknown; type?: unknown; fields?: Record<string, unknown> };
    if (typeof b.blockId === 'string' && b.type === type)
      return { blockId: b.blockId, ...(b.fields ? { fields: b.fields } : {}) };
    for (const v of Object.values(value)) {
      const hit = findBlock(v, type);
      if (hit) return hit;
    }
  }
  return null;
}

export function canvasView(editing: Editing, doc: DocLike | null, firstMenu: string | null): CanvasView {
  switch (editing.kind) {
    case 'layout':
      return { kind: 'page', layout: editing.key };
    case 'block': {
      const found = doc ? findBlock(doc.fields, editing.key) : null;
      return {
        kind: 'block',
        block: {
          blockId: found?.blockId ?? 'studio-preview',
          type: editing.key,
          ...(found?.fields ? { fields: found.fields } : {}),
          ...(editing.variant ? { design: { variant: editing.variant } } : {}),
        },
      };
    }
    case 'menu':
      return firstMenu ? { kind: 'menu', menu: firstMenu, design: editing.key } : { kind: 'page' };
    default:
      return { kind: 'page' };
  }
}

/** The root node of the tree being edited, and how to put a new root back into the design. */
export function treeOf(
  editing: Editing,
  design: unknown,
): { root: unknown; put: (root: unknown) => unknown } | null {
  const d = design as Record<string, unknown> | null;
  if (!d) return null;
  if (editing.kind === 'page' || editing.kind === 'layout') {
    return { root: d.root, put: (root) => ({ ...d, root }) };
  }
  if (editing.kind === 'block') {
    const variants = (d.variants ?? {}) as Record<string, Record<string, unknown>>;
    const name = editing.variant && variants[editing.variant] ? editing.variant : (d.default as string);
    const variant = variants[name];
    if (!variant) return null;
    return {
      root: variant.root,
      put: (root) => ({ ...d, variants: { ...variants, [name]: { ...variant, root } } }),
    };
  }
  return null;
}

/** Labels of the design picker, grouped as an editor thinks of them. */
export const KIND_LABELS: Record<DesignKind, string> = {
  theme: 'Theme',
  site: 'Site',
  page: 'Page designs',
  layout: 'Layouts',
  block: 'Block designs',
  menu: 'Menu designs',
};
