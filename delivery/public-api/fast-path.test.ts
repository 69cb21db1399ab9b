import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMigrations, loadPlugins } from '../../cli/plugins.ts';
import { memoryCache } from '../../core/cache/memory-cache.ts';
import type { TaggedCache } from '../../core/cache/tagged-cache.ts';
import { cacheTags } from '../../core/cache/tags.ts';
import type { Db } from '../../core/db/types.ts';
import { requestId } from '../../core/http/request-id.ts';
import { memoryStorage } from '../../core/media/memory-storage.ts';
import { rateLimit } from '../../core/rate-limit/middleware.ts';
import { createRateLimiter } from '../../core/rate-limit/rate-limiter.ts';
import { importSpace } from '../../core/space-format/import.ts';
import { parseSpaceFile } from '../../core/space-format/validate.ts';
import { captureLog } from '../../core/testing/capture-log.ts';
import { migrated, testDatabases } from '../../core/testing/databases.ts';
import { fixtureSpace, ids } from '../../core/testing/fixture-space.ts';
import { createReader } from '../reader/index.ts';
import { publicApi } from './public-api.ts';

/**
 * The fast path of repeated REST requests (delivery/rest/route-memo.ts), mounted as `verso serve` mounts the
 * public API (request id, the public rate rule, then the API): a repeated request answers the same headers
 * and bytes as the first, still counts against the rate rule, and sees purges at once.
 */
const plugins = loadPlugins({ website: true });
const secret = 'a-media-secret-of-at-least-32-characters';

describe.each(testDatabases())('the REST fast path on $kind', ({ open }) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await migrated(open, allMigrations(plugins)));
    await importSpace(db, parseSpaceFile(fixtureSpace(), plugins), {
      baseDir: process.cwd(),
      storage: memoryStorage(),
      plugins,
    });
  });
  afterAll(() => drop());

  const build = (points = 1000) => {
    const cache: TaggedCache = memoryCache({ defaultTtlSeconds: 60 });
    const api = publicApi({
      db,
      log: captureLog().log,
      cache,
      config: { CACHE_TTL: 60, SCOPES: ['graphql', 'media'], PUBLIC_SPACE: undefined },
      mediaSecret: () => secret,
      blockDesigns: true,
      reader: createReader({ db, mediaSecret: () => secret, blockDesigns: true }),
    });
    const limiter = createRateLimiter({
      log: captureLog().log,
      rules: { publicApi: { points, durationSeconds: 60 } },
    });
    const app = new Hono().use(requestId());
    app.use(
      '/v1/*',
      rateLimit({
        limiter,
        rule: 'publicApi',
        trustedProxies: { kind: 'none' },
        refusalHeaders: {
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Expose-Headers': 'RateLimit, RateLimit-Policy, Retry-After',
        },
      }),
    );
    app.route('/', api.app);
    // One keep-alive connection: the same socket object for every request, as the server gives it.
    const socket = { remoteAddress: '198.51.100.7' };
    const get = (path: string, headers: Record<string, string> = {}) =>
      app.request(`http://api.test${path}`, { headers }, { incoming: { socket, headers } });
    return { api, cache, get };
  };

  /** Every header but those that differ per request by design (the request id, the remaining count). */
  const stable = (res: Response) =>
    [...res.headers.entries()]
      .filter(([name]) => name !== 'x-request-id' && name !== 'ratelimit')
      .sort(([a], [b]) => a.localeCompare(b));

  it('answers a repeated request with the same status, headers and bytes as the first', async () => {
    const { api, get } = build();
    await api.ready;
    const path = '/v1/permalink/about?expand=see';
    const first = await get(path);
    expect(first.status).toBe(200);
    expect(api.routeMemo.size).toBe(1);
    const second = await get(path);
    expect(second.status).toBe(200);
    expect(stable(second)).toEqual(stable(first));
    expect(await second.text()).toBe(await first.text());
    expect(second.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    expect(second.headers.get('access-control-expose-headers')).toBe(
      'ETag, X-Request-Id, RateLimit, RateLimit-Policy',
    );
    expect(second.headers.get('ratelimit')).toMatch(/^limit=1000, remaining=998, reset=\d+$/);

    // 304: the slow path's (a first request of its URL) and the fast path's are alike.
    const etag = first.headers.get('etag')!;
    const slow304 = await get('/v1/permalink/about?expand=see&locale=en', { 'If-None-Match': etag });
    const fast304 = await get('/v1/permalink/about?expand=see&locale=en', { 'If-None-Match': etag });
    expect([slow304.status, fast304.status]).toEqual([304, 304]);
    expect(stable(fast304)).toEqual(stable(slow304));
    expect(await fast304.text()).toBe('');
  });

  it('keeps one resolution per Host, and never one of a refused request', async () => {
    const { api, get } = build();
    await api.ready;
    await get('/v1/content?limit=5', { Host: 'a.example' });
    await get('/v1/content?limit=5', { Host: 'b.example' });
    expect(api.routeMemo.size).toBe(2);
    for (let i = 0; i < 2; i++) {
      const refused = await get('/v1/content?limit=101');
      expect(refused.status).toBe(422);
      expect((await refused.json()).error.details[0]).toMatchObject({
        key: 'validation.invalid',
        path: 'limit',
      });
    }
    expect(api.routeMemo.size).toBe(2);
  });

  it('sees a purge at once: the purged answer is read again', async () => {
    const { api, cache, get } = build();
    await api.ready;
    const title = async () => ((await (await get('/v1/permalink/about')).json()) as { title: string }).title;
    expect(await title()).toBe('About us');
    expect(await title()).toBe('About us');
    await db.query(
      `update document_versions set title = 'About us, renamed' where document_id = $1 and locale = 'en' and state = 'published'`,
      [ids.about],
    );
    try {
      // Not purged yet: the cached answer stands (the fast path does not read the database).
      expect(await title()).toBe('About us');
      await cache.purgeTags([cacheTags.document(ids.about)]);
      expect(await title()).toBe('About us, renamed');
      expect(await title()).toBe('About us, renamed');
    } finally {
      await db.query(
        `update document_versions set title = 'About us' where document_id = $1 and locale = 'en' and state = 'published'`,
        [ids.about],
      );
    }
  });

  it('counts every request against the rate rule, fast or not', async () => {
    const { api, get } = build(3);
    await api.ready;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await get('/v1/permalink/about')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await get('/v1/permalink/about');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    expect((await refused.json()).error.key).toBe('rateLimit.exceeded');
  });
});
