import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMigrations, loadPlugins } from '../../cli/plugins.ts';
import { memoryCache } from '../../core/cache/memory-cache.ts';
import type { Db } from '../../core/db/types.ts';
import type { AppError } from '../../core/errors/app-error.ts';
import { memoryStorage } from '../../core/media/memory-storage.ts';
import { importSpace } from '../../core/space-format/import.ts';
import { parseSpaceFile } from '../../core/space-format/validate.ts';
import { captureLog } from '../../core/testing/capture-log.ts';
import { migrated, testDatabases } from '../../core/testing/databases.ts';
import { fixtureSpace, ids } from '../../core/testing/fixture-space.ts';
import { createReader } from '../reader/index.ts';
import { publicApi } from './public-api.ts';

/**
 * The space of a request in memory, on both database adapters (the real-process cases, PostgreSQL only, are
 * in space-resolution.test.ts): none, the only one, API hosts, a pin.
 */
const plugins = loadPlugins({ website: true });
const secret = 'a-media-secret-of-at-least-32-characters';

describe.each(testDatabases())('the space of a public API request on $kind', ({ open }) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await migrated(open, allMigrations(plugins)));
  });
  afterAll(() => drop());

  const build = (pin?: string, onBootFailure?: (err: AppError) => void) => {
    const logs = captureLog();
    const api = publicApi({
      db,
      log: logs.log,
      cache: memoryCache({ defaultTtlSeconds: 60 }),
      config: { CACHE_TTL: 60, SCOPES: ['graphql', 'media'], PUBLIC_SPACE: pin },
      mediaSecret: () => secret,
      blockDesigns: true,
      reader: createReader({ db, mediaSecret: () => secret, blockDesigns: true }),
      spaceRecheckMs: 50,
      onBootFailure,
    });
    const get = (path: string, host?: string) =>
      api.app.request(`http://api.test${path}`, host ? { headers: { Host: host } } : {});
    return { api, logs, get };
  };

  it('without a space: 503 publicApi.space.unresolved with CORS except /healthz, one warning, then the space', async () => {
    const { api, logs, get } = build();
    await api.ready;
    expect((await get('/healthz')).status).toBe(200);
    for (const path of ['/v1/content', '/readyz', '/', '/openapi.json', '/nowhere']) {
      const res = await get(path);
      expect(res.status).toBe(503);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect((await res.json()).error).toMatchObject({
        key: 'publicApi.space.unresolved',
        kind: 'unavailable',
        status: 503,
      });
    }
    expect(logs.warnings().filter((w) => /publicApi\.space\.unresolved/.test(w.msg))).toHaveLength(1);
    await importSpace(db, parseSpaceFile(fixtureSpace(), plugins), {
      baseDir: process.cwd(),
      storage: memoryStorage(),
      plugins,
    });
    await expect
      .poll(async () => (await get('/v1/permalink/about')).status, { timeout: 5000, interval: 60 })
      .toBe(200);
    expect((await get('/', 'anything.example')).status).toBe(200);
  });

  it('with API hosts: the space of the host; other hosts 404 publicApi.host.unknown, /readyz on any host', async () => {
    await db.query(`update spaces set api_hosts = '{api.fixture.test}' where id = $1`, [ids.space]);
    try {
      const { api, get } = build();
      await api.ready;
      const ok = await get('/v1/permalink/about', 'API.fixture.test:443');
      expect(ok.status).toBe(200);
      expect((await ok.json()).id).toBe(ids.about);
      const unknown = await get('/v1/permalink/about', 'other.test');
      expect(unknown.status).toBe(404);
      expect(unknown.headers.get('access-control-allow-origin')).toBe('*');
      expect((await unknown.json()).error.key).toBe('publicApi.host.unknown');
      expect((await get('/readyz', 'other.test')).status).toBe(200);
      expect((await get('/healthz', 'other.test')).status).toBe(200);
    } finally {
      await db.query(`update spaces set api_hosts = '{}' where id = $1`, [ids.space]);
    }
  });

  it('with a pin: that space; a pin naming no space stops the boot', async () => {
    const { api, get } = build('fixture');
    await api.ready;
    expect((await (await get('/')).json()).space).toMatchObject({ id: ids.space, name: 'fixture' });
    const failures: AppError[] = [];
    const missing = build('ghost', (err) => failures.push(err));
    await missing.api.ready;
    expect(failures.map((e) => e.message)).toEqual(['PUBLIC_SPACE: no space named or with the id "ghost"']);
  });
});
