import { type FieldDef, isPublic, type TypeDef } from '../../core/space-format/field-defs.ts';
import { blockDesign } from './block-design.ts';
import { hrefOf } from './permalink.ts';
import { resolveRichText } from './rich-text.ts';
import type {
  DeliveredAsset,
  DeliveredBlock,
  DeliveredBlocks,
  DeliveredDocument,
  DeliveredLink,
  DeliveredUser,
} from './types.ts';

/** What the batched reads found, by id. A missing entry means "not delivered" (unpublished, elsewhere, gone). */
export interface Resolved {
  document(id: string): DeliveredDocument | undefined;
  asset(id: string): DeliveredAsset | undefined;
  user(id: string): DeliveredUser | undefined;
  /** The target's permalink in the locale; null or undefined when it has none. */
  permalink(id: string): string | null | undefined;
}

export interface ShapeOptions {
  blockTypes: ReadonlyMap<string, TypeDef>;
  /** Relation field names to replace by their objects, at any depth. */
  expand: ReadonlySet<string>;
  resolved: Resolved;
  /** The website plugin is on: blocks carry the `design` they chose. */
  blockDesigns: boolean;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The public form of a `fields` object: every public field of the definitions, in their order (null when
 * absent); restricted fields and fields the model no longer has are dropped; relations stay ids unless named
 * in `expand`, where they become objects and what is not delivered is left out; links gain `href`; blocks
 * keep `{ grid, blocks }` with `design` in place of `ext`.
 */
export function shapeFields(
  fields: unknown,
  defs: readonly FieldDef[],
  options: ShapeOptions,
): Record<string, unknown> {
  const source = isObject(fields) ? fields : {};
  const out: Record<string, unknown> = {};
  for (const def of defs) {
    if (!isPublic(def)) continue;
    const value = source[def.name];
    out[def.name] = value === null || value === undefined ? null : shapeValue(value, def, options);
  }
  return out;
}

function shapeValue(value: unknown, def: FieldDef, options: ShapeOptions): unknown {
  switch (def.type) {
    case 'image':
    case 'file':
      return relation(value, def, options, (id) => options.resolved.asset(id));
    case 'content':
      return relation(value, def, options, (id) => options.resolved.document(id));
    case 'user':
      return relation(value, def, options, (id) => options.resolved.user(id));
    case 'link':
      return isObject(value) ? shapeLink(value, options) : null;
    case 'richText':
      return resolveRichText(value, (id) => options.resolved.permalink(id));
    case 'blocks':
      return isObject(value) ? shapeBlocks(value, options) : null;
    case 'repeater':
      return Array.isArray(value)
        ? value.filter(isObject).map((item) => ({
            itemId: item.itemId,
            fields: shapeFields(item.fields, def.fields ?? [], options),
          }))
        : [];
    default:
      return value;
  }
}

/** Ids by default; named in `expand`, the objects, leaving out what is not delivered (null for a single one). */
function relation(
  value: unknown,
  def: FieldDef,
  options: ShapeOptions,
  find: (id: string) => unknown,
): unknown {
  if (!options.expand.has(def.name)) return value;
  if (Array.isArray(value)) return value.flatMap((id) => (typeof id === 'string' ? (find(id) ?? []) : []));
  return typeof value === 'string' ? (find(value) ?? null) : null;
}

function shapeLink(value: Json, options: ShapeOptions): DeliveredLink {
  const url = typeof value.url === 'string' ? value.url : null;
  const contentId = typeof value.contentId === 'string' ? value.contentId : null;
  return {
    url,
    contentId,
    label: typeof value.label === 'string' ? value.label : null,
    target: typeof value.target === 'string' ? value.target : '_self',
    href: url ?? (contentId ? hrefOf(options.resolved.permalink(contentId)) : null),
  };
}

function shapeBlocks(value: Json, options: ShapeOptions): DeliveredBlocks {
  const blocks: DeliveredBlock[] = [];
  for (const block of Array.isArray(value.blocks) ? value.blocks : []) {
    if (!isObject(block) || typeof block.type !== 'string') continue;
    // A block whose type the running registry does not know is left out, like a document of an unknown type.
    const type = options.blockTypes.get(block.type);
    if (!type) continue;
    const design = options.blockDesigns ? blockDesign(block.ext) : undefined;
    blocks.push({
      blockId: block.blockId as string,
      type: block.type,
      fields: shapeFields(block.fields, type.fields, options),
      ...(isObject(block.layout) ? { layout: block.layout } : {}),
      ...(design ? { design } : {}),
    });
  }
  return { grid: isObject(value.grid) ? value.grid : null, blocks };
}
