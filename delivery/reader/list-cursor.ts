import { createHash } from 'node:crypto';
import { AppError } from '../../core/errors/app-error.ts';

/**
 * The cursor of a list (docs/delivery-api.md, "Sync"): opaque to clients, it names the list it was made for (a
 * short hash of its order, filters, type, locale and other narrowing) and the last row of a page (its order values
 * as text, then its id), from which the next page goes on (list-order-sql.ts `afterCursor`). A cursor of another
 * list, or one that is not a cursor at all, is refused with 400 `query.invalid`; its values are checked against
 * the types they are cast to, so that no tampered value reaches the database as an error.
 */

export interface Cursor {
  values: Array<string | null>;
  id: string;
}

/** The hash of a list's meaning: what must be equal for a cursor to go on with it. */
export function listHash(meaning: unknown): string {
  return createHash('sha256').update(JSON.stringify(meaning)).digest('base64url').slice(0, 12);
}

export function encodeCursor(hash: string, key: ReadonlyArray<string | null>): string {
  return Buffer.from(JSON.stringify([hash, ...key]), 'utf8').toString('base64url');
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const timestamp = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:[0-5]\d:[0-5]\d(?:\.\d{1,6})?(?:Z|[+-]\d{2}(?::\d{2})?)$/;

/** A date whose day exists in its month (JavaScript's parser accepts 2026-02-30; PostgreSQL does not). */
export function realDate(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** Whether `value` reads as the SQL type it will be cast to. */
function fits(type: string, value: string): boolean {
  switch (type) {
    case 'timestamptz': {
      const m = timestamp.exec(value);
      return m !== null && realDate(Number(m[1]), Number(m[2]), Number(m[3])) && Number(m[1]) > 0;
    }
    case 'numeric':
      return /^-?\d{1,40}(?:\.\d{1,40})?$/.test(value);
    case 'boolean':
      return value === 'true' || value === 'false';
    case 'bytea':
      return /^\\x(?:[0-9a-f]{2}){0,2000}$/.test(value);
    case 'numeric[]':
      return /^\{(?:-?\d{1,40}(?:\.\d{1,40})?(?:,-?\d{1,40}(?:\.\d{1,40})?)*)?\}$/.test(value);
    default:
      return value.length <= 4000;
  }
}

export const badCursor = (reason: string, value: string, message: string) =>
  new AppError('query.invalid', {
    message,
    details: [
      { key: 'query.invalid', path: 'cursor', params: { reason, value: value.slice(0, 200), allowed: [] } },
    ],
  });

/**
 * The cursor `raw` of the list `hash` whose order values are of `types`; refused unless it is one this list made.
 */
export function decodeCursor(raw: string, hash: string, types: readonly string[]): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const refuse = () =>
    badCursor(
      'not_a_cursor',
      raw,
      'The cursor is not one of this API: pass the `cursor` of a page as it came.',
    );
  if (!Array.isArray(parsed) || parsed.length !== types.length + 2) {
    if (Array.isArray(parsed) && parsed[0] !== hash && typeof parsed[0] === 'string') throw otherList(raw);
    throw refuse();
  }
  const [h, ...key] = parsed as unknown[];
  if (h !== hash) throw otherList(raw);
  const id = key[key.length - 1];
  const values = key.slice(0, -1);
  if (typeof id !== 'string' || !uuid.test(id)) throw refuse();
  if (!values.every((v, i) => v === null || (typeof v === 'string' && fits(types[i]!, v)))) throw refuse();
  return { values: values as Array<string | null>, id };
}

const otherList = (raw: string) =>
  badCursor(
    'other_list',
    raw,
    'The cursor was made for another list: keep its order, filters, type and locale, or start without a cursor.',
  );
