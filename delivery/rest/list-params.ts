import { AppError } from '../../core/errors/app-error.ts';
import type { RawFilter } from '../reader/types.ts';

/**
 * The query parameters of `GET /v1/content` that its schema cannot spell: `filter[field][op]=value` (OpenAPI's
 * `deepObject`), and the refusal of any parameter the list does not know. An unknown parameter used to be
 * ignored, so `sort=-publishedAt` answered 200 in tree order; now it answers 400 `query.invalid` naming the
 * parameters there are (docs/delivery-api.md, "Errors").
 */

const filterKey = /^filter\[([^\][]+)\](?:\[([^\][]*)\])?$/;

const refuse = (path: string, reason: string, value: string, allowed: readonly string[], message: string) =>
  new AppError('query.invalid', {
    message,
    details: [{ key: 'query.invalid', path, params: { reason, value, allowed: [...allowed] } }],
  });

/**
 * The filters of a list's query (`filter[title]=x` is `filter[title][eq]=x`), in a fixed order so that equal
 * requests share one cache entry; a parameter the list does not know is refused.
 */
export function listFilters(search: URLSearchParams, known: readonly string[]): RawFilter[] {
  const filters: RawFilter[] = [];
  for (const [name, value] of search) {
    if (known.includes(name)) continue;
    const m = filterKey.exec(name);
    if (m) {
      filters.push({ field: m[1]!, op: m[2] || 'eq', value });
      continue;
    }
    const allowed = [...known, 'filter[<field>][<op>]'];
    throw refuse(
      name,
      name.startsWith('filter') ? 'bad_filter' : 'unknown_parameter',
      name,
      allowed,
      name.startsWith('filter')
        ? `"${name}" is not a filter: write filter[<field>][<op>]=<value>.`
        : `This list has no query parameter "${name}". Allowed: ${allowed.join(', ')}.`,
    );
  }
  const key = (f: RawFilter) => `${f.field}\u0000${f.op}\u0000${f.value}`;
  return filters.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}
