import { CUSTOM_PLAN } from '../../core/db/custom-plan.ts';
import { fullSelect, versionJoin } from './document-query.ts';
import { fieldOrderedPage, indexedFieldOrder } from './field-order-query.ts';
import type { OrderTerm } from './list-order.ts';
import {
  afterCursor,
  type FieldValueRange,
  filterConditions,
  filtersByIndex,
  type OrderColumns,
  orderBy,
  orderKey,
  ranks,
  readsFields,
  readsSharedFields,
} from './list-order-sql.ts';
import type { ListSelection } from './list-select.ts';
import { searchTsquery } from './search-query.ts';
import type { Params } from './sql-params.ts';

/**
 * Lists with `order` or `filter` (list-order.ts). On the delivery index, `publishedAt`, `updatedAt`, `title` and
 * `position` are columns with an index each (migration 0016: `(space_id, locale, <key>, document_id)`), so the
 * first page of a list in one of those orders is the first entries of an index range, whatever the list's size;
 * filters on them narrow the same range. An order by one field is a range of the field values' index
 * (field-order-query.ts); a filter on a field, a field among several order terms, and `relevance` read each
 * candidate's version (a top-N sort over the rows of the list's type and filters); docs/performance.md has the
 * plans and their costs.
 * Every statement is planned for its values (`CUSTOM_PLAN`): whether a range or a sort is cheaper depends on how
 * many rows the type and the filters leave.
 */

/** The published version's fields of a delivery index row `x` in its locale (`v`) and in the default (`sv`). */
const VERSION_FIELDS = `join lateral (
      select y.fields from document_versions y
      where y.document_id = x.document_id and y.locale = x.locale collate "default" and y.state = 'published'
      limit 1
    ) v on true`;
const SHARED_FIELDS = (doc: string, space: string) => `left join lateral (
      select y.fields from document_versions y
      where y.document_id = ${doc} and y.state = 'published'
        and y.locale = (select default_locale from spaces where id = ${space})
      limit 1
    ) sv on true`;

/** The published version's search vector of a delivery index row `x`, for an order by relevance (`rs`). */
const SEARCH_VECTOR = `join lateral (
      select y.search from document_versions y
      where y.document_id = x.document_id and y.locale = x.locale collate "default" and y.state = 'published'
      limit 1
    ) rs on true`;

/**
 * Where the field values of a published list of one type are (list-order-sql.ts, `filtersByIndex`). Each
 * parameter is added once a filter uses it: PostgreSQL refuses a parameter the statement never reads.
 */
function fieldValueRange(p: Params, sel: ListSelection): FieldValueRange {
  const once = (make: () => string) => {
    let sql: string | undefined;
    return () => {
      sql ??= make();
      return sql;
    };
  };
  const space = once(() => p.add(sel.spaceId));
  return {
    space,
    locale: once(() => p.add(sel.locale)),
    defaultLocale: once(() => `(select s.default_locale from spaces s where s.id = ${space()})`),
    type: once(() => p.add(sel.types[0])),
  };
}

/** space, locale, types, parent: the range of the delivery index a list reads (`writtenTypes`: spelled in). */
export function indexRange(p: Params, sel: ListSelection, writtenTypes?: string): string[] {
  const where = [
    `x.space_id = ${p.add(sel.spaceId)}`,
    `x.locale = ${p.add(sel.locale)}`,
    `x.type = any(${writtenTypes ?? `${p.add(sel.types)}::text[]`})`,
  ];
  if (sel.parentId) where.push(`x.parent_id = ${p.add(sel.parentId)}::uuid`);
  return where;
}

/** `under`, `tags` and `search` on a delivery index row `x`. */
export function narrowing(p: Params, sel: ListSelection): string[] {
  const where: string[] = [];
  if (sel.under) where.push(`x.ancestors @> array[${p.add(sel.under)}::uuid]`);
  if (sel.tags?.length) {
    where.push(`exists (select 1 from document_tags dt join tags t on t.id = dt.tag_id
      where dt.document_id = x.document_id and t.slug = any(${p.add(sel.tags)}::text[]))`);
  }
  if (sel.search) {
    where.push(`exists (select 1 from document_versions v
      where v.document_id = x.document_id and v.locale = x.locale and v.state = 'published'
        and v.search @@ ${searchTsquery(p, sel.search)})`);
  }
  return where;
}

const terms = (sel: ListSelection) => [...(sel.filters ?? []), ...(sel.order ?? [])];
export const treeOrder: OrderTerm[] = [{ subject: { column: 'position' }, descending: false }];
/** The order a list's pages follow: its `order`, else tree order. */
export const orderOf = (sel: ListSelection): OrderTerm[] => (sel.order?.length ? sel.order : treeOrder);

/**
 * `updatedSince` (docs/delivery-api.md, "Sync"): updated since the time, or on the delivery index, delivered again
 * since then (its parent published again: its own updatedAt is older; migration 0018's journal), both one
 * condition: the journal's rows are read once, not per row.
 */
function changedSince(cols: OrderColumns, p: Params, sel: ListSelection, journal: boolean): string[] {
  if (sel.changedSince === undefined) return [];
  const since = p.add(sel.changedSince);
  const updated = `${cols.updatedAt} >= ${since}::timestamptz`;
  if (!journal) return [updated];
  return [
    `(${updated} or ${cols.doc} = any(array(select j.document_id from delivery_journal j
      where j.space_id = ${p.add(sel.spaceId)} and j.locale = ${p.add(sel.locale)} and j.delivered
        and j.changed_at >= ${since}::timestamptz)))`,
  ];
}

/**
 * The page, numbered in its order (`ord`) and carrying its order values (`cursor_key`), with the total: the rows
 * are then read as a plain list's are, and the answer keeps the page's order. One row more than the page is read
 * (and not shown): whether there is a next page (`more`). After a cursor, the page starts past its row.
 */
function paged(
  p: Params,
  sel: ListSelection,
  cols: OrderColumns,
  [columns, from]: [string, string],
  where: string[],
) {
  const order = orderOf(sel);
  const after = sel.after ? [afterCursor(cols, p, order, sel.after.values, sel.after.id)] : [];
  const limit = p.add(sel.limit);
  return `delivered as (
      select ${columns}, ${orderKey(cols, order)} as cursor_key from ${from}
      where ${[...where, ...after].join(' and ')}
      order by ${orderBy(cols, order)} limit ${limit}::int + 1 offset ${p.add(sel.offset)}
    ),
    ${numberedPage(limit)}`;
}

/** `delivered` (up to one row more than the page) numbered in its order, and the rows `shown`. */
const numberedPage = (
  limit: string,
) => `numbered as (select c.*, row_number() over () as ord from delivered c),
    shown as (select * from numbered where ord <= ${limit}::int)`;

/** The page's rows as a plain list reads them, with the total, whether there are more, and the cursor key. */
const pageSelect = (total: string, select: string) =>
  `select n.total, (select count(*) from numbered) > (select count(*) from shown) as more, page.* from (${total}) n
    left join lateral (${select}) page on true
    order by page.ord`;

/** An ordered or filtered list read from the delivery index. */
export function orderedIndexList(p: Params, sel: ListSelection, fieldsByVersion: boolean): string {
  const ranked = ranks(sel.order ?? []) && Boolean(sel.search);
  const cols: OrderColumns = {
    doc: 'x.document_id',
    title: 'x.title',
    publishedAt: 'x.published_at',
    updatedAt: 'x.updated_at',
    position: 'x.sort_key',
    fields: 'v.fields',
    shared: 'sv.fields',
    ...(ranked ? { rank: `ts_rank(rs.search, ${searchTsquery(p, sel.search!, 'x.locale')}, 1)` } : {}),
    ...(sel.types.length === 1 ? { fieldValues: fieldValueRange(p, sel) } : {}),
  };
  const byField = indexedFieldOrder(sel);
  // The field values' index gives the order's values and most filters'; the rest read the versions' fields.
  const byJson = (sel.filters ?? []).filter((t) => !filtersByIndex(cols, t));
  const all = byField ? byJson : [...byJson, ...orderOf(sel)];
  const joins = [
    readsFields(all) ? VERSION_FIELDS : '',
    readsSharedFields(all) ? SHARED_FIELDS('x.document_id', 'x.space_id') : '',
    ranked ? SEARCH_VECTOR : '',
  ].join('\n');
  const range = indexRange(p, sel);
  // Ordered but not filtered: the exact total is a sum of the index's counters, as for a plain list (a count of
  // 100k rows took 16 ms of a 17 ms list).
  const counted =
    !sel.under && !sel.tags?.length && !sel.search && !sel.filters?.length && sel.changedSince === undefined;
  const total = counted
    ? `select coalesce(sum(x.n), 0)::int as total from delivered_counts x where ${range.join(' and ')}`
    : undefined;
  const where = [
    ...range,
    ...narrowing(p, sel),
    ...filterConditions(cols, p, sel.filters ?? []),
    ...changedSince(cols, p, sel, true),
  ];
  const rows = `delivered_documents x ${joins}`;
  const columns = 'x.document_id as doc_id, x.locale, x.slugs, x.ancestors';
  const carry = sel.carry ? { targets: true, refs: true } : { fieldsByVersion };
  const byIndex =
    byField && cols.fieldValues && fieldOrderedPage(p, sel, byField, cols.fieldValues, joins, where);
  const page = byIndex
    ? `${byIndex.ctes},\n    ${numberedPage(byIndex.limit)}`
    : paged(p, sel, cols, [columns, rows], where);
  return `${CUSTOM_PLAN}with ${page}
    ${pageSelect(
      total ?? `select count(*)::int as total from ${rows} where ${where.join(' and ')}`,
      fullSelect(undefined, ' c.ord, c.cursor_key,', carry, 'shown'),
    )}`;
}

/** An ordered or filtered list read by the walk of the tree (`cte`, previews): as orderedIndexList, by the versions. */
export function orderedChainList(p: Params, sel: ListSelection, cte: string, under: string): string {
  const cols: OrderColumns = {
    doc: 'c.doc_id',
    title: 'v.title',
    publishedAt: 'v.published_at',
    updatedAt: 'v.updated_at',
    position: 'c.sort_key',
    positionType: 'numeric[]',
    fields: 'v.fields',
    shared: 'sv.fields',
    ...(ranks(sel.order ?? []) && sel.search
      ? { rank: `ts_rank(v.search, ${searchTsquery(p, sel.search)}, 1)` }
      : {}),
  };
  const where = [
    `c.next_id is null${under}`,
    ...filterConditions(cols, p, sel.filters ?? []),
    ...changedSince(cols, p, sel, false),
  ];
  const rows = `chain c join documents d on d.id = c.doc_id
      ${versionJoin('v', 'd', (col) => `${col} = c.locale`, sel.drafts)}
      ${readsSharedFields([...terms(sel), ...orderOf(sel)]) ? SHARED_FIELDS('d.id', 'd.space_id') : ''}`;
  const columns = 'c.doc_id, c.locale, c.slugs, c.ancestors';
  return `${CUSTOM_PLAN}${cte}, ${paged(p, sel, cols, [columns, rows], where)}
    ${pageSelect(
      `select count(*)::int as total from ${rows} where ${where.join(' and ')}`,
      fullSelect(sel.drafts, ' c.ord, c.cursor_key,', {}, 'shown'),
    )}`;
}
