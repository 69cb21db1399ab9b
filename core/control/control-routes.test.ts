import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { allMigrations, loadPlugins } from '../../cli/plugins.ts';
import { createApiKey } from '../auth/api-keys.ts';
import { memoryCache } from '../cache/memory-cache.ts';
import { type RecordingCache, recordingCache } from '../cache/recording-cache.ts';
import type { Db } from '../db/types.ts';
import { localDiskStorage } from '../media/local-disk-storage.ts';
import { parseTrustedProxies } from '../net/trusted-proxies.ts';
import { importSpace } from '../space-format/import.ts';
import { parseSpaceFile } from '../space-format/validate.ts';
import { captureLog } from '../testing/capture-log.ts';
import { migrated, testDatabases } from '../testing/databases.ts';
import { fixtureSpace, ids } from '../testing/fixture-space.ts';
import { controlRoutes } from './control-routes.ts';
import { spaceRateOverrides } from './rate-overrides.ts';

const plugins = loadPlugins({ website: true });
const storage = localDiskStorage(mkdtempSync(join(tmpdir(), 'verso-control-')));

describe.each(testDatabases())('/control/v1 on $kind', ({ open }) => {
  let db: Db;
  let drop: () => Promise<void>;
  let cache: RecordingCache;
  let operator: string;
  beforeAll(async () => {
    ({ db, drop } = await migrated(open, allMigrations(plugins)));
    await importSpace(db, parseSpaceFile(fixtureSpace(), plugins), {
      baseDir: process.cwd(),
      storage,
      plugins,
    });
    cache = recordingCache(memoryCache({ defaultTtlSeconds: 300 }));
    operator = (await createApiKey(db, { role: 'superadmin', name: 'ops' })).token;
  });
  afterAll(async () => {
    await cache.close();
    await drop();
  });
  beforeEach(() => {
    cache.takePurged();
  });

  const app = (allowed: string | undefined, trusted = 'none') =>
    new Hono().route(
      '/',
      controlRoutes({
        db,
        cache,
        log: captureLog().log,
        trustedProxies: parseTrustedProxies(trusted),
        allowedIps: allowed ? parseTrustedProxies(allowed) : undefined,
      }),
    );
  const send = (
    a: Hono,
    path: string,
    options: { from?: string; key?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) =>
    a.request(
      `/control/v1${path}`,
      {
        method: options.body === undefined ? 'GET' : 'PATCH',
        headers: { ...(options.key ? { authorization: `Bearer ${options.key}` } : {}), ...options.headers },
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      },
      { incoming: { socket: { remoteAddress: options.from ?? '10.1.2.3' } } },
    );
  const keyOf = async (res: Response) => ((await res.json()) as { error: { key: string } }).error.key;

  it('is refused to every address while CONTROL_API_ALLOWED_IPS is unset, and to addresses outside it', async () => {
    expect(await keyOf(await send(app(undefined), '/spaces/fixture/controls', { key: operator }))).toBe(
      'control.addressRefused',
    );
    const res = await send(app('10.0.0.0/8, 2001:db8::/32'), '/spaces/fixture/controls', {
      key: operator,
      from: '198.51.100.1',
    });
    expect(res.status).toBe(403);
    expect(await keyOf(res)).toBe('control.addressRefused');
    expect(
      (
        await send(app('10.0.0.0/8, 2001:db8::/32'), '/spaces/fixture/controls', {
          key: operator,
          from: '2001:db8::5',
        })
      ).status,
    ).toBe(200);
  });

  it('reads the client address by TRUSTED_PROXIES', async () => {
    const behindProxy = app('10.0.0.0/8', '192.0.2.1');
    const forwarded = { from: '192.0.2.1', key: operator, headers: { 'x-forwarded-for': '10.4.4.4' } };
    expect((await send(behindProxy, '/spaces/fixture/controls', forwarded)).status).toBe(200);
    const forged = { from: '198.51.100.2', key: operator, headers: { 'x-forwarded-for': '10.4.4.4' } };
    expect((await send(behindProxy, '/spaces/fixture/controls', forged)).status).toBe(403);
  });

  it('needs an API key holding control, within its spaces', async () => {
    const a = app('10.0.0.0/8');
    expect(await keyOf(await send(a, '/spaces/fixture/controls'))).toBe('auth.required');
    const admin = (await createApiKey(db, { role: 'admin' })).token;
    expect(await keyOf(await send(a, '/spaces/fixture/controls', { key: admin }))).toBe('auth.forbidden');
    const elsewhere = (
      await createApiKey(db, { role: 'superadmin', spaceIds: ['00000000-0000-4000-8000-00000000ffff'] })
    ).token;
    expect(await keyOf(await send(a, '/spaces/fixture/controls', { key: elsewhere }))).toBe(
      'auth.spaceForbidden',
    );
    const res = await send(a, '/spaces/fixture/controls', { key: operator });
    expect(await res.json()).toMatchObject({
      space: { id: ids.space, name: 'fixture' },
      controls: { 'features.plugins.website.badge': false, 'plugins.website.badge.text': 'Made with Verso' },
    });
  });

  it("badge changes purge the space's pages; rate rules purge only its controls, and the limiter sees them", async () => {
    const a = app('10.0.0.0/8');
    const badge = await send(a, '/spaces/fixture/controls', {
      key: operator,
      body: {
        controls: {
          'features.plugins.website.badge': true,
          'plugins.website.badge.link': 'https://verso.example',
        },
      },
    });
    expect(badge.status).toBe(200);
    expect(((await badge.json()) as { changed: string[] }).changed).toEqual([
      'features.plugins.website.badge',
      'plugins.website.badge.link',
    ]);
    expect(cache.takePurged()).toEqual([`controls:${ids.space}`, `site:pages:${ids.space}`]);

    const overrides = spaceRateOverrides({ db, cache });
    expect(await overrides(ids.space)).toEqual({});
    await send(a, '/spaces/fixture/controls', {
      key: operator,
      body: { controls: { 'rateLimit.publicApi.points': 5 } },
    });
    expect(cache.takePurged()).toEqual([`controls:${ids.space}`]);
    expect(await overrides(ids.space)).toEqual({ publicApi: { points: 5 } });
    await send(a, '/spaces/fixture/controls', {
      key: operator,
      body: { controls: { 'rateLimit.publicApi.points': null } },
    });
    expect(await overrides(ids.space)).toEqual({});
    expect(cache.takePurged()).toEqual([`controls:${ids.space}`]);
    // The same value again changes nothing and purges nothing.
    await send(a, '/spaces/fixture/controls', {
      key: operator,
      body: { controls: { 'features.plugins.website.badge': true } },
    });
    expect(cache.takePurged()).toEqual([]);
  });

  it('applies one change to many spaces and refuses unknown controls and bad values', async () => {
    const a = app('10.0.0.0/8');
    const bulk = await send(a, '/controls', {
      key: operator,
      body: { spaces: '*', controls: { 'plugins.website.badge.text': 'Hosted by Verso' } },
    });
    expect(bulk.status).toBe(200);
    expect(cache.takePurged()).toEqual([`controls:${ids.space}`, `site:pages:${ids.space}`]);
    const bad = await send(a, '/spaces/fixture/controls', {
      key: operator,
      body: {
        controls: {
          'features.everything': true,
          'plugins.website.badge.link': 'javascript:alert(1)',
          'rateLimit.forms.points': 0,
        },
      },
    });
    expect(bad.status).toBe(422);
    const details = ((await bad.json()) as { error: { details: Array<{ path: string }> } }).error.details.map(
      (d) => d.path,
    );
    expect(details).toEqual([
      'controls.features.everything',
      'controls.plugins.website.badge.link',
      'controls.rateLimit.forms.points',
    ]);
    const audit = await db.query<{ action: string; actor: string }>(
      `select action, actor from audit_entries where action like 'control.%'`,
    );
    expect(audit.rows.length).toBeGreaterThan(0);
    expect(audit.rows.every((r) => r.actor.endsWith('(ops)'))).toBe(true);
  });
});
