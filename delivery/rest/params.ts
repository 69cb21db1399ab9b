import { z } from '@hono/zod-openapi';
import { listLimits } from '../reader/index.ts';

/** The parameters of the delivery routes (delivery-and-site.md, "Parameter rules"), each defined once. */

const query = (name: string, description: string) => ({ param: { name, in: 'query' as const, description } });

const locale = z
  .string()
  .regex(/^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/, 'must be a language code such as en or de-AT')
  .optional()
  .openapi(query('locale', "Language of the answer; default: the space's default language."));

const expand = z
  .string()
  .max(2000)
  .optional()
  .openapi(
    query('expand', 'Comma-separated relation field names to inline, at any depth (blocks, repeaters).'),
  );

const select = z
  .string()
  .max(2000)
  .optional()
  .openapi(
    query(
      'select',
      'Comma-separated parts of each document to answer with: `title`, `permalink`, `fields` or `fields.<name>`, …; `id` and `type` always come. Unknown parts are refused (400 `query.invalid`, naming the allowed ones).',
    ),
  );

export const LocaleQuery = z.object({ locale });
export const LocaleExpandQuery = z.object({ locale, expand });
export const DocumentQuery = z.object({ locale, expand, select });

const time = (name: string, description: string) =>
  z
    .string()
    .min(1)
    .max(100)
    .openapi({ ...query(name, description), example: '2026-11-01T00:00:00Z' });

const cursor = z
  .string()
  .min(1)
  .max(4000)
  .optional()
  .openapi(
    query(
      'cursor',
      "The `cursor` of the page before, as it came: the next page of the same list (same order, filters, type and locale; `limit` may change), unaffected by documents published, unpublished or moved meanwhile. Not with `offset`. Another list's cursor, or a tampered one, is refused (400 `query.invalid`).",
    ),
  );

export const ListQuery = z.object({
  type: z.string().min(1).max(100).optional().openapi(query('type', 'Content type technical name.')),
  parentId: z.uuid().optional().openapi(query('parentId', 'Direct children of this document only.')),
  under: z.uuid().optional().openapi(query('under', 'The whole subtree below this document, at any depth.')),
  search: z
    .string()
    .max(200)
    .optional()
    .openapi(query('search', 'Full-text query over titles, search-contributing fields and tag names.')),
  tags: z
    .string()
    .max(2000)
    .optional()
    .openapi(query('tags', 'Comma-separated tag slugs; documents carrying any of them.')),
  locale,
  limit: z.coerce
    .number()
    .int()
    .min(listLimits.min)
    .max(listLimits.max)
    .default(listLimits.default)
    .openapi(query('limit', '1 to 100, default 25; other values are refused (422), never clamped.')),
  offset: z.coerce
    .number()
    .int()
    .min(0)
    .max(1_000_000_000)
    .default(0)
    // Coercion turns null into 0, which the generator would otherwise describe as nullable.
    .openapi({ ...query('offset', 'Items to skip; default 0.'), type: 'integer', minimum: 0, default: 0 }),
  expand,
  select,
  order: z
    .string()
    .min(1)
    .max(500)
    .optional()
    .openapi({
      ...query(
        'order',
        'Comma-separated keys, `-` for descending: `publishedAt`, `updatedAt`, `title`, `position` (tree order, the default), with `search` `relevance` (the best match first, `ts_rank`; no `-`), and, with `type`, `fields.<name>` of a number, date, string, text, single select or boolean field. Ties go by id. An unknown key is refused (400 `query.invalid`, naming the allowed keys).',
      ),
      example: '-publishedAt',
    }),
  filter: z
    .record(z.string(), z.record(z.string(), z.string()))
    .optional()
    .openapi({
      param: {
        name: 'filter',
        in: 'query',
        style: 'deepObject',
        explode: true,
        description:
          '`filter[<field>][<op>]=<value>`, all of them must hold. Fields: `publishedAt`, `updatedAt`, `title`, `tags` (slugs) and, with `type`, `fields.<name>`. Operators: `eq` (the default: `filter[title]=x`), `ne`, `in` (comma-separated), `lt`, `lte`, `gt`, `gte`, `exists` (`true` or `false`); which apply depends on the field. An unknown field or operator is refused (400 `query.invalid`, naming the allowed ones); a value that does not fit the field, 422.',
      },
      example: { publishedAt: { gte: '2026-01-01' } },
    }),
  updatedSince: time(
    'updatedSince',
    'ISO 8601: documents updated (or delivered again, e.g. with their parent) since then, for a delta sync; without `order` the list is then ordered by `updatedAt` ascending. A malformed time is 422.',
  ).optional(),
  cursor,
});

/** `GET /v1/content/deleted` (docs/delivery-api.md, "Sync"). */
export const DeletedQuery = z.object({
  since: time(
    'since',
    'ISO 8601: documents no longer delivered in the locale since then (unpublished, deleted, or under an unpublished parent). Required; a malformed time is 422.',
  ),
  type: z.string().min(1).max(100).optional().openapi(query('type', 'Content type technical name.')),
  locale,
  limit: ListQuery.shape.limit,
  cursor,
});

/** The parameters of the deleted list: any other is refused, as on the content list. */
export const deletedParameterNames = Object.keys(DeletedQuery.shape);

/** The parameters a list knows by name (`filter[...]` aside): any other is refused (list-params.ts). */
export const listParameterNames = Object.keys(ListQuery.shape).filter((name) => name !== 'filter');

export const IdParam = z.object({
  id: z
    .uuid()
    .openapi({ param: { name: 'id', in: 'path' }, example: '00000000-0000-4000-8000-0000000000a2' }),
});

export const MenuParam = z.object({
  name: z
    .string()
    .min(1)
    .max(200)
    .openapi({ param: { name: 'name', in: 'path', description: 'The menu machine name.' } }),
});

export const PathParam = z.object({
  path: z
    .string()
    .min(1)
    .openapi({
      param: {
        name: 'path',
        in: 'path',
        description: 'A permalink; may have several segments (`blog/hello`).',
      },
    }),
});

/** `a, b,,c` → `['a', 'b', 'c']`, sorted and unique, so equal requests share one cache entry. */
export function csv(value: string | undefined): string[] {
  if (!value) return [];
  return [
    ...new Set(
      value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ].sort();
}
