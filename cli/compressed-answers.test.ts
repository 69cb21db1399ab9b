import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPreviewToken } from '../core/auth/preview-tokens.ts';
import { loadConfig } from '../core/config/index.ts';
import { COMPRESS_MIN_BYTES } from '../core/http/content-coding.ts';
import { type FastAnswers, fastAnswersOf } from '../core/http/fast-answers.ts';
import { type Listening, listen } from '../core/http/listen.ts';
import { buildApp } from './app.ts';
import { closeServices, type Services } from './services.ts';
import { demoServices } from './testing/demo-services.ts';
import { decodedBody, header as headerOf, type Raw, send as sendRaw } from './testing/raw-http.ts';

/**
 * Compressed answers of the public API (issue 40 point 3), as `verso serve` runs it: the public app of
 * `buildApp` over real HTTP on the demo space, rate rules on. Every form of an answer (identity, gzip, brotli)
 * carries the same weak ETag and `Vary: Accept-Encoding`, and gzip and brotli decompress to the identity bytes
 * exactly, whether the slow path or the fast path in front of Hono sent them.
 */
const POST = '/blog/we-moved-into-the-old-tram-depot';
const POST_ID = 'd0c00000-0000-4000-8000-000000000021';
const REST: Array<[string, string]> = [
  ['list', '/v1/content?limit=5&expand=cover'],
  ['permalink', `/v1/permalink${POST}?expand=cover,author`],
  ['document by id', `/v1/content/${POST_ID}`],
  ['menu', '/v1/menus/main'],
];
const GRAPHQL_QUERY = '{ contents(limit: 25) { total items { id title permalink locale } } }';
const graphqlPost = (query: string) => ({
  headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
  body: JSON.stringify({ query }),
});

const vary = (r: Raw) => (headerOf(r, 'vary') ?? '').split(',').map((v) => v.trim().toLowerCase());

describe('compressed answers of the public API', () => {
  let services: Services;
  let drop = async () => {};
  let server: Listening;
  let base: string;
  let fast: FastAnswers;

  beforeAll(async () => {
    ({ services, drop } = await demoServices({
      name: 'compressed',
      secret: 'compressed-secret-0123456789-0123456789-0123',
      databaseUrl: process.env.DATABASE_URL,
    }));
    await services.db.query(
      `insert into space_controls (space_id, key, value) select id, 'rateLimit.publicApi.points', '100000' from spaces`,
    );
    const config = { ...services.config, SERVER_MODE: 'public' as const, SCOPES: loadConfig({}).SCOPES };
    const app = buildApp('public', { ...services, config: { ...config, SCOPES: ['graphql', 'media'] } });
    server = await listen(app, { port: 0, hostname: '127.0.0.1' });
    base = `http://127.0.0.1:${server.port}`;
    fast = fastAnswersOf(app)!;
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    if (services) await closeServices(services);
    await drop();
  }, 60_000);

  /** A request sent twice: the first through the app (recorded), the second replayed in front of it. */
  async function twice(path: string, headers: Record<string, string>, method = 'GET', body?: string) {
    const slow = await sendRaw(base, path, headers, method, body);
    const hits = fast.hits;
    const quick = await sendRaw(base, path, headers, method, body);
    expect(fast.hits, `${method} ${path} replayed`).toBe(hits + 1);
    return [slow, quick] as const;
  }

  /** Each form against the identity answer: same status and ETag, the coding asked for, the same bytes decoded. */
  function expectForm(r: Raw, identity: Raw, coding: string | undefined) {
    expect(r.status).toBe(identity.status);
    expect(headerOf(r, 'content-encoding')).toBe(coding);
    expect(vary(r)).toContain('accept-encoding');
    expect(headerOf(r, 'etag')).toBe(headerOf(identity, 'etag'));
    expect(Number(headerOf(r, 'content-length'))).toBe(r.body.length);
    expect(decodedBody(r).equals(identity.body)).toBe(true);
    if (coding) expect(r.body.length).toBeLessThan(identity.body.length / 2);
  }

  it.each(REST)('REST %s: gzip and br decompress to the identity bytes', async (_name, path) => {
    const identity = await sendRaw(base, path);
    expect(identity.status).toBe(200);
    expect(identity.body.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(headerOf(identity, 'content-encoding')).toBeUndefined();
    expect(vary(identity)).toContain('accept-encoding');
    for (const [accept, coding] of [
      ['gzip', 'gzip'],
      ['br', 'br'],
      ['gzip, deflate, br, zstd', 'br'],
    ] as const) {
      const [slow, quick] = await twice(path, { 'accept-encoding': accept });
      expectForm(slow, identity, coding);
      expectForm(quick, identity, coding);
      expect(quick.body.equals(slow.body)).toBe(true);
    }
    // The identity answer is still replayed as identity after the compressed ones.
    const [slow, quick] = await twice(path, {});
    expectForm(slow, identity, undefined);
    expectForm(quick, identity, undefined);
  });

  it('the OpenAPI document (computed once, not a cache entry) is compressed as well', async () => {
    const identity = await sendRaw(base, '/openapi.json');
    expect(vary(identity)).toContain('accept-encoding');
    for (const coding of ['gzip', 'br']) {
      expectForm(await sendRaw(base, '/openapi.json', { 'accept-encoding': coding }), identity, coding);
    }
  });

  it('Accept-Encoding weights: br;q=0, identity, *, everything refused', async () => {
    const path = REST[0]![1];
    const identity = await sendRaw(base, path);
    for (const [accept, coding] of [
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=0.4, br;q=0.9', 'br'],
      ['br;q=0.4, gzip;q=0.9', 'gzip'],
      ['identity', undefined],
      ['identity, gzip;q=0.5', undefined],
      ['*', 'br'],
      ['*, br;q=0', 'gzip'],
      ['*;q=0', undefined],
      ['br;q=0, gzip;q=0', undefined],
      ['deflate', undefined],
    ] as const) {
      const [slow, quick] = await twice(path, { 'accept-encoding': accept });
      expectForm(slow, identity, coding);
      expectForm(quick, identity, coding);
    }
  });

  it('304 to the shared ETag with and without an encoding, by the slow path and the fast one', async () => {
    const path = REST[1]![1];
    const identity = await sendRaw(base, path);
    const etag = headerOf(identity, 'etag')!;
    expect(etag).toMatch(/^W\//);
    for (const accept of [undefined, 'gzip', 'br', 'gzip, br']) {
      const headers: Record<string, string> = { 'if-none-match': etag };
      if (accept) headers['accept-encoding'] = accept;
      for (const r of await twice(path, headers)) {
        expect(r.status).toBe(304);
        expect(r.body.length).toBe(0);
        expect(headerOf(r, 'etag')).toBe(etag);
        expect(vary(r)).toContain('accept-encoding');
        expect(headerOf(r, 'content-encoding')).toBeUndefined();
      }
    }
    // A list of validators (compared by the slow path) and the strong form of the tag match too.
    const listed = await sendRaw(base, path, {
      'if-none-match': `"x", ${etag.slice(2)}`,
      'accept-encoding': 'br',
    });
    expect(listed.status).toBe(304);
    // Another tag: the whole answer, compressed.
    const changed = await sendRaw(base, path, { 'if-none-match': 'W/"other"', 'accept-encoding': 'br' });
    expectForm(changed, identity, 'br');
  });

  it('HEAD says what the GET of the same encoding would send, without the body', async () => {
    const path = REST[0]![1];
    const get = await sendRaw(base, path, { 'accept-encoding': 'br' });
    for (const r of await twice(path, { 'accept-encoding': 'br' }, 'HEAD')) {
      expect(r.status).toBe(200);
      expect(r.body.length).toBe(0);
      expect(headerOf(r, 'content-encoding')).toBe('br');
      // Hono answers HEAD with the GET's headers but for the length, which node leaves out (as for identity).
      expect(headerOf(r, 'content-length') ?? String(get.body.length)).toBe(String(get.body.length));
      expect(headerOf(r, 'etag')).toBe(headerOf(get, 'etag'));
      expect(vary(r)).toContain('accept-encoding');
    }
  });

  it('error answers stay identity (small): 404, 422, an id that is no id', async () => {
    for (const [path, status] of [
      ['/v1/content/d0c00000-0000-4000-8000-00000000ffff', 404],
      ['/v1/permalink/no/such/page', 404],
      ['/v1/content?limit=500', 422],
      ['/v1/content/not-an-id', 400],
    ] as const) {
      const r = await sendRaw(base, path, { 'accept-encoding': 'gzip, br' });
      expect(r.status, path).toBe(status);
      expect(headerOf(r, 'content-encoding')).toBeUndefined();
      expect(r.body.length).toBeLessThan(COMPRESS_MIN_BYTES);
      expect(JSON.parse(r.body.toString()).error.status).toBe(status);
      expect(headerOf(r, 'cache-control')).toBe('no-store');
    }
  });

  it('every answer of /v1 and /graphql names Vary: errors of the shared edge, cached 404s, HEAD and 304', async () => {
    const missing = '/v1/content/d0c00000-0000-4000-8000-00000000ffff';
    for (const [method, path, status] of [
      ['GET', missing, 404],
      ['HEAD', missing, 404],
      ['GET', '/v1/permalink/no/such/page', 404],
      ['GET', '/v1/no-such-route', 404],
      ['GET', '/v1/content?limit=500', 422],
      ['GET', '/v1/content/not-an-id', 400],
      ['POST', '/v1/content', 404],
    ] as const) {
      for (const accept of [undefined, 'gzip, br']) {
        const r = await sendRaw(base, path, accept ? { 'accept-encoding': accept } : {}, method);
        expect(r.status, `${method} ${path}`).toBe(status);
        expect(vary(r), `${method} ${path}`).toEqual(['accept-encoding']);
        expect(headerOf(r, 'content-encoding')).toBeUndefined();
      }
    }
    // GraphQL's refusals before it runs (a body that is no JSON) and its answers with errors alike.
    for (const body of ['{not json', JSON.stringify({ query: '{ nope }' })]) {
      const r = await sendRaw(base, '/graphql', { 'content-type': 'application/json' }, 'POST', body);
      expect(r.status, body).toBeGreaterThanOrEqual(200);
      expect(vary(r), body).toEqual(['accept', 'accept-encoding']);
    }
    // A 304, by the slow path and the fast one: the same Vary as the 200.
    const path = REST[3]![1];
    const etag = headerOf(await sendRaw(base, path), 'etag')!;
    for (const r of await twice(path, { 'if-none-match': etag, 'accept-encoding': 'br' })) {
      expect(r.status).toBe(304);
      expect(vary(r)).toEqual(['accept-encoding']);
    }
  });

  it('GraphQL: a cached answer in gzip and br equals the identity bytes, 304 by GET for both', async () => {
    const { headers, body } = graphqlPost(GRAPHQL_QUERY);
    const identity = await sendRaw(base, '/graphql', headers, 'POST', body);
    expect(identity.status).toBe(200);
    expect(identity.body.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(JSON.parse(identity.body.toString()).data.contents.items.length).toBeGreaterThan(10);
    expect(vary(identity)).toEqual(['accept', 'accept-encoding']);
    for (const coding of ['gzip', 'br']) {
      const [slow, quick] = await twice('/graphql', { ...headers, 'accept-encoding': coding }, 'POST', body);
      expectForm(slow, identity, coding);
      expectForm(quick, identity, coding);
    }
    // The same operation by GET: its own entry, revalidated by its ETag whatever the encoding.
    const get = `/graphql?query=${encodeURIComponent(GRAPHQL_QUERY)}`;
    const accept = { accept: headers.accept };
    const plain = await sendRaw(base, get, accept);
    const br = await sendRaw(base, get, { ...accept, 'accept-encoding': 'br' });
    expectForm(br, plain, 'br');
    for (const coding of [undefined, 'br']) {
      const r = await sendRaw(base, get, {
        ...accept,
        'if-none-match': headerOf(plain, 'etag')!,
        ...(coding ? { 'accept-encoding': coding } : {}),
      });
      expect(r.status).toBe(304);
      expect(vary(r)).toContain('accept-encoding');
    }
  });

  it('GraphQL: an answer that is not kept (it has errors) is compressed on the fly', async () => {
    const { headers, body } = graphqlPost(
      `{ contents(limit: 25) { items { id title permalink } } bad: content(id: "not-an-id") { id } }`,
    );
    const identity = await sendRaw(base, '/graphql', headers, 'POST', body);
    const answer = JSON.parse(identity.body.toString());
    expect(answer.errors.length).toBeGreaterThan(0);
    expect(identity.body.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(headerOf(identity, 'cache-control')).toBe('no-store');
    for (const coding of ['gzip', 'br']) {
      const r = await sendRaw(base, '/graphql', { ...headers, 'accept-encoding': coding }, 'POST', body);
      expect(headerOf(r, 'cache-control')).toBe('no-store');
      expectForm(r, identity, coding);
    }
  });

  it('previews (drafts, never kept) are compressed per request, private and no-store', async () => {
    const space = await services.db.query<{ id: string }>('select id from spaces');
    const { token } = await createPreviewToken(services.db, {
      spaceId: space.rows[0]!.id,
      name: 'compression test',
      expiresAt: new Date(Date.now() + 3_600_000),
      createdBy: 'test',
    });
    const bearer = { authorization: `Bearer ${token}` };
    const { headers, body } = graphqlPost(GRAPHQL_QUERY);
    for (const [path, method, sent] of [
      [REST[0]![1], 'GET', undefined],
      ['/graphql', 'POST', body],
    ] as const) {
      const extra = method === 'POST' ? headers : {};
      const identity = await sendRaw(base, path, { ...bearer, ...extra }, method, sent);
      expect(identity.status).toBe(200);
      expect(headerOf(identity, 'cache-control')).toBe('private, no-store');
      expect(headerOf(identity, 'etag')).toBeUndefined();
      for (const coding of ['gzip', 'br']) {
        const r = await sendRaw(base, path, { ...bearer, ...extra, 'accept-encoding': coding }, method, sent);
        expect(headerOf(r, 'cache-control')).toBe('private, no-store');
        expectForm(r, identity, coding);
      }
    }
  });
});
