import { AppError } from '../../core/errors/app-error.ts';
import type { Alternates, ContentModel, DeliveredDocument } from '../reader/types.ts';

/**
 * `select=title,permalink,fields.cover`: the parts of each document an answer carries. `id` and `type` always
 * stay (a client needs them to tell documents and their types apart); `fields.<name>` keeps one field. Like
 * Contentful's `select`, it shrinks answers (a list of 100 posts with their bodies is ~450 KB; their titles and
 * permalinks ~15 KB); it does not change what is read or what purges the answer.
 */
const documentKeys = [
  'id',
  'type',
  'title',
  'slug',
  'permalink',
  'locale',
  'parentId',
  'publishedAt',
  'updatedAt',
  'tags',
  'alternates',
  'fields',
] as const;
const always = ['id', 'type'];

export interface Selection {
  /** Top-level keys kept, `id` and `type` included. */
  keys: Set<string>;
  /** Fields kept when `fields` itself is not selected whole; null: all (or none, if `fields` is not kept). */
  fields: Set<string> | null;
}

/** The paths `select` may name: the document keys, and `fields.<name>` of the (given type's, else any type's) public fields. */
export function selectable(model: ContentModel, type: string | undefined): string[] {
  const types = type ? model.contentTypes.filter((t) => t.name === type) : model.contentTypes;
  const names = new Set(types.flatMap((t) => (t.fields as Array<{ name: string }>).map((f) => f.name)));
  return [...documentKeys, ...[...names].sort().map((n) => `fields.${n}`)];
}

/** The parsed `select`, or undefined without one; an unknown path is 400 `query.invalid` naming the allowed ones. */
export function parseSelect(
  raw: string[],
  model: ContentModel,
  type: string | undefined,
): Selection | undefined {
  if (raw.length === 0) return undefined;
  const allowed = selectable(model, type);
  const unknown = raw.filter((p) => !allowed.includes(p));
  if (unknown.length) {
    throw new AppError('query.invalid', {
      message: `select names ${unknown.map((u) => `"${u}"`).join(', ')}, which ${unknown.length > 1 ? 'are' : 'is'} not a part of ${type ? `a ${type}` : 'a document'}.`,
      details: unknown.map((value) => ({
        key: 'query.invalid',
        params: { reason: 'unknown_select', value, allowed },
        path: 'select',
      })),
    });
  }
  const keys = new Set(always);
  const fields = new Set<string>();
  for (const path of raw) {
    if (path.startsWith('fields.')) fields.add(path.slice('fields.'.length));
    else keys.add(path);
  }
  if (keys.has('fields')) return { keys, fields: null };
  if (fields.size) keys.add('fields');
  return { keys, fields: fields.size ? fields : null };
}

/** The document with the selected parts only (a new object; the reader's frozen one is left as it is). */
export function selectDocument(
  doc: DeliveredDocument & { alternates?: Alternates },
  selection: Selection,
): Partial<DeliveredDocument & { alternates: Alternates }> {
  const out: Record<string, unknown> = {};
  for (const key of documentKeys) {
    if (!selection.keys.has(key)) continue;
    if (key === 'fields' && selection.fields) {
      out.fields = Object.fromEntries([...selection.fields].map((f) => [f, doc.fields[f] ?? null]));
    } else if (key in doc) {
      out[key] = doc[key as keyof typeof doc];
    }
  }
  return out;
}
