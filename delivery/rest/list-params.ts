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
 * requests share one cache entry; a parameter the list does not know is refused (any `filter[...]` too when the
 * list has no filters: `filtered` false), and so are `cursor` and `offset` together.
 */
export function listFilters(search: URLSearchParams, known: readonly string[], filtered = true): RawFilter[] {
  const filters: RawFilter[] = [];
  if (search.has('cursor') && search.has('offset'))
    throw refuse(
      'cursor',
      'with_offset',
      search.get('offset') ?? '',
      known.filter((n) => n !== 'offset'),
      'A page is asked by `cursor` or by `offset`, not both.',
    );
  for (const [name, value] of search) {
    if (known.includes(name)) continue;
    const m = filtered ? filterKey.exec(name) : null;
    if (m) {
      filters.push({ field: m[1]!, op: m[2] || 'eq', value });
      continue;
    }
    const allowed = filtered ? [...known, 'filter[<field>][<op>]'] : [...known];
    const badFilter = filtered && name.startsWith('filter');
    throw refuse(
      name,
      badFilter ? 'bad_filter' : 'unknown_parameter',
      name,
      allowed,
      badFilter
        ? `"${name}" is not a filter: write filter[<field>][<op>]=<value>.`
        : `This list has no query parameter "${name}". Allowed: ${allowed.join(', ')}.`,
    );
  }
  const key = (f: RawFilter) => `${f.field}\u0000${f.op}\u0000${f.value}`;
  return filters.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}
