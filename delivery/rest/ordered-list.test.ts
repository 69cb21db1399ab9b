import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheTags } from '../../core/cache/tags.ts';
import type { RpcHarness } from '../../core/rpc/test-harness.ts';
import { testDatabases } from '../../core/testing/databases.ts';
import { orderedIds } from '../reader/ordered-fixture.ts';
import { graphqlPoster, openOrderedApi } from './ordered-api-kit.ts';
import { ErrorBody } from './schemas.ts';

/**
 * `order` and `filter` over HTTP (REST and GraphQL), with the public API and the management procedures on one
 * database and one cache, as a deployment shares them: answers are cached, 304 on their ETag, and a publish that
 * changes an ordered or filtered list purges it (`lists:<space>`). The orders and filters themselves are covered
 * one by one in delivery/reader/ordered-list.test.ts.
 */

const n = (...posts: number[]) => posts.map(orderedIds.post);

describe.each(testDatabases())('ordered and filtered lists over HTTP on $kind', ({ open }) => {
  let h: RpcHarness;
  let key: string;
  let get: Awaited<ReturnType<typeof openOrderedApi>>['get'];
  let post: ReturnType<typeof graphqlPoster>;
  beforeAll(async () => {
    const opened = await openOrderedApi(open);
    ({ h, key, get } = opened);
    post = graphqlPoster(opened.api, h.cache);
  });
  afterAll(() => h.close());

  const ids = async (path: string) => {
    const r = await get(path);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return (r.body.items as Array<{ id: string }>).map((d) => d.id);
  };
  const refused = async (path: string, status: number, key: string) => {
    const r = await get(path);
    expect(r.status, JSON.stringify(r.body)).toBe(status);
    expect(ErrorBody.parse(r.body).error).toMatchObject({ key, status });
    expect(r.res.headers.get('cache-control')).toBe('no-store');
    return r.body.error;
  };
  const list = '/v1/content?type=post';

  it('orders and filters by every parameter form', async () => {
    expect(await ids(`${list}&order=-publishedAt`)).toEqual(n(2, 4, 1, 3, 5));
    expect(await ids(`${list}&order=title&locale=de`)).toEqual(n(3, 2, 5, 4, 1));
    expect(await ids(`${list}&order=-fields.featured,title`)).toEqual(n(4, 1, 2, 3, 5));
    expect(await ids(`${list}&order=fields.released&limit=2&offset=1`)).toEqual(n(4, 1));
    expect(await ids(`${list}&filter[title]=Apple`)).toEqual(n(2));
    expect(await ids(`${list}&filter[tags][in]=news,howto&filter[fields.rating][gte]=4`)).toEqual(n(2, 4));
    expect(await ids(`${list}&filter[publishedAt][gte]=2026-03-01&order=publishedAt`)).toEqual(n(1, 4, 2));
    expect(await ids(`${list}&filter[fields.topics][exists]=false`)).toEqual(n(3, 5));
    expect(await ids('/v1/content?filter[tags][eq]=howto&order=-updatedAt')).toEqual(n(2, 4));
  });

  it('refuses unknown names with 400 naming the allowed ones, and bad values with 422', async () => {
    const order = await refused(`${list}&order=sort`, 400, 'query.invalid');
    expect(order.details[0]).toMatchObject({
      path: 'order',
      params: { reason: 'unknown_key', value: 'sort' },
    });
    expect(order.details[0].params.allowed).toEqual(
      expect.arrayContaining(['-publishedAt'.slice(1), 'fields.rating']),
    );
    const sort = await refused(`${list}&sort=-publishedAt`, 400, 'query.invalid');
    expect(sort.details[0]).toMatchObject({ path: 'sort', params: { reason: 'unknown_parameter' } });
    expect(sort.details[0].params.allowed).toEqual(
      expect.arrayContaining(['order', 'filter[<field>][<op>]']),
    );
    const field = await refused(`${list}&filter[color][eq]=red`, 400, 'query.invalid');
    expect(field.details[0].params.allowed).toEqual(expect.arrayContaining(['tags', 'fields.topics']));
    const op = await refused(`${list}&filter[tags][gt]=a`, 400, 'query.invalid');
    expect(op.details[0].params.allowed).toEqual(['eq', 'ne', 'in', 'exists']);
    await refused(`${list}&filter[title][eq][x]=1`, 400, 'query.invalid');
    await refused(`${list}&filter=title`, 422, 'validation.failed');
    await refused('/v1/content?order=fields.rating', 400, 'query.invalid');
    await refused(`${list}&filter[fields.rating][lt]=ten`, 422, 'validation.failed');
    await refused(`${list}&order=`, 422, 'validation.failed');
  });

  it('caches an ordered list under its meaning, answers 304 on its ETag, and a publish that reorders it purges it', async () => {
    const path = `${list}&order=title&filter[fields.rating][exists]=true&filter[tags][ne]=nothing`;
    const first = await get(path);
    expect(first.body.items.map((d: { id: string }) => d.id)).toEqual(n(2, 4, 1, 3));
    const etag = first.res.headers.get('etag')!;
    expect(etag).toBeTruthy();
    // The same meaning in another spelling is the same entry.
    const same = await get(`${list}&filter[tags][ne]=nothing&filter[fields.rating][exists]=true&order=title`);
    expect(same.res.headers.get('etag')).toBe(etag);
    expect((await get(path, { 'if-none-match': etag })).status).toBe(304);

    // A draft renames post 3 first in the alphabet: nothing purges, the cached list stays as it was.
    await h.db.query(
      `insert into document_versions (document_id, locale, state, title, slug, fields)
       select document_id, locale, 'draft', 'Aardvark', slug, fields from document_versions
       where document_id = $1 and locale = 'en' and state = 'published'`,
      [orderedIds.post(3)],
    );
    expect((await get(path, { 'if-none-match': etag })).status).toBe(304);
    h.cache.takePurged();
    const published = await h.call(
      'content.publish',
      { space: 'ordered', id: orderedIds.post(3), locale: 'en' },
      key,
    );
    expect(published.status).toBe(200);
    expect(h.cache.takePurged()).toContain(cacheTags.lists(orderedIds.space));
    const after = await get(path, { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.body.items.map((d: { id: string }) => d.id)).toEqual(n(3, 2, 4, 1));
    expect(after.res.headers.get('etag')).not.toBe(etag);
  });

  it('a publish that brings a document into a filtered list purges it', async () => {
    const path = `${list}&filter[fields.rating][gte]=5&order=-fields.rating`;
    expect(await ids(path)).toEqual(n(2));
    await h.db.query(
      `insert into document_versions (document_id, locale, state, title, slug, fields)
       select document_id, locale, 'draft', title, slug, fields || '{"rating": 9}' from document_versions
       where document_id = $1 and locale = 'en' and state = 'published'`,
      [orderedIds.post(5)],
    );
    expect(await ids(path)).toEqual(n(2));
    await h.call('content.publish', { space: 'ordered', id: orderedIds.post(5), locale: 'en' }, key);
    expect(await ids(path)).toEqual(n(5, 2));
  });

  it('GraphQL takes the same order and filters, and refuses the same names', async () => {
    const ok = await post(`{ contents(type: "post", order: "-publishedAt",
      filter: [{ field: "tags", op: in, value: "news,howto" }, { field: "fields.featured", op: eq, value: "false" }])
      { total items { id } } }`);
    const body = ok as { data: { contents: { total: number; items: Array<{ id: string }> } } };
    expect(body, JSON.stringify(body)).toHaveProperty('data');
    expect(body.data.contents).toEqual({ total: 1, items: [{ id: orderedIds.post(2) }] });

    const unknown = (await post('{ contents(type: "post", order: "sort") { total } }')) as {
      errors: Array<{ extensions: { key: string; details: Array<{ params: { allowed: string[] } }> } }>;
    };
    expect(unknown.errors[0]?.extensions.key).toBe('query.invalid');
    expect(unknown.errors[0]?.extensions.details[0]?.params.allowed).toContain('publishedAt');
    const badOp = (await post(
      '{ contents(filter: [{ field: "title", op: like, value: "a" }]) { total } }',
    )) as { errors: Array<{ message: string }> };
    expect(badOp.errors[0]?.message).toContain('FilterOperator');
  });

  it('documents order and filter in openapi.json', async () => {
    const doc = (await get('/openapi.json')).body;
    const params = doc.paths['/v1/content'].get.parameters as Array<{ name: string; style?: string }>;
    expect(params.find((p) => p.name === 'order')).toBeDefined();
    expect(params.find((p) => p.name === 'filter')).toMatchObject({ style: 'deepObject' });
    expect(doc.paths['/v1/content'].get.responses['400']).toBeDefined();
  });
});
