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
  /** The tree order key. */
  position: string;
  /** The fields of the version in the requested locale (`v`), and of the default locale's (`sv`). */
  fields: string;
  shared: string;
  /** How well the row matches the list's `search` (`ts_rank`), when the order asks for `relevance`. */
  rank?: string;
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

/** `order by` terms, then the id in the last term's direction: a total order, as the order indexes hold it. */
export function orderBy(cols: OrderColumns, terms: readonly OrderTerm[]): string {
  const parts = terms.map(({ subject, descending }) => {
    if ('relevance' in subject) {
      if (!cols.rank) throw new Error('an order by relevance needs the rank');
      return `${cols.rank} desc`;
    }
    if ('column' in subject) {
      // Titles as the index holds them (migration 0016).
      const value = subject.column === 'title' ? `left(${cols.title}, 300)` : valueSql(cols, subject, 'text');
      return `${value}${descending ? ' desc' : ''}`;
    }
    const kind = 'field' in subject ? subject.kind : 'text';
    // A document without the value comes last either way.
    return `${valueSql(cols, subject, kind)} ${descending ? 'desc' : 'asc'} nulls last`;
  });
  const last = terms[terms.length - 1];
  const down = last && (last.descending || 'relevance' in last.subject);
  return [...parts, `${cols.doc}${down ? ' desc' : ''}`].join(', ');
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

/** One `where` condition per filter. */
export function filterConditions(cols: OrderColumns, p: ParamSink, terms: readonly FilterTerm[]): string[] {
  return terms.map((term) => {
    const { subject, kind, op, values } = term;
    if ('tags' in subject) return tagCondition(cols, p, term);
    if (kind === 'set' && 'field' in subject) return setCondition(fieldJson(cols, subject), p, term);
    const value = valueSql(cols, subject, kind);
    const type = sqlType[kind];
    switch (op) {
      case 'exists':
        return `${value} is ${values[0] ? 'not ' : ''}null`;
      case 'ne':
        return `${value} is distinct from ${p.add(values[0])}::${type}`;
      case 'in':
        return `${value} = any(${p.add(values)}::${type}[])`;
      default:
        return `${value} ${comparison[op]} ${p.add(values[0])}::${type}`;
    }
  });
}
