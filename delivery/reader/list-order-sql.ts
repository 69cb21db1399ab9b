import type { FilterTerm, OrderTerm, Subject, ValueKind } from './list-order.ts';

/**
 * The SQL of `order` and `filter` (list-order.ts) over a list's rows, for both routes of a list: the delivery
 * index (its title and date columns, migration 0016) and the walk of previews (the version's columns). Values are
 * parameters; field names are written in, but only names the content model allows (`[A-Za-z][A-Za-z0-9_]*`).
 */

/** Where a list's statement holds what an order or a filter reads. */
export interface OrderColumns {
  /** The document id. */
  doc: string;
  title: string;
  publishedAt: string;
  updatedAt: string;
  /** The tree order key: `bytea` on the delivery index, `numeric[]` on the walk of previews (`positionType`). */
  position: string;
  positionType?: 'bytea' | 'numeric[]';
  /** The fields of the version in the requested locale (`v`), and of the default locale's (`sv`). */
  fields: string;
  shared: string;
  /** How well the row matches the list's `search` (`ts_rank`), when the order asks for `relevance`. */
  rank?: string;
  /** Where the field values' index (migration 0019) holds the list's values: published lists of one type. */
  fieldValues?: FieldValueRange;
}

/** SQL of the space, the requested and the default locale, and the type whose field values a list reads. */
export interface FieldValueRange {
  space(): string;
  locale(): string;
  defaultLocale(): string;
  type(): string;
}

export interface ParamSink {
  add(value: unknown): string;
}

const fieldName = /^[A-Za-z][A-Za-z0-9_]*$/;

/** Whether a term reads the version's fields: the statement then joins them (`v`, and `sv` for shared fields). */
export const readsFields = (terms: ReadonlyArray<{ subject: Subject }>) =>
  terms.some((t) => 'field' in t.subject);
export const readsSharedFields = (terms: ReadonlyArray<{ subject: Subject }>) =>
  terms.some((t) => 'field' in t.subject && !t.subject.localized);
export const ranks = (terms: ReadonlyArray<{ subject: Subject }>) =>
  terms.some((t) => 'relevance' in t.subject);

/** The jsonb of a field: its own version's, or for a field shared by all locales the default locale's. */
function fieldJson(cols: OrderColumns, subject: { field: string; localized: boolean }): string {
  if (!fieldName.test(subject.field)) throw new Error(`not a field name: ${subject.field}`);
  const own = `${cols.fields}->'${subject.field}'`;
  return subject.localized ? own : `coalesce(${cols.shared}->'${subject.field}', ${own})`;
}

/**
 * A field's value as SQL compares it; a stored value of another JSON type (left from an earlier content model)
 * is null, never an error. Dates compare as points in time (a date alone is its midnight in the server's zone).
 */
function scalar(kind: ValueKind, json: string): string {
  const text = `(${json} #>> '{}')`;
  switch (kind) {
    case 'number':
      return `(case when jsonb_typeof(${json}) = 'number' then ${text}::numeric end)`;
    case 'time':
      return `(case when jsonb_typeof(${json}) = 'string' and ${text} ~ '^\\d{4}-\\d{2}-\\d{2}' then ${text}::timestamptz end)`;
    case 'boolean':
      return `(case when jsonb_typeof(${json}) = 'boolean' then ${text}::boolean end)`;
    case 'id':
      return `lower(case when jsonb_typeof(${json}) = 'string' then ${text} end)`;
    default:
      return `(case when jsonb_typeof(${json}) = 'string' then ${text} end)`;
  }
}

function valueSql(cols: OrderColumns, subject: Subject, kind: ValueKind): string {
  if ('column' in subject) {
    if (subject.column === 'position') return cols.position;
    return subject.column === 'title' ? cols.title : cols[subject.column];
  }
  if ('tags' in subject) throw new Error('tags have no single value');
  if ('relevance' in subject) throw new Error('relevance is an order only');
  return scalar(kind, fieldJson(cols, subject));
}

const sqlType: Record<ValueKind, string> = {
  time: 'timestamptz',
  number: 'numeric',
  text: 'text',
  boolean: 'boolean',
  id: 'text',
  set: 'text',
};

const comparison = { eq: '=', lt: '<', lte: '<=', gt: '>', gte: '>=' } as const;

/** The value an order term compares (titles as the index holds them, migration 0016). */
function orderValue(cols: OrderColumns, subject: Subject): string {
  if ('relevance' in subject) {
    if (!cols.rank) throw new Error('an order by relevance needs the rank');
    return cols.rank;
  }
  if ('column' in subject)
    return subject.column === 'title' ? `left(${cols.title}, 300)` : valueSql(cols, subject, 'text');
  return valueSql(cols, subject, 'field' in subject ? subject.kind : 'text');
}

/** `order by` terms, then the id in the last term's direction: a total order, as the order indexes hold it. */
export function orderBy(cols: OrderColumns, terms: readonly OrderTerm[]): string {
  const parts = terms.map(({ subject, descending }) => {
    const value = orderValue(cols, subject);
    if ('column' in subject) return `${value}${descending ? ' desc' : ''}`;
    // A document without the value comes last either way.
    return `${value} ${descending ? 'desc' : 'asc'} nulls last`;
  });
  const last = terms[terms.length - 1];
  return [...parts, `${cols.doc}${last?.descending ? ' desc' : ''}`].join(', ');
}

function tagCondition(cols: OrderColumns, p: ParamSink, term: FilterTerm): string {
  const carries = (slugs: string) =>
    `exists (select 1 from document_tags dt join tags t on t.id = dt.tag_id
      where dt.document_id = ${cols.doc} and t.slug = any(${slugs}::text[]))`;
  switch (term.op) {
    case 'exists':
      return `${term.values[0] ? '' : 'not '}exists (select 1 from document_tags dt where dt.document_id = ${cols.doc})`;
    case 'ne':
      return `not ${carries(p.add(term.values))}`;
    default:
      return carries(p.add(term.values));
  }
}

/** A multiple select: an array of options, which `eq` and `in` look into. */
function setCondition(json: string, p: ParamSink, term: FilterTerm): string {
  const array = `(case when jsonb_typeof(${json}) = 'array' then ${json} end)`;
  switch (term.op) {
    case 'exists':
      return `coalesce(jsonb_array_length(${array}) > 0, false) = ${term.values[0] ? 'true' : 'false'}`;
    case 'ne':
      return `not coalesce(${array} ?| ${p.add(term.values)}::text[], false)`;
    default:
      return `coalesce(${array} ?| ${p.add(term.values)}::text[], false)`;
  }
}

const indexedKinds: Partial<Record<ValueKind, 'num' | 'at'>> = { number: 'num', boolean: 'num', time: 'at' };

/**
 * Whether a filter reads the field values' index rather than the versions' fields: numbers, booleans (0 and 1)
 * and dates of a published list of one type. Text stays with the versions: the index holds 300 characters.
 */
export const filtersByIndex = (cols: Pick<OrderColumns, 'fieldValues'>, term: FilterTerm): boolean =>
  cols.fieldValues !== undefined && 'field' in term.subject && indexedKinds[term.kind] !== undefined;

/**
 * A filter on a field as the documents whose value in the field values' index matches (`in`) or does not (`not
 * in`, which keeps documents without the value, as `ne` and `exists=false` do): the planner may start from the
 * index's range when it is narrow, or take the range whole for a broad one, never the versions' JSON.
 */
function indexedCondition(cols: OrderColumns, p: ParamSink, term: FilterTerm): string {
  const { subject, kind, op, values } = term;
  if (!('field' in subject)) throw new Error('not a field filter');
  const col = indexedKinds[kind]!;
  const type = col === 'num' ? 'numeric' : 'timestamptz';
  const of = (v: string | number | boolean) => (kind === 'boolean' ? (v ? 1 : 0) : v);
  const range = `${valuesOf(cols, p, subject)} and f.${col}`;
  switch (op) {
    case 'exists':
      return `${cols.doc} ${values[0] ? '' : 'not '}in (${range} is not null)`;
    case 'ne':
      return `${cols.doc} not in (${range} = ${p.add(of(values[0]!))}::${type})`;
    case 'in':
      return `${cols.doc} in (${range} = any(${p.add(values.map(of))}::${type}[]))`;
    default:
      return `${cols.doc} in (${range} ${comparison[op]} ${p.add(of(values[0]!))}::${type})`;
  }
}

/** One `where` condition per filter. */
export function filterConditions(cols: OrderColumns, p: ParamSink, terms: readonly FilterTerm[]): string[] {
  return terms.map((term) => {
    const { subject, kind, op, values } = term;
    if ('tags' in subject) return tagCondition(cols, p, term);
    if (filtersByIndex(cols, term)) return indexedCondition(cols, p, term);
    if (kind === 'set' && 'field' in subject) return setCondition(fieldJson(cols, subject), p, term);
    const value = valueSql(cols, subject, kind);
    const type = sqlType[kind];
    // Text equal to a value starts with its first 300 characters: the index's range narrows, the version decides.
    const narrowed =
      cols.fieldValues && 'field' in subject && kind === 'text' && (op === 'eq' || op === 'in')
        ? `${textRange(cols, p, subject, values)} and `
        : '';
    switch (op) {
      case 'exists':
        return `${value} is ${values[0] ? 'not ' : ''}null`;
      case 'ne':
        return `${value} is distinct from ${p.add(values[0])}::${type}`;
      case 'in':
        return `${narrowed}${value} = any(${p.add(values)}::${type}[])`;
      default:
        return `${narrowed}${value} ${comparison[op]} ${p.add(values[0])}::${type}`;
    }
  });
}

/** The documents whose text field starts with one of `values`' first 300 characters (the index holds as many). */
function textRange(
  cols: OrderColumns,
  p: ParamSink,
  subject: { field: string; localized: boolean },
  values: ReadonlyArray<string | number | boolean>,
): string {
  return `${cols.doc} in (${valuesOf(cols, p, subject)}
        and f.txt = any(array(select left(t, 300) from unnest(${p.add(values)}::text[]) t)))`;
}

/** The ids of the field values' index rows of one field of the list (`f`): a filter adds its comparison. */
function valuesOf(cols: OrderColumns, p: ParamSink, subject: { field: string; localized: boolean }): string {
  const fv = cols.fieldValues!;
  const locale = subject.localized ? fv.locale() : fv.defaultLocale();
  return `select f.document_id from delivered_field_values f
      where f.space_id = ${fv.space()} and f.locale = ${locale} and f.type = ${fv.type()}
        and f.field = ${p.add(subject.field)}`;
}

/** The SQL type of an order term's value: what a cursor's value of it is cast to (list-cursor.ts checks it). */
export function orderType(subject: Subject, positionType: OrderColumns['positionType'] = 'bytea'): string {
  // ts_rank's float4 prints the shortest text that reads back as the same value (PostgreSQL 12 and later).
  if ('relevance' in subject) return 'real';
  if ('column' in subject) {
    if (subject.column === 'position') return positionType;
    return subject.column === 'title' ? 'text' : 'timestamptz';
  }
  return sqlType['field' in subject ? subject.kind : 'text'];
}

/**
 * The values of a row's order terms and its id, as a JSON array of text (null for a missing value): what a cursor
 * keeps of the last row of a page. Times to the microsecond in ISO form, whatever the session's date style.
 */
export function orderKey(cols: OrderColumns, terms: readonly OrderTerm[]): string {
  const values = terms.map(({ subject }) => {
    const value = orderValue(cols, subject);
    return orderType(subject, cols.positionType) === 'timestamptz'
      ? `to_json(${value}) #>> '{}'`
      : `(${value})::text`;
  });
  return `json_build_array(${[...values, `${cols.doc}::text`].join(', ')})`;
}

/**
 * The rows after a cursor's row in the order `terms` (then the id in the last term's direction), as `orderBy`
 * sorts them (docs/delivery-api.md, "Sync"): a keyset, so that rows published, unpublished or moved before the
 * cursor never shift a later page. `values` are the row's, as `orderKey` wrote them. Terms of one direction on
 * values that are never null (title, updatedAt, position) compare as one row, a range of their index; others as
 * the expanded form, where a missing value sorts last (first for a column descending, as `orderBy` leaves it).
 */
export function afterCursor(
  cols: OrderColumns,
  p: ParamSink,
  terms: readonly OrderTerm[],
  values: ReadonlyArray<string | null>,
  id: string,
): string {
  const descending = terms[terms.length - 1]?.descending ?? false;
  const keys = terms.map((t, i) => ({
    sql: orderValue(cols, t.subject),
    value: values[i] ?? null,
    type: orderType(t.subject, cols.positionType),
    descending: t.descending,
    nullable: !('column' in t.subject) || t.subject.column === 'publishedAt',
    // `orderBy` puts a missing value first only for a column descending (PostgreSQL's default).
    nullsFirst: 'column' in t.subject && t.descending,
  }));
  const idParam = `${p.add(id)}::uuid`;
  // Bytes and arrays go as text, read by their type's input (PGlite would want them as objects).
  const cast = (value: string | null, type: string) =>
    `${p.add(value)}${type === 'bytea' || type.endsWith('[]') ? '::text' : ''}::${type}`;
  if (keys.every((k) => !k.nullable && k.descending === descending)) {
    const row = keys.map((k) => cast(k.value, k.type));
    return `(${[...keys.map((k) => k.sql), cols.doc].join(', ')}) ${descending ? '<' : '>'} (${[...row, idParam].join(', ')})`;
  }
  const params = keys.map((k) => (k.value === null ? null : cast(k.value, k.type)));
  const equal = (i: number) =>
    params[i] === null ? `${keys[i]!.sql} is null` : `${keys[i]!.sql} = ${params[i]}`;
  const after = (i: number): string | undefined => {
    const k = keys[i]!;
    const v = params[i];
    if (v === null) return k.nullsFirst ? `${k.sql} is not null` : undefined;
    const beyond = `${k.sql} ${k.descending ? '<' : '>'} ${v}`;
    return k.nullable && !k.nullsFirst ? `(${beyond} or ${k.sql} is null)` : beyond;
  };
  const alternatives: string[] = [];
  for (let i = 0; i <= keys.length; i++) {
    const last = i === keys.length ? `${cols.doc} ${descending ? '<' : '>'} ${idParam}` : after(i);
    if (last === undefined) continue;
    alternatives.push([...keys.slice(0, i).map((_, j) => equal(j)), last].join(' and '));
  }
  return `(${alternatives.map((a) => `(${a})`).join(' or ')})`;
}
