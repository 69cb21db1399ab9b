import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { TaggedCache } from '../../core/cache/tagged-cache.ts';
import { cacheTags } from '../../core/cache/tags.ts';
import { deepFreeze } from '../../core/db/json-memo.ts';
import type { Queryable } from '../../core/db/types.ts';
import { type DesignRecord, designRecordSchema, parseLeniently } from '../../core/designs/index.ts';
import type { Logger } from '../../core/log.ts';
import type { ContentModel, Reader } from '../../delivery/reader/types.ts';
import { NOT_FOUND_FIELDS, NOT_FOUND_TYPE } from '../designs/generated.ts';
import {
  completeDesigns,
  type DesignBundle,
  type SharedPart,
  type SharedParts,
} from '../designs/site-designs.ts';
import type { ContentFields, FieldDef } from '../render/context.ts';
import { diskMemo } from './disk-memo.ts';
import type { SiteInfo } from './types.ts';

export interface LoadedDesigns {
  bundle: DesignBundle;
  fields: ContentFields;
  schemaVersion: number;
  /** Draft designs of a share-link preview: their own stylesheet key, so they never replace the revision's. */
  draftKey?: string;
}

interface StoredRow {
  kind: string;
  key: string;
  published: unknown;
}

/** A stored record as the database describes it before its JSON is read: its place, digest and size. */
interface RecordDigest {
  ord: string;
  kind: string;
  key: string;
  hash: string;
  bytes: number;
  /** A snapshot's record without a published value (skipped). */
  empty?: boolean;
  /** A small record of a snapshot: its published value comes with its digest (`INLINE_BYTES`). */
  inline?: boolean;
  published?: unknown;
}

/**
 * Records of a snapshot up to this size come whole with the digests: what differs between copies of one
 * template is typically its site record (name, logo: 312 bytes in the demo), which cost a second statement on
 * every first visit of a copy (issue 42). A few KB more to parse against a round trip.
 */
const INLINE_BYTES = 1024;

/**
 * A stored record validated, or refused. Frozen once it enters `parsedRecords`: every space with this record
 * shares the one value (the disk memo keeps it as JSON before).
 */
type Parsed = { record: DesignRecord } | { error: true };

/**
 * Parsed design records by kind, key and the MD5 of their stored JSON, which PostgreSQL computes: spaces made
 * from one template hold the same records, and reading a record's JSON and validating every node of it was most
 * of a first visit to a site not seen before (issue 42). A record known here is not even read from the database;
 * one that changes has a new digest and is parsed again. Least recently used go first past
 * `SITE_DESIGNS_MEMO_MB` of stored JSON (lru-cache, bentocache's own dependency: a well-kept LRU with a size
 * bound).
 */
let parsedRecords = new LRUCache<string, Parsed>({ maxSize: 32 * 1024 * 1024 });

/** Sets the bound of the parsed records (`SITE_DESIGNS_MEMO_MB`); what was kept is dropped. */
export function boundParsedDesigns(megabytes: number): void {
  parsedRecords = new LRUCache({ maxSize: Math.max(1024, Math.round(megabytes * 1024 * 1024)) });
}

/** How many parsed records are kept now, and the bytes of their stored JSON (tests check the bound). */
export const parsedDesignsKept = () => ({ count: parsedRecords.size, bytes: parsedRecords.calculatedSize });

/** The digest of a stored record (its kind, key and JSON), for keys made of records (site-styles.ts). */
const recordDigests = new WeakMap<DesignRecord, string>();
export const recordDigest = (record: DesignRecord): string | undefined => recordDigests.get(record);

/**
 * Bundles' shared parts by what they are made of: the fields of every type and the stored records other than the
 * site record, by identity. Copies of one template share those objects (parsed records by their digest, below;
 * fields by their content model, delivery/reader/registry.ts), and each completed, walked and kept its own
 * generated designs and needs, the most of a site's designs a process held per space (issue 42). A record or model
 * parsed again is a new object with a new number: a key is never reused for other content. At most
 * `SHARED_BUNDLES`, least recently used out first; a part dropped here stays with the bundles holding it.
 */
const SHARED_BUNDLES = 256;
const sharedParts = new LRUCache<string, SharedPart>({ max: SHARED_BUNDLES });
/** How many shared parts are kept (tests check that copies share one). */
export const sharedBundlesKept = () => sharedParts.size;
const identities = new WeakMap<object, number>();
let lastIdentity = 0;
function identity(value: object): number {
  let id = identities.get(value);
  if (id === undefined) {
    id = ++lastIdentity;
    identities.set(value, id);
  }
  return id;
}
const shared: SharedParts = (fields, stored, make) => {
  const key = `${identity(fields)}:${stored
    .filter((r) => r.kind !== 'site')
    .map(identity)
    .join(',')}`;
  let part = sharedParts.get(key);
  if (!part) {
    part = make();
    // Shared by spaces: frozen, so no render can change another space's designs.
    const { designs } = part;
    for (const map of [designs.layouts, designs.pages, designs.blocks, designs.menus]) Object.freeze(map);
    for (const record of part.generated) deepFreeze(record);
    deepFreeze(part.needs);
    Object.freeze(designs);
    sharedParts.set(key, part);
  }
  return part;
};

const memoKey = (d: { kind: string; key: string; hash: string }) => `${d.kind}\u0000${d.key}\u0000${d.hash}`;

function parseRecord(row: StoredRow): Parsed {
  // Leniently: a component changed since is left out at render with a warning, not the whole design.
  const parsed = parseLeniently(() =>
    designRecordSchema.safeParse({ kind: row.kind, key: row.key, published: row.published }),
  );
  return parsed.success ? { record: parsed.data } : { error: true };
}

/** The elements `e` of a snapshot, with `joins` after them (before the `where`). */
const snapshotFrom = (joins = '') => `from website_design_versions v
  left join lateral jsonb_array_elements(v.designs) with ordinality e(value, ord) on true ${joins}
  where v.space_id = $1 and v.environment = 'production' and v.revision = $2`;
const tableFrom = `from website_designs w where w.space_id = $1 and w.environment = 'production'
  and w.published is not null and jsonb_typeof(w.published) <> 'null'`;

/**
 * The published designs of the site's current revision: the revision's snapshot in
 * `website_design_versions`, else the `published` column of `website_designs` (a publish that
 * wrote no snapshot). First their digests (a few bytes a record), then the JSON of only those not parsed in
 * this process yet. Records that no longer parse are skipped with a warning.
 */
async function storedDesigns(db: Queryable, site: SiteInfo, log: Logger): Promise<DesignRecord[]> {
  const spaceId = site.space.id;
  const revision = site.settings.revision;
  // Each element's text `x.t` is made once (`offset 0` keeps the planner from writing it out at each of its four
  // uses): the four conversions were most of the statement, 4.1 -> 2.3 ms of PostgreSQL's time for the demo's
  // 45 KB revision, the costliest statement of a site's first visit.
  const snapshot = await db.query<RecordDigest>(
    `select e.ord::text as ord, e.value->>'kind' as kind, e.value->>'key' as key, md5(x.t) as hash,
       octet_length(x.t) as bytes, coalesce(jsonb_typeof(e.value->'published'), 'null') = 'null' as empty,
       octet_length(x.t) <= $3 as inline,
       case when octet_length(x.t) <= $3 then e.value->'published' end as published
     ${snapshotFrom('left join lateral (select e.value::text as t offset 0) x on true')} order by e.ord`,
    [spaceId, revision, INLINE_BYTES],
  );
  const fromSnapshot = snapshot.rows.length > 0;
  const digests = fromSnapshot
    ? snapshot.rows.filter((r) => r.ord !== null && !r.empty)
    : (
        await db.query<RecordDigest>(
          `select (row_number() over (order by w.position, w.kind, w.key))::text as ord, w.kind, w.key,
             md5(jsonb_build_object('kind', w.kind, 'key', w.key, 'published', w.published)::text) as hash,
             octet_length(w.published::text) as bytes
           ${tableFrom} order by w.position, w.kind, w.key`,
          [spaceId],
        )
      ).rows;
  const missing = digests.filter((d) => !parsedRecords.has(memoKey(d)));
  if (missing.length) {
    // Validated by an earlier process of this code and project (an export's previous build): read from disk.
    const parsed = await diskMemo(
      'designs',
      missing.map(memoKey).join('\n'),
      () => parseMissing(db, site, missing, fromSnapshot),
      (v) => v.every((p) => p !== null),
    );
    missing.forEach((d, i) => {
      const p = parsed[i];
      if (!p) return;
      const result: Parsed = 'error' in p ? p : { record: deepFreeze(p.record) };
      if ('record' in result) recordDigests.set(result.record, d.hash);
      parsedRecords.set(memoKey(d), result, { size: Math.max(1, Number(d.bytes)) });
    });
  }
  const records: DesignRecord[] = [];
  for (const d of digests) {
    const known = parsedRecords.get(memoKey(d));
    if (known && 'record' in known) records.push(known.record);
    else if (known)
      log.warn(
        { spaceId, design: `${d.kind}/${d.key}` },
        'a published design no longer parses; it is skipped',
      );
  }
  return records;
}

/** The records `missing` read and validated, in its order; null for one that changed between the two reads. */
async function parseMissing(
  db: Queryable,
  site: SiteInfo,
  missing: RecordDigest[],
  fromSnapshot: boolean,
): Promise<Array<Parsed | null>> {
  const spaceId = site.space.id;
  // The small ones came with their digests.
  const wanted = missing.filter((d) => !d.inline).map((d) => d.ord);
  const rows = !wanted.length
    ? { rows: [] as (StoredRow & { ord: string })[] }
    : fromSnapshot
      ? await db.query<StoredRow & { ord: string }>(
          `select e.ord::text as ord, e.value->>'kind' as kind, e.value->>'key' as key, e.value->'published' as published
         ${snapshotFrom()} and e.ord = any($3::bigint[])`,
          [spaceId, site.settings.revision, wanted],
        )
      : await db.query<StoredRow & { ord: string }>(
          `select * from (select (row_number() over (order by w.position, w.kind, w.key))::text as ord, w.kind, w.key,
           w.published ${tableFrom}) t where t.ord = any($2::text[])`,
          [spaceId, wanted],
        );
  const byOrd = new Map(rows.rows.map((r) => [r.ord, r]));
  return missing.map((d) => {
    const row = d.inline ? { kind: d.kind, key: d.key, published: d.published } : byOrd.get(d.ord);
    // Changed between the two reads (no snapshot, designs published meanwhile): a later request reads it again.
    return row && row.kind === d.kind && row.key === d.key ? parseRecord(row) : null;
  });
}

/** A whole-site share link's designs: each design's draft where one exists, else its published version. */
async function draftDesigns(db: Queryable, site: SiteInfo, log: Logger): Promise<DesignRecord[]> {
  const rows = await db.query<StoredRow>(
    `select kind, key, coalesce(draft, published) as published from website_designs
     where space_id = $1 and environment = 'production' and coalesce(draft, published) is not null
     order by position, kind, key`,
    [site.space.id],
  );
  const records: DesignRecord[] = [];
  for (const row of rows.rows) {
    const record = { kind: row.kind, key: row.key, published: row.published };
    // Leniently: a component changed since is left out at render with a warning, not the whole design.
    const parsed = parseLeniently(() => designRecordSchema.safeParse(record));
    if (parsed.success) records.push(parsed.data);
    else
      log.warn({ spaceId: site.space.id, design: `${row.kind}/${row.key}` }, 'a draft design does not parse');
  }
  return records;
}

/**
 * Step 7 of a page: the designs of the revision, completed with generated ones, and the public
 * fields of every type. Computed once per space, revision and registry schema version; cached
 * under `design:<space>` (publishing designs) and `registry` (a content model reload), in this process.
 */
export async function loadDesigns(
  deps: { db: Queryable; cache: TaggedCache; reader: Reader; log: Logger },
  site: SiteInfo,
  options: { drafts?: boolean } = {},
): Promise<LoadedDesigns> {
  const spaceId = site.space.id;
  if (options.drafts) return loadDraftDesigns(deps, site);
  const schemaVersion = await deps.reader.schemaVersion();
  return deps.cache.getOrSet(
    `site:designs:${spaceId}:${site.settings.revision}:${schemaVersion}`,
    async (sink) => {
      sink.addTags([cacheTags.design(spaceId), cacheTags.registry]);
      const { loaded } = await completeFrom(deps, site, storedDesigns);
      return loaded;
    },
    // In this process only: its records are shared with every space holding the same ones (a copy read back
    // from Redis would share nothing), and it is two small reads to make again (90 KB a space through Redis).
    { local: true },
  );
}

/** The draft designs of a whole-site preview: read per request (previews are rare and never cached). */
async function loadDraftDesigns(
  deps: { db: Queryable; reader: Reader; log: Logger },
  site: SiteInfo,
): Promise<LoadedDesigns> {
  const { loaded, stored } = await completeFrom(deps, site, draftDesigns);
  const draftKey = `draft-${createHash('sha1').update(JSON.stringify(stored)).digest('base64url')}`;
  return { ...loaded, draftKey };
}

/** Stored designs (published or draft) completed with generated ones, with the public fields of every type. */
async function completeFrom(
  deps: { db: Queryable; reader: Reader; log: Logger },
  site: SiteInfo,
  read: (db: Queryable, site: SiteInfo, log: Logger) => Promise<DesignRecord[]>,
): Promise<{ loaded: LoadedDesigns; stored: DesignRecord[] }> {
  const spaceId = site.space.id;
  // Independent reads at once: a first visit of a site waited for each in turn (issue 42).
  const [model, stored] = await Promise.all([
    deps.reader.contentModel(spaceId),
    read(deps.db, site, deps.log),
  ]);
  const { fields, withNotFound } = fieldsOf(model);
  // Only the generated default layout shows the first menu: a site with a layout of its own (every copy of a
  // designed template) no longer reads it on its first visit (issue 42).
  const ownLayout = stored.some((r) => r.kind === 'layout' && r.key === 'default');
  const firstMenu = ownLayout
    ? null
    : ((
        await deps.db.query<{ machine_name: string }>(
          'select machine_name from menus where space_id = $1 order by position, machine_name limit 1',
          [spaceId],
        )
      ).rows[0]?.machine_name ?? null);
  const bundle = completeDesigns({ stored, fields, firstMenu, shared });
  return { loaded: { bundle, fields: withNotFound, schemaVersion: model.schemaVersion }, stored };
}

/**
 * The fields of every type as designs read them, without and with the generated not-found type: made once per
 * content model, which spaces with equal types share (delivery/reader/registry.ts), so the designs completed
 * from them are shared too (site-designs.ts). Frozen: every such space reads the same objects.
 */
const fieldsByModel = new WeakMap<ContentModel, { fields: ContentFields; withNotFound: ContentFields }>();
function fieldsOf(model: ContentModel) {
  let known = fieldsByModel.get(model);
  if (!known) {
    const fields: ContentFields = Object.freeze({
      contentTypes: Object.freeze(
        Object.fromEntries(model.contentTypes.map((t) => [t.name, t.fields as FieldDef[]])),
      ),
      blockTypes: Object.freeze(
        Object.fromEntries(model.blockTypes.map((t) => [t.name, t.fields as FieldDef[]])),
      ),
    });
    const withNotFound = Object.freeze({
      ...fields,
      contentTypes: Object.freeze({ ...fields.contentTypes, [NOT_FOUND_TYPE]: NOT_FOUND_FIELDS }),
    });
    known = { fields, withNotFound };
    fieldsByModel.set(model, known);
  }
  return known;
}
