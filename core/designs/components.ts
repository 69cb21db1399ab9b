import { z } from 'zod';

/**
 * The props schemas of the project's code components, as the design validator sees them. Core cannot
 * import the site (imports flow core <- delivery <- site), so the site's registry fills this table when
 * it loads verso.config.ts (site/components/load-config.ts) and the tree check reads it.
 */

/** How a prop may be bound to a document field (designs.md: string, number, image and rich-text props). */
export type PropKind = 'string' | 'number' | 'image' | 'richtext' | 'other';

export interface ComponentSchema {
  props: z.ZodType;
  /** Whether the component takes child nodes the editor places (its `slots`). */
  children: boolean;
}

const schemas = new Map<string, ComponentSchema>();

export const componentSchemas = {
  set(name: string, entry: ComponentSchema): void {
    schemas.set(name, entry);
  },
  get(name: string): ComponentSchema | undefined {
    return schemas.get(name);
  },
  delete(name: string): void {
    schemas.delete(name);
  },
  names(): string[] {
    return [...schemas.keys()].sort();
  },
};

/** The marker `imageProp()` and `richTextProp()` put in zod's registry (`schema.meta()`). */
export const PROP_KIND_META = 'versoProp';

type Inner = { _zod: { def: { type: string; innerType?: Inner } } };

/** The prop's kind, seen through `.optional()`, `.default()` and `.nullable()`. */
export function propKind(schema: z.ZodType): PropKind {
  let s = schema as unknown as Inner;
  for (let i = 0; i < 8; i++) {
    const meta = z.globalRegistry.get(s as unknown as z.ZodType) as Record<string, unknown> | undefined;
    const marked = meta?.[PROP_KIND_META];
    if (marked === 'image' || marked === 'richtext') return marked;
    const { type, innerType } = s._zod.def;
    if (type === 'string') return 'string';
    if (type === 'number') return 'number';
    if (!innerType) return 'other';
    s = innerType;
  }
  return 'other';
}

/** The shape of an object schema (the registry only takes object schemas). */
export function propShape(schema: z.ZodType): Record<string, z.ZodType> {
  return ((schema as unknown as { _zod: { def: { shape?: Record<string, z.ZodType> } } })._zod.def.shape ??
    {}) as Record<string, z.ZodType>;
}

let lenient = 0;

/**
 * Runs a parse that accepts components it does not know and props their schema refuses: a published
 * design whose component changed since must still load, and the renderer leaves that node out with a
 * warning. Import and `designs.saveDraft` parse strictly. The parse is synchronous, so the flag
 * cannot leak into another request.
 */
export function parseLeniently<T>(parse: () => T): T {
  lenient++;
  try {
    return parse();
  } finally {
    lenient--;
  }
}

export function componentsChecked(): boolean {
  return lenient === 0;
}
