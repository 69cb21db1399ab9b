import { AppError } from '../../core/errors/app-error.ts';
import { type FieldDef, isPublic, type TypeDef } from '../../core/space-format/field-defs.ts';
import { realDate } from './list-cursor.ts';

/**
 * `order` and `filter` of a content list (docs/delivery-api.md, "Order and filter"), checked against the content
 * model: the same rules for REST and GraphQL. A name the list does not have (an order key, a filter field, an
 * operator, a query parameter) answers 400 `query.invalid` with the allowed names in its detail; a value that does
 * not fit its field (a date that is not one) answers 422 `validation.failed`, as other bad values do.
 */

/** How a value compares: each kind has its operators and its SQL (list-order-sql.ts). */
export type ValueKind = 'time' | 'number' | 'text' | 'boolean' | 'id' | 'set';

/** What an order or a filter reads: a column of the delivered document, a field of its version, or its tags. */
export type Subject =
  | { column: 'publishedAt' | 'updatedAt' | 'title' | 'position' }
  | { tags: true }
  | { relevance: true }
  | { field: string; kind: ValueKind; localized: boolean };

export interface OrderTerm {
  subject: Subject;
  descending: boolean;
}

export const filterOperators = ['eq', 'ne', 'in', 'lt', 'lte', 'gt', 'gte', 'exists'] as const;
export type FilterOperator = (typeof filterOperators)[number];

export interface FilterTerm {
  subject: Subject;
  kind: ValueKind;
  op: FilterOperator;
  /** One value, several (`in`), or whether the value is there (`exists`), already of the kind's type. */
  values: Array<string | number | boolean>;
}

/** A filter as asked: `filter[field][op]=value` (REST) or `{ field, op, value }` (GraphQL). */
export interface RawFilter {
  field: string;
  op: string;
  value: string;
}

const ranged = ['eq', 'ne', 'in', 'lt', 'lte', 'gt', 'gte', 'exists'] as const;
const operatorsOf: Record<ValueKind, readonly FilterOperator[]> = {
  time: ranged,
  number: ranged,
  text: ranged,
  boolean: ['eq', 'ne', 'exists'],
  id: ['eq', 'ne', 'in', 'exists'],
  // Tags and multiple selects: `eq` carries the value, `ne` does not, `in` carries any of them.
  set: ['eq', 'ne', 'in', 'exists'],
};

/** At most this many terms of each, and values of one `in`: a list stays one bounded statement. */
export const listOrderLimits = { orders: 5, filters: 10, values: 100 } as const;

const columnKinds = { publishedAt: 'time', updatedAt: 'time', title: 'text' } as const;

/** The kind a field of this definition compares as, or undefined when it neither orders nor filters. */
function fieldKind(def: FieldDef): { kind: ValueKind; orders: boolean } | undefined {
  if (!isPublic(def)) return undefined;
  const multiple = def.multiple === true;
  switch (def.type) {
    case 'number':
      return { kind: 'number', orders: true };
    case 'date':
      return { kind: 'time', orders: true };
    case 'string':
    case 'text':
      return { kind: 'text', orders: true };
    case 'select':
      return multiple ? { kind: 'set', orders: false } : { kind: 'text', orders: true };
    case 'boolean':
      return { kind: 'boolean', orders: true };
    case 'content':
    case 'user':
      return multiple ? undefined : { kind: 'id', orders: false };
    default:
      return undefined;
  }
}

function fieldsOf(type: TypeDef | undefined, use: 'orders' | 'filters') {
  const out = new Map<string, { kind: ValueKind; localized: boolean }>();
  for (const def of type?.fields ?? []) {
    const k = fieldKind(def);
    if (k && (use === 'filters' || k.orders))
      out.set(`fields.${def.name}`, { kind: k.kind, localized: def.localized !== false });
  }
  return out;
}

const refuse = (path: string, reason: string, value: string, allowed: readonly string[], message: string) =>
  new AppError('query.invalid', {
    message,
    details: [{ key: 'query.invalid', path, params: { reason, value, allowed: [...allowed] } }],
  });

const badValue = (path: string, value: string, expected: string) =>
  new AppError('validation.failed', {
    message: `The value of "${path}" is not ${expected}.`,
    details: [{ key: 'validation.invalid', path, params: { reason: 'bad_value', value, expected } }],
  });

/**
 * The order keys a list may use: the columns, `relevance` (only with `search`), and the orderable fields of its
 * type (only with `type`).
 */
export function orderKeys(type: TypeDef | undefined, searched = false): string[] {
  return [
    'publishedAt',
    'updatedAt',
    'title',
    'position',
    ...(searched ? ['relevance'] : []),
    ...fieldsOf(type, 'orders').keys(),
  ];
}

/** The filter fields a list may use: the dates, the title, tags, and the filterable fields of its type. */
export function filterFields(type: TypeDef | undefined): string[] {
  return ['publishedAt', 'updatedAt', 'title', 'tags', ...fieldsOf(type, 'filters').keys()];
}

/**
 * `-publishedAt,title` → terms; a key twice, or one not in `orderKeys`, is refused. `relevance` is the best match
 * first (`ts_rank` of the search), so it takes no `-`.
 */
export function parseOrder(
  order: string | undefined,
  type: TypeDef | undefined,
  searched = false,
): OrderTerm[] {
  if (order === undefined) return [];
  const keys = order.split(',').map((s) => s.trim());
  const allowed = orderKeys(type, searched);
  if (keys.length > listOrderLimits.orders)
    throw refuse(
      'order',
      'too_many',
      order,
      allowed,
      `"order" takes at most ${listOrderLimits.orders} keys.`,
    );
  const fields = fieldsOf(type, 'orders');
  const seen = new Set<string>();
  return keys.map((raw) => {
    const descending = raw.startsWith('-');
    const key = descending ? raw.slice(1) : raw;
    if (!allowed.includes(key) || seen.has(key) || (key === 'relevance' && descending)) {
      const hint =
        key.startsWith('fields.') && !type
          ? ' Ordering by a field needs `type`.'
          : key === 'relevance'
            ? searched
              ? ' `relevance` is the best match first and takes no `-`.'
              : ' Ordering by relevance needs `search`.'
            : '';
      throw refuse(
        'order',
        seen.has(key) ? 'repeated' : 'unknown_key',
        raw,
        allowed,
        `This list cannot be ordered by "${raw}".${hint} Allowed: ${allowed.join(', ')} (- for descending).`,
      );
    }
    seen.add(key);
    const field = fields.get(key);
    const subject: Subject = field
      ? { field: key.slice('fields.'.length), ...field }
      : key === 'relevance'
        ? { relevance: true }
        : { column: key as 'publishedAt' | 'updatedAt' | 'title' | 'position' };
    // The best match first: the rank descending.
    return { subject, descending: descending || key === 'relevance' };
  });
}

const isoDate = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An ISO 8601 date or timestamp (`filter[updatedAt][gte]`, `updatedSince`, `since`), else 422: a day its month
 * does not have (2026-02-30) too, which PostgreSQL would refuse with an error.
 */
export function timeValue(raw: string, path: string): string {
  const ymd = /^(\d{4})-(\d{2})-(\d{2})/.exec(raw);
  if (!isoDate.test(raw) || Number.isNaN(Date.parse(raw)) || !ymd || !realDate(+ymd[1]!, +ymd[2]!, +ymd[3]!))
    throw badValue(path, raw, 'an ISO 8601 date or timestamp');
  return raw;
}

function parseValue(kind: ValueKind, raw: string, path: string): string | number | boolean {
  switch (kind) {
    case 'time':
      return timeValue(raw, path);
    case 'number': {
      const n = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(n)) throw badValue(path, raw, 'a number');
      return n;
    }
    case 'boolean':
      if (raw !== 'true' && raw !== 'false') throw badValue(path, raw, 'true or false');
      return raw === 'true';
    case 'id':
      if (!uuid.test(raw)) throw badValue(path, raw, 'an id');
      return raw.toLowerCase();
    default:
      if (raw.length > 2000) throw badValue(path, raw, 'at most 2000 characters');
      return raw;
  }
}

/** Filters as asked → terms, each value of its field's type; refused by name, operator or value. */
export function parseFilters(filters: readonly RawFilter[], type: TypeDef | undefined): FilterTerm[] {
  const allowed = filterFields(type);
  if (filters.length > listOrderLimits.filters) {
    throw refuse(
      'filter',
      'too_many',
      String(filters.length),
      allowed,
      `At most ${listOrderLimits.filters} filters.`,
    );
  }
  const fields = fieldsOf(type, 'filters');
  return filters.map(({ field, op, value }) => {
    const path = `filter[${field}][${op}]`;
    if (!allowed.includes(field)) {
      const hint = field.startsWith('fields.') && !type ? ' Filtering by a field needs `type`.' : '';
      throw refuse(
        path,
        'unknown_field',
        field,
        allowed,
        `This list cannot be filtered by "${field}".${hint} Allowed: ${allowed.join(', ')}.`,
      );
    }
    const f = fields.get(field);
    const kind: ValueKind = f ? f.kind : field === 'tags' ? 'set' : columnKinds[field as 'title'];
    const subject: Subject = f
      ? { field: field.slice('fields.'.length), ...f }
      : field === 'tags'
        ? { tags: true }
        : { column: field as 'publishedAt' | 'updatedAt' | 'title' };
    const ops = operatorsOf[kind];
    if (!ops.includes(op as FilterOperator)) {
      throw refuse(
        path,
        'unknown_operator',
        op,
        ops,
        `"${field}" cannot be filtered with "${op}". Allowed: ${ops.join(', ')}.`,
      );
    }
    const operator = op as FilterOperator;
    if (operator === 'exists')
      return { subject, kind, op: operator, values: [parseValue('boolean', value, path)] };
    const raws = operator === 'in' ? value.split(',').map((s) => s.trim()) : [value];
    if (raws.length > listOrderLimits.values)
      throw badValue(path, value, `at most ${listOrderLimits.values} values`);
    return { subject, kind, op: operator, values: raws.map((raw) => parseValue(kind, raw, path)) };
  });
}
