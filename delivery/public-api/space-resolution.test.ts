import { mkdtempSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPlugins } from '../../cli/plugins.ts';
import type { Db } from '../../core/db/types.ts';
import { memoryStorage } from '../../core/media/memory-storage.ts';
import { importSpace } from '../../core/space-format/import.ts';
import { parseSpaceFile } from '../../core/space-format/validate.ts';
import { freshPostgres } from '../../core/testing/databases.ts';
import { fixtureSpace, ids } from '../../core/testing/fixture-space.ts';
import { freePort, type Running, runVerso, startVerso } from '../../core/testing/processes.ts';
import { serviceUrl } from '../../core/testing/require-service.ts';

/**
 * Which space a public instance serves, through real `verso serve` processes on real PostgreSQL (the embedded
 * database allows one process only): a pin, API hosts, the only space, and none (503, then recovery).
 */
const adminUrl = serviceUrl('DATABASE_URL');
const plugins = loadPlugins({ website: true });

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

/** A GET with any `Host` header (fetch may not set it). */
function get(port: number, path: string, host = `localhost:${port}`): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: { Host: host } }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? JSON.parse(text) : null }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

async function eventually(check: () => Promise<boolean>, withinMs: number): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < withinMs) {
    if (await check()) return Date.now() - start;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`not within ${withinMs} ms`);
}

const otherSpace = () => ({
  format: 'verso.space/1',
  space: {
    id: '00000000-0000-4000-8000-0000000000ee',
    name: 'other',
    title: 'Other',
    defaultLocale: 'en',
    locales: ['en'],
  },
});

describe.skipIf(!adminUrl)('the space of a public instance, with real processes', () => {
  let db: Db;
  let url: string;
  let drop: () => Promise<void>;
  const running: Running[] = [];

  const env = (port: number, extra: Record<string, string> = {}) => ({
    SERVER_MODE: 'public',
    NODE_ENV: 'development',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'verso-public-')),
    DATABASE_URL: url,
    REDIS_URL: '',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'info',
    PUBLIC_SPACE: '',
    ...extra,
  });
  const serve = async (extra: Record<string, string> = {}) => {
    const port = await freePort();
    const proc = await startVerso(['serve'], env(port, extra), /"msg":"ready in /, 60_000);
    running.push(proc);
    return { port, proc };
  };
  const load = (file: unknown) =>
    importSpace(db, parseSpaceFile(file, plugins), {
      baseDir: process.cwd(),
      storage: memoryStorage(),
      plugins,
    });

  beforeAll(async () => {
    ({ db, url, drop } = await freshPostgres(adminUrl!));
    const migrated = await runVerso(['migrate'], {
      DATABASE_URL: url,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'verso-m-')),
      NODE_ENV: 'development',
    });
    expect(migrated.code).toBe(0);
  });
  afterAll(async () => {
    for (const p of running) await p.stop();
    await drop();
  });

  it('with no space: starts, warns once, answers 503 (with CORS) except /healthz, then serves the space within 10 s', async () => {
    const { port, proc } = await serve();
    expect((await get(port, '/healthz')).status).toBe(200);
    for (const path of ['/v1/content', '/readyz', '/', '/openapi.json']) {
      const r = await get(port, path);
      expect(r.status).toBe(503);
      expect(r.body.error).toMatchObject({
        key: 'publicApi.space.unresolved',
        kind: 'unavailable',
        status: 503,
      });
      expect(r.headers['access-control-allow-origin']).toBe('*');
    }
    await load(fixtureSpace());
    const took = await eventually(
      async () => (await get(port, '/v1/permalink/about')).status === 200,
      10_000,
    );
    expect(took).toBeLessThan(10_000);
    expect((await get(port, '/v1/permalink/about')).body).toMatchObject({
      id: ids.about,
      permalink: 'about',
    });
    expect(proc.output().match(/publicApi\.space\.unresolved until exactly one space exists/g)).toHaveLength(
      1,
    );

    // The only space is served on any host.
    expect((await get(port, '/v1/content?limit=1', 'whatever.example')).status).toBe(200);

    // Two spaces and neither pinned nor hosted: unresolved again; API hosts resolve it by host.
    await load(otherSpace());
    await eventually(async () => (await get(port, '/v1/content')).status === 503, 10_000);
    await db.query(`update spaces set api_hosts = '{api.fixture.test}' where id = $1`, [ids.space]);
    await db.query(`update spaces set api_hosts = '{api.other.test}' where name = 'other'`);
    await eventually(
      async () => (await get(port, '/v1/permalink/about', `api.fixture.test:${port}`)).status === 200,
      10_000,
    );
    expect((await get(port, '/', 'API.Other.test')).body.space).toMatchObject({ name: 'other' });
    const unknown = await get(port, '/v1/content', `localhost:${port}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.key).toBe('publicApi.host.unknown');
    expect(unknown.headers['access-control-allow-origin']).toBe('*');
    expect(await get(port, '/readyz', 'unknown.example')).toMatchObject({
      status: 200,
      body: { status: 'ready', schemaVersion: 1 },
    });
  }, 120_000);

  it('with a pin: serves the pinned space whatever the host, and a missing pin stops the boot', async () => {
    const { port } = await serve({ PUBLIC_SPACE: 'fixture' });
    const home = await get(port, '/v1/permalink', 'api.other.test');
    expect(home.status).toBe(200);
    expect(home.body.id).toBe(ids.home);
    const byId = await serve({ PUBLIC_SPACE: '00000000-0000-4000-8000-0000000000ee' });
    expect((await get(byId.port, '/')).body.space).toMatchObject({ name: 'other' });

    const port2 = await freePort();
    const missing = await runVerso(['serve'], env(port2, { PUBLIC_SPACE: 'ghost' }));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/PUBLIC_SPACE: no space named or with the id "ghost"/);
  }, 120_000);
});
