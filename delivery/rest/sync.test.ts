import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheTags } from '../../core/cache/tags.ts';
import type { RpcHarness } from '../../core/rpc/test-harness.ts';
import { testDatabases } from '../../core/testing/databases.ts';
import { orderedIds } from '../reader/ordered-fixture.ts';
import { graphqlPoster, openOrderedApi } from './ordered-api-kit.ts';
import { ErrorBody } from './schemas.ts';

/**
 * Sync over HTTP (docs/delivery-api.md, "Sync"): `updatedSince` and `cursor` on `GET /v1/content`, the deleted
 * list, their refusals, caching and purges, and the same in GraphQL. Cursor stability and the journal itself are
 * covered in delivery/reader/sync.test.ts.
 */

const n = (...posts: number[]) => posts.map(orderedIds.post);

describe.each(testDatabases())('sync over HTTP on $kind', ({ open }) => {
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

  const refused = async (path: string, status: number, errorKey: string) => {
    const r = await get(path);
    expect(r.status, JSON.stringify(r.body)).toBe(status);
    expect(ErrorBody.parse(r.body).error).toMatchObject({ key: errorKey, status });
    expect(r.res.headers.get('cache-control')).toBe('no-store');
    return r.body.error.details[0];
  };
  const call = (name: string, input: Record<string, unknown>) =>
    h.call(name, { space: 'ordered', ...input }, key);

  it('pages a list by cursor, and orders an updatedSince list by updatedAt', async () => {
    const first = await get('/v1/content?type=post&order=title&limit=2');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 5, limit: 2, offset: 0 });
    expect(typeof first.body.cursor).toBe('string');
    const ids: string[] = first.body.items.map((d: { id: string }) => d.id);
    let cursor = first.body.cursor as string | null;
    while (cursor) {
      const page = await get(
        `/v1/content?type=post&order=title&limit=2&cursor=${encodeURIComponent(cursor)}`,
      );
      expect(page.body.total).toBe(5);
      ids.push(...page.body.items.map((d: { id: string }) => d.id));
      cursor = page.body.cursor;
    }
    expect(ids).toEqual(n(2, 4, 1, 5, 3));
    // The last page of an offset list says so too.
    expect((await get('/v1/content?type=post&offset=4')).body.cursor).toBeNull();

    // Journaled as delivered by the import: every post changed since March; ordered by updatedAt ascending.
    const since = await get('/v1/content?type=post&updatedSince=2026-03-01T00:00:00Z&select=updatedAt');
    expect(since.status).toBe(200);
    const times = since.body.items.map((d: { updatedAt: string }) => d.updatedAt);
    expect(times).toEqual([...times].sort());
    expect(since.body.items.map((d: { id: string }) => d.id)).toEqual(n(5, 3, 1, 4, 2));
  });

  it('refuses bad sync parameters with 400 query.invalid or 422 validation.failed, naming them', async () => {
    const { body } = await get('/v1/content?type=post&order=title&limit=2');
    const cursor = encodeURIComponent(body.cursor);
    expect(
      await refused(`/v1/content?type=post&order=title&cursor=${cursor}&offset=0`, 400, 'query.invalid'),
    ).toMatchObject({ path: 'cursor', params: { reason: 'with_offset' } });
    expect(
      await refused(`/v1/content?type=post&order=-title&cursor=${cursor}`, 400, 'query.invalid'),
    ).toMatchObject({
      path: 'cursor',
      params: { reason: 'other_list' },
    });
    expect(await refused('/v1/content?cursor=%7B%7D', 400, 'query.invalid')).toMatchObject({
      path: 'cursor',
    });
    expect(await refused('/v1/content?cursor=', 422, 'validation.failed')).toMatchObject({ path: 'cursor' });
    expect(await refused('/v1/content?updatedSince=yesterday', 422, 'validation.failed')).toMatchObject({
      path: 'updatedSince',
    });
    expect(await refused('/v1/content/deleted', 422, 'validation.failed')).toMatchObject({ path: 'since' });
    expect(await refused('/v1/content/deleted?since=2026-02-30', 422, 'validation.failed')).toMatchObject({
      path: 'since',
    });
    expect(
      await refused('/v1/content/deleted?since=2026-01-01&limit=101', 422, 'validation.failed'),
    ).toMatchObject({
      path: 'limit',
    });
    const unknown = await refused(
      '/v1/content/deleted?since=2026-01-01&filter[title]=x',
      400,
      'query.invalid',
    );
    expect(unknown.params).toMatchObject({ reason: 'unknown_parameter' });
    expect(unknown.params.allowed).toEqual(['since', 'type', 'locale', 'limit', 'cursor']);
    await refused('/v1/content/deleted?since=2026-01-01&cursor=abc', 400, 'query.invalid');
    await refused('/v1/content/deleted?since=2026-01-01&locale=fr', 422, 'validation.failed');
  });

  it('lists unpublished documents until they are published again; each publish purges the cached list', async () => {
    const path = '/v1/content/deleted?since=2026-01-01&type=post';
    const empty = await get(path);
    expect(empty.body).toEqual({ items: [], cursor: null });
    const etag = empty.res.headers.get('etag')!;
    expect((await get(path, { 'if-none-match': etag })).status).toBe(304);

    h.cache.takePurged();
    expect((await call('content.unpublish', { id: orderedIds.post(4), locale: 'en' })).status).toBe(200);
    expect(h.cache.takePurged()).toContain(cacheTags.lists(orderedIds.space));
    const after = await get(path, { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.body.items).toEqual([
      { id: orderedIds.post(4), type: 'post', locale: 'en', deletedAt: expect.any(String) },
    ]);
    expect((await get(`${path}&locale=de`)).body.items).toEqual([]);

    expect((await call('content.publish', { id: orderedIds.post(4), locale: 'en' })).status).toBe(200);
    expect((await get(path)).body.items).toEqual([]);

    // GraphQL: the same list, and the same refusals.
    await call('content.unpublish', { id: orderedIds.post(5), locale: 'en' });
    const gql = await post(
      '{ deleted(since: "2026-01-01", type: "post") { items { id type locale deletedAt } cursor } }',
    );
    expect(gql.data.deleted).toEqual({
      items: [{ id: orderedIds.post(5), type: 'post', locale: 'en', deletedAt: expect.any(String) }],
      cursor: null,
    });
    const bad = await post('{ deleted(since: "soon") { cursor } }');
    expect(bad.errors[0].extensions).toMatchObject({ key: 'validation.failed' });
  });

  it('GraphQL pages contents by cursor and takes updatedSince, with REST refusals', async () => {
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const after: string = cursor ? `, cursor: ${JSON.stringify(cursor)}` : '';
      const r = await post(
        `{ contents(type: "post", order: "-publishedAt", limit: 2${after}) { total cursor items { id } } }`,
      );
      expect(r.data.contents.total).toBe(4);
      ids.push(...r.data.contents.items.map((d: { id: string }) => d.id));
      cursor = r.data.contents.cursor;
    } while (cursor);
    // Post 5 is unpublished (above); post 4 was published again now, its publishedAt kept.
    expect(ids).toEqual(n(2, 4, 1, 3));
    const since = await post('{ contents(type: "post", updatedSince: "2026-03-01") { items { id } } }');
    expect(since.data.contents.items.map((d: { id: string }) => d.id)).toContain(orderedIds.post(4));
    const other = await post(`{ contents(type: "post", order: "title", cursor: "e30") { total } }`);
    expect(other.errors[0].extensions).toMatchObject({ key: 'query.invalid' });
    const withOffset = await post('{ contents(type: "post", limit: 1) { cursor } }');
    const both = await post(
      `{ contents(type: "post", limit: 1, offset: 1, cursor: ${JSON.stringify(withOffset.data.contents.cursor)}) { total } }`,
    );
    expect(both.errors[0].extensions).toMatchObject({ key: 'query.invalid' });
    const badTime = await post('{ contents(updatedSince: "later") { total } }');
    expect(badTime.errors[0].extensions).toMatchObject({ key: 'validation.failed' });
  });

  it('documents the sync parameters and the deleted list in openapi.json', async () => {
    const doc = (await get('/openapi.json')).body;
    const params = doc.paths['/v1/content'].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(expect.arrayContaining(['updatedSince', 'cursor']));
    expect(doc.components.schemas.DocumentList.required).toContain('cursor');
    expect(doc.paths['/v1/content/deleted'].get.responses['200']).toBeDefined();
    expect(doc.components.schemas.DeletedList).toBeDefined();
  });
});
