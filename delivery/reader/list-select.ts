import { CUSTOM_PLAN } from '../../core/db/custom-plan.ts';
import type { Queryable } from '../../core/db/types.ts';
import {
  chainCte,
  fullSelect,
  indexed,
  type RawDocument,
  type Route,
  TUPLE_VERSION,
  textOf,
  toRow,
  useIndex,
} from './document-query.ts';
import { fieldsByVersion, versionKey } from './fields-by-version.ts';
import type { Cursor } from './list-cursor.ts';
import type { FilterTerm, OrderTerm } from './list-order.ts';
import { orderKey } from './list-order-sql.ts';
import {
  indexRange,
  narrowing,
  orderedChainList,
  orderedIndexList,
  treeOrder,
} from './ordered-list-query.ts';
import type { DocumentRow } from './rows.ts';
import { searchTsquery } from './search-query.ts';
import { Params } from './sql-params.ts';
import type { ReadContext } from './types.ts';

/**
 * Content lists (`GET /v1/content`, GraphQL `contents`, the site's lists): one page and the number of all matches
 * in one statement, from the delivery index (document-query.ts) or, for previews, the walk of the tree. A list with
 * `order` or `filter` is built by ordered-list-query.ts; the plain list in tree order stays the statement below,
 * tuned for its generic plan.
 */

type Drafts = ReadContext['drafts'];

export interface ListSelection {
  spaceId: string;
  locale: string;
  drafts?: Drafts;
  /** Content types to include (the requested one, or every type the running registry knows). */
  types: string[];
  parentId?: string;
  under?: string;
  tags?: string[];
  search?: string;
  limit: number;
  offset: number;
  /**
   * The page's rows with their link targets, assets and users (`carried`), for a caller that will use them (a
   * GraphQL list that selects more than plain values): one statement instead of three in sequence. Only on the
   * index route; a plain REST list leaves them out (per-row lookups cost a page more than it would use).
   */
  carry?: boolean;
  /** `order` (none: tree order) and `filter` (list-order.ts), checked against the content model. */
  order?: OrderTerm[];
  filters?: FilterTerm[];
  /** `updatedSince` (an ISO time, checked): updated, or delivered again, since then. */
  changedSince?: string;
  /** The page after this row of the same list (list-cursor.ts); `offset` is then 0. */
  after?: Cursor;
}

/** Whether a list is read otherwise than the plain list in tree order (ordered, filtered, synced, after a cursor). */
const ordered = (sel: ListSelection) =>
  (sel.order?.length ?? 0) > 0 ||
  (sel.filters?.length ?? 0) > 0 ||
  sel.changedSince !== undefined ||
  sel.after !== undefined;

/**
 * A page, the number of all matches, whether a page follows (`more`), and the order values and id of the page's
 * last row (`last`, what its cursor keeps).
 */
export type ListPage = {
  rows: DocumentRow[];
  total: number;
  more: boolean;
  last: Array<string | null> | null;
};

type RawListRow = RawDocument & { total: number; more?: boolean; cursor_key?: Array<string | null> };

export async function runList(
  db: Queryable,
  sql: string,
  p: Params,
  offset: number,
): Promise<ListPage | undefined> {
  const res = await db.query<RawListRow>(sql, p.values);
  const total = res.rows[0]?.total ?? 0;
  const raw = res.rows.filter((r) => r.id !== null);
  if (!(await fillFields(db, raw))) return undefined;
  // An ordered list read one row more than it shows; a plain one knows from its exact total.
  const more = res.rows[0]?.more ?? offset + raw.length < total;
  return { rows: raw.map(toRow), total, more, last: raw[raw.length - 1]?.cursor_key ?? null };
}

/** The tree order key of a plain list's row `c` (tree order reads nothing else), for its cursor. */
function treeKey(positionType: 'bytea' | 'numeric[]'): string {
  const none = 'null';
  const cols = { doc: 'c.doc_id', position: 'c.sort_key', positionType, fields: none, shared: none };
  const key = orderKey({ ...cols, title: none, publishedAt: none, updatedAt: none }, treeOrder);
  return ` c.sort_key, ${key} as cursor_key,`;
}

/**
 * Puts the fields of rows read by version (`fieldsByVersion`) in: those kept from an earlier read, the others in
 * one statement. False when a version changed between the two statements (a publish in between): the caller
 * reads again with the fields.
 */
async function fillFields(db: Queryable, raw: RawDocument[]): Promise<boolean> {
  const missing = new Map<string, RawDocument>();
  const memo = fieldsByVersion(db);
  for (const r of raw) {
    if (r.version === undefined) continue;
    const key = versionKey(r.id, r.locale, r.version);
    const known = memo.get(key);
    if (known) r.fields = known as Record<string, unknown>;
    else missing.set(key, r);
  }
  if (missing.size === 0) return true;
  const rows = [...missing.values()];
  const res = await db.query<{
    id: string;
    locale: string;
    version: string;
    fields: Record<string, unknown>;
  }>(
    `select x.document_id as id, x.locale, ${TUPLE_VERSION} as version, x.fields
     from document_versions x
     where x.document_id = any($1::uuid[]) and x.locale = any($2::text[]) and x.state = 'published'`,
    [rows.map((r) => r.id), [...new Set(rows.map((r) => r.locale))]],
  );
  for (const found of res.rows) {
    const key = versionKey(found.id, found.locale, found.version);
    const r = missing.get(key);
    if (r) {
      r.fields = memo.keep(key, found.fields) as Record<string, unknown>;
      missing.delete(key);
    }
  }
  return missing.size === 0;
}

/**
 * The first page of a plain list (by type, maybe parent) as a named statement: with the page size, the types and
 * no offset written into its text, PostgreSQL's generic plan knows the page is small and keeps the index range,
 * so after five runs it stops planning the statement per request (0.7 ms of a 1.3 ms list). With any of them a
 * parameter the generic plan guesses a tenth of the rows and scans and sorts them all (100 ms at 100k), so such
 * lists, and those by tags, `under` or search (whose share of rows only their values tell), stay planned for
 * their values. Written in are only whole numbers and type names of plain characters, never other text.
 */
function firstPageText(sel: ListSelection): { limit: string; types: string } | undefined {
  if (sel.offset !== 0 || sel.under || sel.tags?.length || sel.search) return undefined;
  if (!Number.isSafeInteger(sel.limit) || sel.limit < 0 || sel.limit > 10_000) return undefined;
  if (!sel.types.every((t) => /^[A-Za-z0-9_-]{1,100}$/.test(t))) return undefined;
  const written = {
    limit: String(sel.limit),
    types: `'{${sel.types.map((t) => `"${t}"`).join(',')}}'::text[]`,
  };
  const key = `${written.limit} ${written.types}`;
  if (!writtenPages.has(key)) {
    if (writtenPages.size >= MAX_WRITTEN_PAGES) return undefined;
    writtenPages.add(key);
  }
  return written;
}

/**
 * Each page size and set of types written in makes one or two more statement texts (with and without a parent):
 * bounded, so that lists with ever new sizes cannot take the names every other statement needs
 * (core/db/pg-db.ts names 2000 texts at most).
 */
const MAX_WRITTEN_PAGES = 200;
const writtenPages = new Set<string>();

/**
 * A list read from the delivery index: the page is the first rows of an index range in tree order; only the
 * page's rows are joined to their documents and versions. The exact total of a list filtered by type and
 * parent alone is a sum of the index's counters (`delivered_counts`), else a count of the matching rows.
 */
async function listByIndex(db: Queryable, sel: ListSelection): Promise<ListPage> {
  // A list that carries its rows' targets and refs is GraphQL's or the site's, and rarely the same twice.
  return (
    (await listByIndexOnce(db, sel, !sel.carry)) ?? ((await listByIndexOnce(db, sel, false)) as ListPage)
  );
}

function listByIndexOnce(
  db: Queryable,
  sel: ListSelection,
  fieldsByVersion: boolean,
): Promise<ListPage | undefined> {
  const p = new Params();
  if (ordered(sel)) return runList(db, orderedIndexList(p, sel, fieldsByVersion), p, sel.offset);
  const written = firstPageText(sel);
  const where = indexRange(p, sel, written?.types);
  const counted = !sel.under && !sel.tags?.length && !sel.search;
  const total = counted
    ? `select coalesce(sum(x.n), 0)::int as total from delivered_counts x where ${where.join(' and ')}`
    : undefined;
  where.push(...narrowing(p, sel));
  const page = written
    ? ` order by x.sort_key, x.document_id limit ${written.limit}`
    : ` order by x.sort_key, x.document_id limit ${p.add(sel.limit)} offset ${p.add(sel.offset)}`;
  const key = [
    'list',
    written ? 'written' : '',
    // The count's text is `where` as it stands before the filters that turn `counted` off.
    counted ? 'counted' : '',
    where.join('\n'),
    page,
    sel.carry ? 'carry' : '',
    fieldsByVersion ? 'version' : '',
  ].join('\u0001');
  const sql = textOf(
    key,
    () => `${written ? '' : CUSTOM_PLAN}with ${indexed(where, page)}
    select n.total, page.* from (${total ?? `select count(*)::int as total from delivered_documents x where ${where.join(' and ')}`}) n
    left join lateral (${fullSelect(undefined, treeKey('bytea'), sel.carry ? { targets: true, refs: true } : { fieldsByVersion })}) page on true
    order by page.sort_key, page.id`,
  );
  return runList(db, sql, p, sel.offset);
}

/** One page of a list and the number of all matches, in one statement (the count survives an empty page). */
export async function selectList(
  db: Queryable,
  sel: ListSelection,
  route: Route = 'index',
): Promise<ListPage> {
  if (useIndex(sel.drafts, route)) return listByIndex(db, sel);
  const p = new Params();
  const where = [`d.type = any(${p.add(sel.types)}::text[])`];
  if (sel.parentId) where.push(`d.parent_id = ${p.add(sel.parentId)}::uuid`);
  if (sel.tags?.length) {
    where.push(`exists (select 1 from document_tags dt join tags t on t.id = dt.tag_id
      where dt.document_id = d.id and t.slug = any(${p.add(sel.tags)}::text[]))`);
  }
  if (sel.search) where.push(`v.search @@ ${searchTsquery(p, sel.search)}`);
  const cte = chainCte(p, { spaceId: sel.spaceId, locale: sel.locale, drafts: sel.drafts, where });
  const under = sel.under ? ` and ${p.add(sel.under)}::uuid = any(ancestors)` : '';
  if (ordered(sel))
    return runList(db, orderedChainList(p, sel, cte, under), p, sel.offset) as Promise<ListPage>;
  const sql = `${CUSTOM_PLAN}${cte},
    matched as (select * from chain where next_id is null${under}),
    delivered as (select * from matched order by sort_key, doc_id limit ${p.add(sel.limit)} offset ${p.add(sel.offset)})
    select n.total, page.* from (select count(*)::int as total from matched) n
    left join lateral (${fullSelect(sel.drafts, treeKey('numeric[]'))}) page on true
    order by page.sort_key, page.id`;
  return runList(db, sql, p, sel.offset) as Promise<ListPage>;
}
