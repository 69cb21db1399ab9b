import { deepFreeze } from '../../core/db/json-memo.ts';
import { type FieldDef, isPublic, type TypeDef } from '../../core/space-format/field-defs.ts';
import type { ContentModel } from './types.ts';

/** The content model of one space as the running registry holds it (all fields, restricted ones too). */
export interface SpaceModel {
  schemaVersion: number;
  contentTypes: ReadonlyMap<string, TypeDef>;
  blockTypes: ReadonlyMap<string, TypeDef>;
}

export const emptyModel = (schemaVersion: number): SpaceModel => ({
  schemaVersion,
  contentTypes: new Map(),
  blockTypes: new Map(),
});

const contentFieldNames = new WeakMap<SpaceModel, ReadonlySet<string>>();

/** Whether a read expands anything: then the assets and users its rows name are read with them (`refs`). */
export const expands = (expand?: readonly string[]) => (expand?.length ?? 0) > 0;

/** Whether `expand` names a field that holds documents (`content`) in some type, at any depth: an expansion of documents. */
export function expandsDocuments(model: SpaceModel, expand: readonly string[] | undefined): boolean {
  if (!expand?.length) return false;
  let names = contentFieldNames.get(model);
  if (!names) {
    const found = new Set<string>();
    const walk = (defs: readonly FieldDef[]) => {
      for (const def of defs) {
        if (def.type === 'content') found.add(def.name);
        if (def.fields) walk(def.fields);
      }
    };
    for (const type of [...model.contentTypes.values(), ...model.blockTypes.values()]) walk(type.fields);
    names = found;
    contentFieldNames.set(model, names);
  }
  return expand.some((name) => names.has(name));
}

/** A field definition as the public sees it: restricted sub-fields removed, and no internal flags. */
export interface PublicFieldDef {
  name: string;
  title?: string;
  type: FieldDef['type'];
  localized: boolean;
  multiple: boolean;
  options?: string[];
  blockTypes?: string[];
  fields?: PublicFieldDef[];
}

/**
 * Only public fields, at any depth (repeater sub-fields too). `search` and `public` stay inside: which fields
 * feed search, and that restricted fields exist at all, is none of a public client's business.
 */
export function publicFieldDefs(defs: readonly FieldDef[]): PublicFieldDef[] {
  return defs.filter(isPublic).map((def) => ({
    name: def.name,
    ...(def.title !== undefined ? { title: def.title } : {}),
    type: def.type,
    localized: def.localized !== false,
    multiple: def.multiple === true,
    ...(def.options ? { options: [...def.options] } : {}),
    ...(def.blockTypes ? { blockTypes: [...def.blockTypes] } : {}),
    ...(def.fields ? { fields: publicFieldDefs(def.fields) } : {}),
  }));
}

const publicModels = new WeakMap<SpaceModel, ContentModel>();

/**
 * `GET /v1/types` and the GraphQL schema: every content and block type with its public fields, in order. Made
 * once per model and frozen: spaces with equal types share their model (registry.ts), and so this.
 */
export function publicContentModel(model: SpaceModel): ContentModel {
  let known = publicModels.get(model);
  if (!known) {
    const types = (map: ReadonlyMap<string, TypeDef>) =>
      [...map.values()].map((t) => ({ name: t.name, title: t.title, fields: publicFieldDefs(t.fields) }));
    known = deepFreeze({
      schemaVersion: model.schemaVersion,
      contentTypes: types(model.contentTypes),
      blockTypes: types(model.blockTypes),
    });
    publicModels.set(model, known);
  }
  return known;
}
