import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { TaggedCache } from '../../core/cache/tagged-cache.ts';
import { cacheTags } from '../../core/cache/tags.ts';
import { deepFreeze } from '../../core/db/json-memo.ts';
import type { Queryable } from '../../core/db/types.ts';
import { type DesignRecord, designRecordSchema, parseLeniently } from '../../core/designs/index.ts';
import type { Logger } from '../../core/log.ts';
import type { Reader } from '../../delivery/reader/types.ts';
import { NOT_FOUND_FIELDS, NOT_FOUND_TYPE } from '../designs/generated.ts';
import { completeDesigns, type DesignBundle } from '../designs/site-designs.ts';
import type { ContentFields, FieldDef } from '../render/context.ts';
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

/**
 * Parsed design records by their stored JSON: spaces made from one template hold the same records, and parsing
 * (validating every node of a design) was 15 % of a first visit to a site not seen before (issue 42). The
 * stored value is the key, so a record that changes is parsed again; least recently used go first past
 * `SITE_DESIGNS_MEMO_MB` of keys (lru-cache, bentocache's own dependency: a well-kept LRU with a size bound).
 */
let parsedRecords = new LRUCache<string, { record: DesignRecord } | { error: true }>({
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (_value, key) => key.length * 2,
});

/** Sets the bound of the parsed records (`SITE_DESIGNS_MEMO_MB`); what was kept is dropped. */
export function boundParsedDesigns(megabytes: number): void {
  parsedRecords = new LRUCache({
    maxSize: Math.max(1024, Math.round(megabytes * 1024 * 1024)),
    sizeCalculation: (_value, key) => key.length * 2,
  });
}

/** How many parsed records are kept now, and the bytes of their keys (tests check the bound). */
export const parsedDesignsKept = () => ({ count: parsedRecords.size, bytes: parsedRecords.calculatedSize });

function parseRecord(row: StoredRow): DesignRecord | undefined {
  const text = JSON.stringify([row.kind, row.key, row.published]);
  let known = parsedRecords.get(text);
  if (!known) {
    // Leniently: a component changed since is left out at render with a warning, not the whole design.
    const parsed = parseLeniently(() =>
      designRecordSchema.safeParse({ kind: row.kind, key: row.key, published: row.published }),
    );
    // Frozen: every space with this record shares the one value.
    known = parsed.success ? { record: deepFreeze(parsed.data) } : { error: true };
    parsedRecords.set(text, known);
  }
  return 'record' in known ? known.record : undefined;
}

/**
 * The published designs of the site's current revision: the revision's snapshot in
 * `website_design_versions`, else the `published` column of `website_designs` (a publish that
 * wrote no snapshot). Records that no longer parse are skipped with a warning.
 */
async function storedDesigns(db: Queryable, site: SiteInfo, log: Logger): Promise<DesignRecord[]> {
  const spaceId = site.space.id;
  const snapshot = await db.query<{ designs: StoredRow[] }>(
    `select designs from website_design_versions where space_id = $1 and environment = 'production' and revision = $2`,
    [spaceId, site.settings.revision],
  );
  const rows =
    snapshot.rows[0]?.designs ??
    (
      await db.query<StoredRow>(
        `select kind, key, published from website_designs
         where space_id = $1 and environment = 'production' and published is not null order by position, kind, key`,
        [spaceId],
      )
    ).rows;
  const records: DesignRecord[] = [];
  for (const row of rows) {
    if (row.published === null || row.published === undefined) continue;
    const record = parseRecord(row);
    if (record) records.push(record);
    else
      log.warn(
        { spaceId, design: `${row.kind}/${row.key}` },
        'a published design no longer parses; it is skipped',
      );
  }
  return records;
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
 * under `design:<space>` (publishing designs) and `registry` (a content model reload).
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
  const model = await deps.reader.contentModel(spaceId);
  const fields: ContentFields = {
    contentTypes: Object.fromEntries(model.contentTypes.map((t) => [t.name, t.fields as FieldDef[]])),
    blockTypes: Object.fromEntries(model.blockTypes.map((t) => [t.name, t.fields as FieldDef[]])),
  };
  const firstMenu = await deps.db.query<{ machine_name: string }>(
    'select machine_name from menus where space_id = $1 order by position, machine_name limit 1',
    [spaceId],
  );
  const stored = await read(deps.db, site, deps.log);
  const bundle = completeDesigns({ stored, fields, firstMenu: firstMenu.rows[0]?.machine_name ?? null });
  fields.contentTypes[NOT_FOUND_TYPE] = NOT_FOUND_FIELDS;
  return { loaded: { bundle, fields, schemaVersion: model.schemaVersion }, stored };
}
