import type { Queryable } from '../../core/db/types.ts';
import type { TypeDef } from '../../core/space-format/field-defs.ts';
import { badCursor, decodeCursor, encodeCursor, listHash } from './list-cursor.ts';
import { type FilterTerm, type OrderTerm, parseOrder, timeValue } from './list-order.ts';
import { orderType } from './list-order-sql.ts';
import type { ListPage, ListSelection } from './list-select.ts';
import { treeOrder } from './ordered-list-query.ts';
import type { DeletedList, DeletedQuery, ListQuery, ReadContext } from './types.ts';

/**
 * `updatedSince` and `cursor` of a content list (docs/delivery-api.md, "Sync"). The cursor goes on with the list
 * it was made for: the same order (`updatedSince` without `order` orders by `updatedAt`), filters, type, locale
 * and narrowing; `limit` may change from page to page.
 */
export interface Paging {
  order: OrderTerm[];
  /** What the selection gains: `changedSince`, `after`. */
  selection: Pick<ListSelection, 'changedSince' | 'after'>;
  /** The cursor of the page after `page`, or null when none follows. */
  next(page: ListPage): string | null;
}

export function listPaging(
  ctx: ReadContext,
  query: ListQuery,
  typeDef: TypeDef | undefined,
  filters: readonly FilterTerm[],
): Paging {
  const changedSince =
    query.updatedSince !== undefined ? timeValue(query.updatedSince, 'updatedSince') : undefined;
  const orderText = query.order ?? (changedSince !== undefined ? 'updatedAt' : undefined);
  const order = parseOrder(orderText, typeDef, Boolean(query.search?.trim()));
  const hash = listHash([
    ctx.spaceId,
    ctx.locale,
    ctx.drafts ? 'drafts' : 'published',
    query.type ?? null,
    query.parentId ?? null,
    query.under ?? null,
    [...(query.tags ?? [])].sort(),
    query.search ?? null,
    order,
    filters.map((f) => JSON.stringify(f)).sort(),
    changedSince ?? null,
  ]);
  let after: ListSelection['after'];
  if (query.cursor !== undefined) {
    if (query.offset !== 0)
      throw badCursor('with_offset', query.cursor, 'A page is asked by `cursor` or by `offset`, not both.');
    // The walk of previews keeps tree positions as numbers, the delivery index as bytes.
    const positionType = ctx.drafts ? 'numeric[]' : 'bytea';
    const effective = order.length ? order : treeOrder;
    const types = effective.map((t) => orderType(t.subject, positionType));
    after = decodeCursor(query.cursor, hash, types);
  }
  return {
    order,
    selection: {
      ...(changedSince !== undefined ? { changedSince } : {}),
      ...(after ? { after } : {}),
    },
    next: (page) => (page.more && page.last ? encodeCursor(hash, page.last) : null),
  };
}

/**
 * Documents that were delivered in the locale and are not any more (unpublished, deleted, or below a parent that
 * is), since `since`, oldest removal first, from the delivery journal (migration 0018). Paged by cursor only.
 */
export async function selectDeleted(
  db: Queryable,
  ctx: ReadContext,
  query: DeletedQuery,
): Promise<DeletedList> {
  const since = timeValue(query.since, 'since');
  const hash = listHash(['deleted', ctx.spaceId, ctx.locale, query.type ?? null, since]);
  const after = query.cursor !== undefined ? decodeCursor(query.cursor, hash, ['timestamptz']) : undefined;
  const values: unknown[] = [ctx.spaceId, ctx.locale, since, query.limit + 1];
  const add = (v: unknown) => `$${values.push(v)}`;
  const where = [
    'j.space_id = $1',
    'j.locale = $2',
    'not j.delivered',
    'j.changed_at >= $3::timestamptz',
    ...(query.type !== undefined ? [`j.type = ${add(query.type)}`] : []),
    ...(after
      ? [`(j.changed_at, j.document_id) > (${add(after.values[0])}::timestamptz, ${add(after.id)}::uuid)`]
      : []),
  ];
  const res = await db.query<{ id: string; type: string; locale: string; changed_at: Date; key: string }>(
    `select j.document_id as id, j.type, j.locale, j.changed_at, to_json(j.changed_at) #>> '{}' as key
     from delivery_journal j where ${where.join(' and ')}
     order by j.changed_at, j.document_id limit $4`,
    values,
  );
  const rows = res.rows.slice(0, query.limit);
  const last = rows[rows.length - 1];
  return {
    items: rows.map((r) => ({
      id: r.id,
      type: r.type,
      locale: r.locale,
      deletedAt: new Date(r.changed_at).toISOString(),
    })),
    cursor: res.rows.length > query.limit && last ? encodeCursor(hash, [last.key, last.id]) : null,
  };
}
