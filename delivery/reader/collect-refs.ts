import { type FieldDef, isPublic, type TypeDef } from '../../core/space-format/field-defs.ts';
import { richTextRefs } from './rich-text.ts';

/** What the public fields of some documents point at, by target kind, so each kind is fetched in one batch. */
export interface RefSets {
  /** Related documents to expand (`content` fields named in `expand`). */
  documents: Set<string>;
  /** Assets to expand (`image`/`file` fields named in `expand`; with `expand: 'all'`, rich-text images too). */
  assets: Set<string>;
  /** Users to expand (`user` fields named in `expand`). */
  users: Set<string>;
  /** Documents whose permalink a link needs (`link` fields and rich-text links), expanded or not. */
  links: Set<string>;
}

export const emptyRefs = (): RefSets => ({
  documents: new Set(),
  assets: new Set(),
  users: new Set(),
  links: new Set(),
});

export interface WalkOptions {
  blockTypes: ReadonlyMap<string, TypeDef>;
  /** Field names to expand, at any depth; `'all'` takes every relation (the asset visibility check). */
  expand: ReadonlySet<string> | 'all';
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const ids = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');

/** Walks the public fields of one `fields` object (blocks at any depth, repeaters) and adds what they point at. */
export function collectRefs(
  fields: unknown,
  defs: readonly FieldDef[],
  options: WalkOptions,
  into: RefSets,
): void {
  if (!isObject(fields)) return;
  const expanded = (name: string) => options.expand === 'all' || options.expand.has(name);
  for (const def of defs) {
    if (!isPublic(def)) continue;
    const value = fields[def.name];
    if (value === null || value === undefined) continue;
    switch (def.type) {
      case 'image':
      case 'file':
        if (expanded(def.name)) for (const id of ids(value)) into.assets.add(id);
        break;
      case 'content':
        if (expanded(def.name)) for (const id of ids(value)) into.documents.add(id);
        break;
      case 'user':
        if (expanded(def.name)) for (const id of ids(value)) into.users.add(id);
        break;
      case 'link':
        if (isObject(value) && typeof value.contentId === 'string') into.links.add(value.contentId);
        break;
      case 'richText':
        richTextRefs(value, {
          links: into.links,
          ...(options.expand === 'all' ? { assets: into.assets } : {}),
        });
        break;
      case 'blocks':
        for (const block of isObject(value) && Array.isArray(value.blocks) ? value.blocks : []) {
          const type =
            isObject(block) && typeof block.type === 'string'
              ? options.blockTypes.get(block.type)
              : undefined;
          if (type) collectRefs((block as Json).fields, type.fields, options, into);
        }
        break;
      case 'repeater':
        for (const item of Array.isArray(value) ? value : []) {
          if (isObject(item)) collectRefs(item.fields, def.fields ?? [], options, into);
        }
        break;
      default:
        break;
    }
  }
}
