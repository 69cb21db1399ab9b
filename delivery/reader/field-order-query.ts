import type { OrderTerm, ValueKind } from './list-order.ts';
import type { FieldValueRange } from './list-order-sql.ts';
import type { ListSelection } from './list-select.ts';
import type { Params } from './sql-params.ts';

/**
 * A list ordered by one field (`order=-fields.reading_time&type=blog-post`) read from the field values' index
 * (migration 0019) instead of every candidate's version: the documents with the value are a range of
 * `delivered_field_values_<kind>` in the value's order, those without it (last, whichever the direction) a range
 * of `delivered_documents_type_id` by id, each branch stopped at the page's end, so the first page of 100k
 * documents reads some 25 entries of each. A field that is not localized is ordered by the default locale's
 * value (what the default locale's editors set). docs/performance.md, "Ordered lists", has the plans.
 */

const columnOf: Partial<Record<ValueKind, 'num' | 'at' | 'txt'>> = {
  number: 'num',
  boolean: 'num',
  time: 'at',
  text: 'txt',
};

type FieldTerm = OrderTerm & { subject: { field: string; kind: ValueKind; localized: boolean } };

/** The one field term of a list the index can order: a single order term on a field, one type, published. */
export function indexedFieldOrder(sel: ListSelection): FieldTerm | undefined {
  const [term, ...more] = sel.order ?? [];
  if (!term || more.length > 0 || sel.drafts || sel.types.length !== 1) return undefined;
  if (!('field' in term.subject) || !columnOf[term.subject.kind]) return undefined;
  return term as FieldTerm;
}

/** The value a cursor's row had, as its column holds it (booleans as 0 and 1), for the index's comparison. */
function cursorValue(term: FieldTerm, col: 'num' | 'at' | 'txt', param: string): string {
  if (term.subject.kind === 'boolean') return `(case when ${param}::boolean then 1 else 0 end)::numeric`;
  return `${param}::${col === 'num' ? 'numeric' : col === 'at' ? 'timestamptz' : 'text'}`;
}

/** The cursor key of a row as `orderKey` writes it (list-order-sql.ts): the value, then the id. */
function keyOf(term: FieldTerm, col: 'num' | 'at' | 'txt', value: string): string {
  const text =
    term.subject.kind === 'boolean'
      ? `(${value} = 1)::text`
      : col === 'at'
        ? `to_json(${value}) #>> '{}'`
        : `(${value})::text`;
  return `json_build_array(${text}, x.document_id::text)`;
}

/**
 * The `delivered` rows of the page (`doc_id, locale, slugs, ancestors, cursor_key`, in order, one more than the
 * page; the caller numbers them with the `limit` parameter it gets back): `joins` and `where` are the list's own (its
 * range, narrowing and filters on `x`), applied in both branches. After a cursor on a row with the value, the
 * first branch starts past it and the second is whole; on a row without it, the first is empty and the second
 * starts past its id.
 */
export function fieldOrderedPage(
  p: Params,
  sel: ListSelection,
  term: FieldTerm,
  range: FieldValueRange,
  joins: string,
  where: readonly string[],
): { ctes: string; limit: string } {
  const col = columnOf[term.subject.kind]!;
  const dir = term.descending ? 'desc' : 'asc';
  const past = term.descending ? '<' : '>';
  const field = p.add(term.subject.field);
  const space = range.space();
  const type = range.type();
  const valueLocale = term.subject.localized ? range.locale() : range.defaultLocale();
  const limit = p.add(sel.limit);
  const reach = `${limit}::int + 1 + ${p.add(sel.offset)}::int`;
  const conditions = [...where, `x.type = ${type}`].join(' and ');
  const columns = 'x.document_id as doc_id, x.locale, x.slugs, x.ancestors';
  const cursorValueOf = sel.after?.values[0] ?? null;
  const afterId = sel.after ? `${p.add(sel.after.id)}::uuid` : '';
  const valuedAfter = !sel.after
    ? ''
    : cursorValueOf === null
      ? ' and false'
      : ` and (f.${col}, f.document_id) ${past} (${cursorValue(term, col, p.add(cursorValueOf))}, ${afterId})`;
  const unvaluedAfter = sel.after && cursorValueOf === null ? ` and x.document_id ${past} ${afterId}` : '';
  // The second branch runs only when the first ends before the page does (a one-time filter): otherwise its
  // anti-join would walk every document that has the value to find none without.
  const ctes = `valued as materialized (
      select ${columns}, f.${col} as v, ${keyOf(term, col, `f.${col}`)} as cursor_key
      from delivered_field_values f
      join delivered_documents x on x.document_id = f.document_id and x.locale = ${range.locale()}
      ${joins}
      where f.space_id = ${space} and f.locale = ${valueLocale} and f.type = ${type} and f.field = ${field}
        and f.${col} is not null and ${conditions}${valuedAfter}
      order by f.${col} ${dir}, f.document_id ${dir} limit ${reach}
    ),
    unvalued as (
      select ${columns}, json_build_array(null, x.document_id::text) as cursor_key
      from delivered_documents x ${joins}
      where (select count(*) from valued) < ${reach} and ${conditions}${unvaluedAfter} and not exists (
        select 1 from delivered_field_values f
        where f.document_id = x.document_id and f.space_id = ${space} and f.locale = ${valueLocale}
          and f.type = ${type} and f.field = ${field} and f.${col} is not null)
      order by x.document_id ${dir} limit ${reach}
    ),
    delivered as (
      select u.doc_id, u.locale, u.slugs, u.ancestors, u.cursor_key from (
        select doc_id, locale, slugs, ancestors, cursor_key, 0 as part, v from valued
        union all
        select doc_id, locale, slugs, ancestors, cursor_key, 1 as part, null from unvalued
      ) u
      order by u.part, u.v ${dir}, u.doc_id ${dir}
      limit ${limit}::int + 1 offset ${p.add(sel.offset)}
    )`;
  return { ctes, limit };
}
