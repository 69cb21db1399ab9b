import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPlugins } from '../../cli/plugins.ts';
import type { Db } from '../../core/db/types.ts';
import type { TypeDef } from '../../core/space-format/field-defs.ts';
import { testDatabases } from '../../core/testing/databases.ts';
import { parseFilters, parseOrder, type RawFilter } from './list-order.ts';
import { selectList } from './list-select.ts';
import { orderedFixture, orderedIds } from './ordered-fixture.ts';
import { openReader, refusal } from './reader-test-kit.ts';
import type { ListQuery, Reader } from './types.ts';

const _plugins = loadPlugins({ website: true });
const n = (...posts: number[]) => posts.map(orderedIds.post);

describe.each(testDatabases())('ordered and filtered lists on $kind', ({ open }) => {
  let db: Db;
  let drop: () => Promise<void>;
  let reader: Reader;
  beforeAll(async () => {
    ({ db, reader, drop } = await openReader(open, { space: orderedFixture(), blockDesigns: false }));
  });
  afterAll(() => drop());

  const list = async (query: Partial<ListQuery>, locale = 'en') => {
    const ctx = { spaceId: orderedIds.space, locale, tags: { addTags: () => {} } };
    const result = await reader.list(ctx, { type: 'post', limit: 25, offset: 0, ...query });
    return { ids: result.items.map((d) => d.id), total: result.total };
  };
  const f = (field: string, op: string, value: string): RawFilter => ({ field, op, value });

  it('orders by the columns, each way, by the requested locale’s titles', async () => {
    expect((await list({ order: 'publishedAt' })).ids).toEqual(n(5, 3, 1, 4, 2));
    expect((await list({ order: '-publishedAt' })).ids).toEqual(n(2, 4, 1, 3, 5));
    expect((await list({ order: '-updatedAt' })).ids).toEqual(n(2, 4, 1, 3, 5));
    expect((await list({ order: 'title' })).ids).toEqual(n(2, 4, 1, 5, 3));
    expect((await list({ order: 'title' }, 'de')).ids).toEqual(n(3, 2, 5, 4, 1));
    expect((await list({ order: '-position' })).ids).toEqual(n(5, 4, 3, 2, 1));
    expect((await list({ order: 'position' })).ids).toEqual(n(1, 2, 3, 4, 5));
  });

  it('orders by number, date and boolean fields, documents without the value last, shared fields in every locale', async () => {
    expect((await list({ order: 'fields.rating' })).ids).toEqual(n(3, 1, 4, 2, 5));
    expect((await list({ order: '-fields.rating' })).ids).toEqual(n(2, 4, 1, 3, 5));
    expect((await list({ order: 'fields.rating' }, 'de')).ids).toEqual(n(3, 1, 4, 2, 5));
    expect((await list({ order: 'fields.released' })).ids).toEqual(n(2, 4, 1, 3, 5));
    expect((await list({ order: '-fields.featured,title' })).ids).toEqual(n(4, 1, 2, 3, 5));
    expect((await list({ order: 'fields.subtitle' })).ids).toEqual(n(3, 1, 2, 4, 5));
  });

  it('pages through an order with the total of all matches', async () => {
    expect(await list({ order: 'title', limit: 2, offset: 2 })).toEqual({ ids: n(1, 5), total: 5 });
    expect(await list({ order: '-publishedAt', offset: 5 })).toEqual({ ids: [], total: 5 });
  });

  it('filters by dates, numbers, text, booleans, ids, tags and multiple selects', async () => {
    const cases: Array<[RawFilter, number[]]> = [
      [f('publishedAt', 'gte', '2026-03-01'), [1, 2, 4]],
      [f('publishedAt', 'lt', '2026-02-01T00:00:00Z'), [5]],
      [f('updatedAt', 'gt', '2026-04-01'), [2]],
      [f('fields.rating', 'gt', '3'), [2, 4]],
      [f('fields.rating', 'lte', '3'), [1, 3]],
      [f('fields.rating', 'ne', '3'), [2, 3, 4, 5]],
      [f('fields.rating', 'in', '1,5'), [2, 3]],
      [f('fields.rating', 'exists', 'false'), [5]],
      [f('fields.released', 'gte', '2025-04-01'), [1, 3]],
      [f('title', 'eq', 'Apple'), [2]],
      [f('title', 'in', 'Apple, Banana'), [2, 4]],
      [f('title', 'lt', 'C'), [2, 4]],
      [f('tags', 'eq', 'news'), [1, 2]],
      [f('tags', 'ne', 'news'), [3, 4, 5]],
      [f('tags', 'in', 'news,howto'), [1, 2, 4]],
      [f('tags', 'exists', 'false'), [3, 5]],
      [f('fields.topics', 'eq', 'coffee'), [1, 4]],
      [f('fields.topics', 'in', 'milk,tea'), [2, 4]],
      [f('fields.topics', 'ne', 'coffee'), [2, 3, 5]],
      [f('fields.topics', 'exists', 'true'), [1, 2, 4]],
      [f('fields.featured', 'eq', 'true'), [1, 4]],
      [f('fields.featured', 'ne', 'true'), [2, 3, 5]],
      [f('fields.writer', 'eq', orderedIds.author.toUpperCase()), [1]],
      [f('fields.subtitle', 'eq', 'a'), [3]],
    ];
    for (const [filter, expected] of cases) {
      const got = await list({ filter: [filter] });
      expect({ filter, ...got }).toEqual({ filter, ids: n(...expected), total: expected.length });
    }
    expect((await list({ filter: [f('fields.subtitle', 'eq', 'de 3')] }, 'de')).ids).toEqual(n(3));
  });

  it('combines filters with an order, `tags` and `parentId`', async () => {
    const both = await list({
      order: '-publishedAt',
      filter: [f('fields.rating', 'exists', 'true'), f('publishedAt', 'lt', '2026-05-01')],
    });
    expect(both).toEqual({ ids: n(4, 1, 3), total: 3 });
    expect((await list({ order: '-fields.rating', tags: ['howto'], parentId: orderedIds.blog })).ids).toEqual(
      n(2, 4),
    );
  });

  it('answers the same through the delivery index and through the walk of the tree', async () => {
    const types = orderedFixture().contentTypes as TypeDef[];
    const typeDef = types.find((t) => t.name === 'post');
    for (const [order, filter] of [
      ['-publishedAt', [f('tags', 'in', 'news,howto')]],
      ['title,-fields.rating', [f('fields.released', 'lt', '2025-06-01')]],
      ['-position', [f('fields.topics', 'ne', 'tea')]],
      // One field term: a range of the field values' index (migration 0019) on the index route.
      ['-fields.rating', []],
      ['fields.rating', [f('tags', 'in', 'news,howto')]],
      ['fields.subtitle', []],
      ['-fields.released', [f('fields.rating', 'exists', 'true')]],
      ['-fields.featured', []],
    ] as const) {
      for (const locale of ['en', 'de']) {
        const sel = {
          spaceId: orderedIds.space,
          locale,
          types: ['post'],
          limit: 3,
          offset: 1,
          order: parseOrder(order, typeDef),
          filters: parseFilters(filter, typeDef),
        };
        const byIndex = await selectList(db, sel, 'index');
        const byWalk = await selectList(db, sel, 'chain');
        expect(byIndex.rows.map((r) => r.id)).toEqual(byWalk.rows.map((r) => r.id));
        expect(byIndex.total).toBe(byWalk.total);
        expect(byIndex.rows.length).toBeGreaterThan(0);
      }
    }
  });

  it('keeps the index’s titles and dates when a publish changes only them', async () => {
    await db.query(
      `update document_versions set title = 'Aardvark', published_at = '2027-01-01', updated_at = now()
       where document_id = $1 and locale = 'en' and state = 'published'`,
      [orderedIds.post(5)],
    );
    expect((await list({ order: 'title', limit: 1 })).ids).toEqual(n(5));
    expect((await list({ order: '-publishedAt', limit: 1 })).ids).toEqual(n(5));
    expect((await list({ order: 'title', limit: 1 }, 'de')).ids).toEqual(n(3));
  });

  it('orders a search by relevance, the best match first, on both routes', async () => {
    // Apple (post 2) has the word in its title and the tag news; Cherry (post 1) only the tag.
    expect((await list({ search: 'apple or news' })).ids).toEqual(n(1, 2));
    expect((await list({ search: 'apple or news', order: 'relevance' })).ids).toEqual(n(2, 1));
    expect((await list({ search: 'apple or news', order: 'relevance,-publishedAt' })).total).toBe(2);
    const typeDef = (orderedFixture().contentTypes as TypeDef[]).find((t) => t.name === 'post');
    const sel = {
      spaceId: orderedIds.space,
      locale: 'en',
      types: ['post'],
      limit: 25,
      offset: 0,
      search: 'apple or news',
      order: parseOrder('relevance', typeDef, true),
    };
    expect((await selectList(db, sel, 'chain')).rows.map((r) => r.id)).toEqual(n(2, 1));
    const unsearched = await refusal(list({ order: 'relevance' }));
    expect(unsearched).toMatchObject({ key: 'query.invalid', status: 400 });
    expect(unsearched.message).toContain('needs `search`');
    expect(unsearched.details?.[0]?.params?.allowed).not.toContain('relevance');
    const reversed = await refusal(list({ search: 'apple', order: '-relevance' }));
    expect(reversed.message).toContain('takes no `-`');
    expect(reversed.details?.[0]?.params?.allowed).toContain('relevance');
  });

  it('orders by a field’s value as last published: the field values follow publishes and unpublishes', async () => {
    const setRating = (post: number, rating: unknown) =>
      db.query(
        `update document_versions set fields = jsonb_set(fields, '{rating}', $2::jsonb)
         where document_id = $1 and locale = 'en' and state = 'published'`,
        [orderedIds.post(post), JSON.stringify(rating)],
      );
    await setRating(5, 100);
    expect((await list({ order: '-fields.rating', limit: 2 })).ids).toEqual(n(5, 2));
    // Another JSON type than the field's: no value, so last.
    await setRating(5, 'many');
    expect((await list({ order: '-fields.rating' })).ids.at(-1)).toBe(orderedIds.post(5));
    const unpublished = await db.query<{ fields: unknown }>(
      `delete from document_versions where document_id = $1 and locale = 'en' and state = 'published' returning *`,
      [orderedIds.post(2)],
    );
    expect(unpublished.rows).toHaveLength(1);
    expect((await list({ order: '-fields.rating', limit: 1 })).ids).toEqual(n(4));
    const kept = await db.query(
      `select count(*)::int as n from delivered_field_values where document_id = $1 and locale = 'en'`,
      [orderedIds.post(2)],
    );
    expect(kept.rows[0]).toEqual({ n: 0 });
  });

  it('filters text longer than the index holds exactly: the index narrows, the version decides', async () => {
    const long = `${'x'.repeat(299)}🙂 and then some`;
    await db.query(
      `update document_versions set fields = jsonb_set(fields, '{subtitle}', $2::jsonb)
       where document_id = $1 and locale = 'en' and state = 'published'`,
      [orderedIds.post(1), JSON.stringify(long)],
    );
    expect((await list({ filter: [f('fields.subtitle', 'eq', long)] })).ids).toEqual(n(1));
    expect((await list({ filter: [f('fields.subtitle', 'eq', `${long}!`)] })).ids).toEqual([]);
    expect(
      (await list({ filter: [f('fields.subtitle', 'in', `nothing,${long.slice(0, 300)}`)] })).ids,
    ).toEqual([]);
  });

  it('refuses an unknown order key, filter field or operator (400, naming the allowed ones) and a bad value (422)', async () => {
    const unknown = await refusal(list({ order: 'sort' }));
    expect(unknown.key).toBe('query.invalid');
    expect(unknown.status).toBe(400);
    expect(unknown.details?.[0]).toMatchObject({ path: 'order', params: { value: 'sort' } });
    expect(unknown.details?.[0]?.params?.allowed).toEqual([
      'publishedAt',
      'updatedAt',
      'title',
      'position',
      'fields.rating',
      'fields.released',
      'fields.subtitle',
      'fields.featured',
    ]);
    const noType = await refusal(list({ type: undefined, order: 'fields.rating' }));
    expect(noType.message).toContain('needs `type`');
    expect(noType.details?.[0]?.params?.allowed).toEqual(['publishedAt', 'updatedAt', 'title', 'position']);
    for (const order of ['fields.secret', 'fields.body', 'fields.topics', 'title,title', 'a,b,c,d,e,f']) {
      expect((await refusal(list({ order }))).status).toBe(400);
    }
    const field = await refusal(list({ filter: [f('fields.secret', 'eq', '1')] }));
    expect(field).toMatchObject({ key: 'query.invalid', status: 400 });
    expect(field.details?.[0]?.path).toBe('filter[fields.secret][eq]');
    expect(field.details?.[0]?.params?.allowed).toContain('tags');
    const op = await refusal(list({ filter: [f('fields.featured', 'lt', 'true')] }));
    expect(op.details?.[0]?.params).toMatchObject({
      reason: 'unknown_operator',
      allowed: ['eq', 'ne', 'exists'],
    });
    for (const [field, value] of [
      ['fields.rating', 'many'],
      ['publishedAt', 'yesterday'],
      ['fields.featured', 'yes'],
      ['fields.writer', 'ada'],
    ]) {
      const bad = await refusal(list({ filter: [f(field as string, 'eq', value as string)] }));
      expect(bad).toMatchObject({ key: 'validation.failed', status: 422 });
    }
  });
});
