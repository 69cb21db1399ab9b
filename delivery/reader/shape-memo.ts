import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { deepFreeze } from '../../core/db/json-memo.ts';
import type { SpaceModel } from './content-model.ts';
import type { AssetRow, DocumentRow, PermalinkRow, UserRow } from './rows.ts';
import type { DeliveredDocument } from './types.ts';

/**
 * Shaped documents by everything their shaping reads. Shaping is a pure function of the rows a read returned
 * (the documents, the expanded ones, where links point, the assets and users), the content model and the
 * reader's options; an uncached list spent more CPU shaping and serializing 25 unchanged documents than
 * reading them (issue 14). The database is still read on every call: only when it answers exactly what it
 * answered before is the earlier result given again, so nothing can be staler than the read itself.
 *
 * What is given again is shared between requests, so it is deep-frozen: a consumer that writes into one fails
 * (strict mode) instead of changing another request's answer. Reads that carry rows for later lookups
 * (`DocumentRow.carried`, the site's page and GraphQL) have what they carry in their key as well: a result given
 * again answers those lookups with the rows it was first shaped with, which the key says are the same.
 */
export interface ShapeInputs {
  spaceId: string;
  origin: string | undefined;
  locale: string;
  drafts: { documentId: string } | 'all' | undefined;
  secret: string;
  blockDesigns: boolean;
  expand: ReadonlySet<string>;
  rows: readonly DocumentRow[];
  related: readonly DocumentRow[];
  links: readonly PermalinkRow[];
  assets: readonly AssetRow[];
  users: readonly UserRow[];
}

/**
 * At most this many results for the whole process, least recently used out first: one bound across every
 * space, so that 10,000 spaces in one process do not keep 2,000 each (issue 42). A result is keyed by its
 * content model (a new model's results never meet an old one's, which age out) and the rows' key.
 */
const MAX_KEPT = 5_000;
let kept = new LRUCache<string, readonly DeliveredDocument[]>({ max: MAX_KEPT });

/** A smaller bound, for a one-shot command that shapes each document once (the static export): the kept go. */
export function keepShapes(results: number): void {
  kept = new LRUCache({ max: results });
}
const modelIds = new WeakMap<SpaceModel, number>();
let nextModelId = 0;
const modelKey = (model: SpaceModel, key: string) => {
  let id = modelIds.get(model);
  if (id === undefined) {
    id = nextModelId++;
    modelIds.set(model, id);
  }
  return `${id}\u0000${key}`;
};

/**
 * Numbers for the frozen values the jsonb parser shares (core/db/json-memo.ts): the same text gives the same
 * frozen value, which cannot change, so its identity stands for its content without reading it.
 */
const frozenIds = new WeakMap<object, number>();
let nextFrozenId = 0;

/** A row's value in a key: a frozen value by its number, a date by its time, anything else as it is. */
function part(value: unknown): unknown {
  if (value instanceof Date) return value.getTime();
  if (value === null || typeof value !== 'object' || !Object.isFrozen(value)) return value;
  let id = frozenIds.get(value);
  if (id === undefined) {
    id = nextFrozenId++;
    frozenIds.set(value, id);
  }
  return id;
}

/**
 * The properties of `DocumentRow` that shaping reads, in its key (a test compares them with what a read returns).
 * `linkTargets` and `carried` are read only through what they answer: `links`, `related`, `assets`, `users`.
 */
export const rowKeyProperties = [
  'id',
  'type',
  'locale',
  'parentId',
  'permalink',
  'ancestors',
  'title',
  'slug',
  'state',
  'fields',
  'sharedFields',
  'publishedAt',
  'updatedAt',
  'tags',
] as const satisfies ReadonlyArray<keyof DocumentRow>;

/** In the order of `rowKeyProperties`, written out: a generic walk over the names took twice as long. */
const rowKey = (r: DocumentRow): unknown[] => [
  r.id,
  r.type,
  r.locale,
  r.parentId,
  r.permalink,
  r.ancestors,
  r.title,
  r.slug,
  r.state,
  part(r.fields),
  part(r.sharedFields),
  part(r.publishedAt),
  part(r.updatedAt),
  r.tags,
];

/** What a row was read with for later lookups (deliver-documents.ts, `carriedOf`), or null. */
const carriedKey = (r: DocumentRow): unknown =>
  r.carried
    ? [
        r.carried.assets,
        r.carried.users,
        r.carried.documents?.map((d) => [rowKey(d), carriedKey(d)]) ?? null,
        r.carried.alternates ?? null,
      ]
    : null;

/** The key of a shaping. */
export function shapeKey(inputs: ShapeInputs): string {
  const text = JSON.stringify([
    inputs.spaceId,
    inputs.origin ?? null,
    inputs.locale,
    inputs.drafts ?? null,
    inputs.secret,
    inputs.blockDesigns,
    [...inputs.expand],
    inputs.rows.map(rowKey),
    inputs.related.map(rowKey),
    inputs.links,
    inputs.assets,
    inputs.users,
    inputs.rows.map(carriedKey),
    inputs.related.map(carriedKey),
  ]);
  return createHash('sha1').update(text).digest('base64');
}

export function keptShaping(model: SpaceModel, key: string): readonly DeliveredDocument[] | undefined {
  return kept.get(modelKey(model, key));
}

/** Keeps a shaping's result, deep-frozen, and gives it back. */
export function keepShaping(
  model: SpaceModel,
  key: string,
  documents: DeliveredDocument[],
): readonly DeliveredDocument[] {
  const frozen = deepFreeze(documents) as readonly DeliveredDocument[];
  kept.set(modelKey(model, key), frozen);
  return frozen;
}
