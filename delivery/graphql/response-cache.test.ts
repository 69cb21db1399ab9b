import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheTags } from '../../core/cache/tags.ts';
import { listen } from '../../core/http/listen.ts';
import { testDatabases } from '../../core/testing/databases.ts';
import { graphqlIds as ids } from './graphql-fixture.ts';
import { type GraphqlWorld, graphqlWorld } from './graphql-test-kit.ts';

describe.each(testDatabases())('GraphQL answers through the tagged cache on $kind', ({ open }) => {
  let world: GraphqlWorld;
  beforeAll(async () => {
    world = await graphqlWorld(open);
    await world.post('{ __typename }');
  });
  afterAll(() => world.close());

  const counted = async (query: string, variables?: Record<string, unknown>) => {
    const before = world.db.stats.queries;
    const answer = await world.post(query, variables);
    return { ...answer, queries: world.db.stats.queries - before };
  };

  it('answers an identical query (insignificant whitespace aside) from the cache, with an ETag and Cache-Control', async () => {
    const first = await counted(`query ($id: ID!) { content(id: $id) { title } }`, { id: ids.news });
    const again = await counted(`query($id:ID!){content(id:$id){title}}`, { id: ids.news });
    expect(first.queries).toBeGreaterThan(0);
    expect(again.queries).toBe(0);
    expect(again.body).toEqual({ data: { content: { title: 'News' } } });
    expect(first.headers.get('cache-control')).toBe(
      'public, max-age=0, s-maxage=300, stale-while-revalidate=3000',
    );
    expect(first.headers.get('etag')).toMatch(/^W\/"/);
    expect(first.headers.get('x-request-id')).toBeTruthy();
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    const other = await counted(`query ($id: ID!) { content(id: $id) { title } }`, { id: ids.team });
    expect(other.body.data.content.title).toBe('Team');
  });

  it('answers a GET query, and 304 to a GET whose If-None-Match names the answer', async () => {
    const url = `/graphql?query=${encodeURIComponent(`{ content(id: "${ids.team}") { title } }`)}`;
    const res = await world.app.request(url, { headers: { accept: 'application/json' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { content: { title: 'Team' } } });
    const etag = res.headers.get('etag')!;
    const conditional = await world.app.request(url, {
      headers: { accept: 'application/json', 'if-none-match': etag },
    });
    expect(conditional.status).toBe(304);
    expect(conditional.headers.get('etag')).toBe(etag);
    expect(await conditional.text()).toBe('');
    // A POST is never answered 304.
    const posted = await world.post(`{ content(id: "${ids.team}") { title } }`, undefined, {
      headers: { 'if-none-match': etag },
    });
    expect(posted.status).toBe(200);
  });

  it('answers fresh after a publish purges the document’s tag', async () => {
    const query = `{ contents(parentId: "${ids.news}") { items { title } } }`;
    const before = await counted(query);
    expect(before.body.data.contents.items[0].title).toBe('Hello world');
    await world.db.query(
      `update document_versions set title = 'Hello again' where document_id = $1 and locale = 'en' and state = 'published'`,
      [ids.hello],
    );
    expect((await counted(query)).body.data.contents.items[0].title).toBe('Hello world');
    await world.cache.purgeTags([cacheTags.document(ids.hello)]);
    const after = await counted(query);
    expect(after.queries).toBeGreaterThan(0);
    expect(after.body.data.contents.items[0].title).toBe('Hello again');
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
  });

  it('over a real server: a cached answer has the same bytes and length; bodies over 100 kB are refused', async () => {
    const server = await listen(world.app, { port: 0, hostname: '127.0.0.1' });
    const send = (body: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; headers: Record<string, unknown>; bytes: Buffer }>((resolve, reject) => {
        const req = httpRequest(
          `http://127.0.0.1:${server.port}/graphql`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () =>
              resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }),
            );
          },
        );
        req.on('error', reject);
        // Without Content-Length the body goes chunked, and its size is counted while it is read.
        if (!headers['content-length']) req.setHeader('transfer-encoding', 'chunked');
        req.end(body);
      });
    try {
      const query = JSON.stringify({ query: `{ content(id: "${ids.hello}") { title } }` });
      const sized = { 'content-length': String(Buffer.byteLength(query)) };
      const first = await send(query, sized);
      const again = await send(query, sized);
      const chunked = await send(query);
      for (const answer of [first, again, chunked]) {
        expect(answer.status).toBe(200);
        expect(answer.bytes.equals(first.bytes)).toBe(true);
        expect(answer.headers['content-length']).toBe(String(first.bytes.length));
        expect(answer.headers.etag).toBe(first.headers.etag);
        expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      }
      expect(JSON.parse(first.bytes.toString()).data.content.title).toEqual(expect.any(String));
      const big = JSON.stringify({ query: '{ __typename }', variables: { padding: 'x'.repeat(100_001) } });
      for (const headers of [{ 'content-length': String(big.length) }, {}] as Record<string, string>[]) {
        const refused = await send(big, headers);
        expect(refused.status).toBe(413);
        expect(JSON.parse(refused.bytes.toString()).errors[0].extensions.key).toBe(
          'graphql.request.tooLarge',
        );
      }
    } finally {
      await server.close();
    }
  });

  it('keeps no answer with errors, and sends it no-store without an ETag', async () => {
    const query = `{ content(id: "${ids.about}") { title } contents(limit: 101) { total } }`;
    const first = await counted(query);
    const again = await counted(query);
    expect(again.body.data).toEqual({ content: { title: 'About us' }, contents: null });
    expect(again.queries).toBeGreaterThan(0);
    for (const answer of [first, again]) {
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.headers.get('etag')).toBeNull();
    }
  });
});

describe.each(testDatabases())('the GraphQL schema across a content-type reload on $kind', ({ open }) => {
  let world: GraphqlWorld;
  beforeAll(async () => {
    world = await graphqlWorld(open);
  });
  afterAll(() => world.close());

  it('is built once per schema version and swapped by a reload, without a restart', async () => {
    const query = `{ content(id: "${ids.hello}") { ... on BlogPost { metaDescription subtitle } } }`;
    const before = await world.post(query);
    expect(before.body.errors[0].extensions.key).toBe('graphql.query.invalid');
    // What the operations issue's reload does: change the types, bump the version, reload, purge `registry`.
    await world.db.query(
      `update content_types set fields = fields || '[{"name": "subtitle", "type": "string"}]'::jsonb
       where space_id = $1 and kind = 'content' and name = 'blog-post'`,
      [ids.space],
    );
    await world.db.query('update registry_state set schema_version = schema_version + 1');
    expect((await world.post(query)).body.errors[0].extensions.key).toBe('graphql.query.invalid');
    await world.reader.reloadRegistry();
    await world.cache.purgeTags([cacheTags.registry]);
    const after = await world.post(query);
    expect(after.body).toEqual({ data: { content: { metaDescription: 'First post', subtitle: null } } });
  });
});
