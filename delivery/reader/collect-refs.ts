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

const expanded = (options: WalkOptions, name: string) => options.expand === 'all' || options.expand.has(name);

/** What one walk found, kept with what it depends on besides the fields. */
interface Kept {
  defs: readonly FieldDef[];
  blockTypes: ReadonlyMap<string, TypeDef>;
  expand: string;
  refs: RefSets;
}

/**
 * Walks per frozen `fields` value: the jsonb parser and the fields-by-version memo give the same frozen value for
 * the same published fields (core/db/json-memo.ts), which cannot change, so what it points at is found once.
 * Walking 25 unchanged documents was 5 % of an uncached list's CPU. A few entries per value (other definitions,
 * other expansions), the oldest out first.
 */
const kept = new WeakMap<object, Kept[]>();
const MAX_KEPT_PER_FIELDS = 4;
const expandKeys = new WeakMap<ReadonlySet<string>, string>();

/** `expand` as a key: its names sorted; per set, which a read does not change once it started. */
function expandKey(expand: ReadonlySet<string> | 'all'): string {
  if (expand === 'all') return '\0all';
  let key = expandKeys.get(expand);
  if (key === undefined) {
    key = [...expand].sort().join('\0');
    expandKeys.set(expand, key);
  }
  return key;
}

/** Walks the public fields of one `fields` object (blocks at any depth, repeaters) and adds what they point at. */
export function collectRefs(
  fields: unknown,
  defs: readonly FieldDef[],
  options: WalkOptions,
  into: RefSets,
): void {
  if (!isObject(fields)) return;
  if (!Object.isFrozen(fields)) {
    walk(fields, defs, options, into);
    return;
  }
  const expand = expandKey(options.expand);
  let list = kept.get(fields);
  let found = list?.find(
    (k) => k.defs === defs && k.blockTypes === options.blockTypes && k.expand === expand,
  );
  if (!found) {
    found = { defs, blockTypes: options.blockTypes, expand, refs: emptyRefs() };
    walk(fields, defs, options, found.refs);
    if (!list) {
      list = [];
      kept.set(fields, list);
    }
    if (list.length >= MAX_KEPT_PER_FIELDS) list.shift();
    list.push(found);
  }
  const { refs } = found;
  for (const id of refs.documents) into.documents.add(id);
  for (const id of refs.assets) into.assets.add(id);
  for (const id of refs.users) into.users.add(id);
  for (const id of refs.links) into.links.add(id);
}

function walk(fields: unknown, defs: readonly FieldDef[], options: WalkOptions, into: RefSets): void {
  if (!isObject(fields)) return;
  for (const def of defs) {
    if (!isPublic(def)) continue;
    const value = fields[def.name];
    if (value === null || value === undefined) continue;
    switch (def.type) {
      case 'image':
      case 'file':
        if (expanded(options, def.name)) for (const id of ids(value)) into.assets.add(id);
        break;
      case 'content':
        if (expanded(options, def.name)) for (const id of ids(value)) into.documents.add(id);
        break;
      case 'user':
        if (expanded(options, def.name)) for (const id of ids(value)) into.users.add(id);
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
          if (type) walk((block as Json).fields, type.fields, options, into);
        }
        break;
      case 'repeater':
        for (const item of Array.isArray(value) ? value : []) {
          if (isObject(item)) walk(item.fields, def.fields ?? [], options, into);
        }
        break;
      default:
        break;
    }
  }
}
