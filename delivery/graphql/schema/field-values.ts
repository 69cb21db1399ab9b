import type { FieldDef } from '../../../core/space-format/field-defs.ts';
import type { DeliveredBlocks, DeliveredLink } from '../../reader/types.ts';
import type { GraphqlContext } from '../context.ts';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const idOf = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : isObject(v) && typeof v.id === 'string' ? v.id : undefined;

/**
 * The GraphQL value of one field out of its delivered (REST) value: relations become objects through the
 * request's batched reads (what is not delivered is left out, or null for a single one); nested objects
 * (blocks, repeater items, links) carry the locale their relations read in.
 */
export function fieldValue(def: FieldDef, value: unknown, locale: string, ctx: GraphqlContext): unknown {
  const { reads } = ctx;
  switch (def.type) {
    case 'image':
    case 'file':
      return relation(def, value, (id) => reads.fieldAsset(id));
    case 'content':
      return relation(def, value, (id) => reads.document(locale, id));
    case 'user':
      return relation(def, value, (id) => reads.user(id));
    case 'select':
      if (def.multiple) return Array.isArray(value) ? value : value == null ? [] : [value];
      return value ?? null;
    case 'link':
      return isObject(value) ? { ...(value as unknown as DeliveredLink), locale } : null;
    case 'blocks': {
      if (!isObject(value)) return null;
      const blocks = value as unknown as DeliveredBlocks;
      return { grid: blocks.grid ?? null, blocks: (blocks.blocks ?? []).map((b) => ({ ...b, locale })) };
    }
    case 'repeater':
      return Array.isArray(value) ? value.filter(isObject).map((item) => ({ ...item, locale })) : [];
    default:
      return value ?? null;
  }
}

async function relation<T>(def: FieldDef, value: unknown, load: (id: string) => Promise<T | null>) {
  if (def.multiple) {
    const ids = (Array.isArray(value) ? value : value == null ? [] : [value])
      .map(idOf)
      .filter((id) => id !== undefined);
    return (await Promise.all(ids.map(load))).filter((v) => v !== null);
  }
  const id = idOf(value);
  return id === undefined ? null : load(id);
}
