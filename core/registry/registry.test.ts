import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMigrations, loadPlugins } from '../../cli/plugins.ts';
import { createApiKey } from '../auth/api-keys.ts';
import { openPgDb } from '../db/pg-db.ts';
import type { Db } from '../db/types.ts';
import { captureLog } from '../testing/capture-log.ts';
import { migrated, testDatabases } from '../testing/databases.ts';
import { registryRoutes } from './registry-routes.ts';
import { watchRegistry } from './reload.ts';

const plugins = loadPlugins({ website: true });
const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
};

describe.each(testDatabases())('registry reload on $kind', ({ kind, open }) => {
  let db: Db;
  let other: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const handle = await migrated(open, allMigrations(plugins));
    ({ db, drop } = handle);
    // On PostgreSQL the second process is a second pool on the same database; PGlite is one process.
    other = kind === 'pg' ? openPgDb(handle.url!, { poolMax: 2 }) : db;
  });
  afterAll(async () => {
    if (other !== db) await other.close();
    await drop();
  });

  it('bumps the schema version and every watching process reloads once per version', async () => {
    const seen: number[] = [];
    const stop = await watchRegistry({
      db: other,
      log: captureLog().log,
      onReload: (v) => void seen.push(v),
      pollMs: 0,
    });
    const app = new Hono().route('/', registryRoutes({ db, log: captureLog().log }));
    const post = (token?: string) =>
      app.request('/api/v1/contentTypes/reload', {
        method: 'POST',
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    expect((await post()).status).toBe(401);
    const editor = (await createApiKey(db, { role: 'editor' })).token;
    const refused = await post(editor);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { key: string } }).error.key).toBe('auth.forbidden');
    const admin = await createApiKey(db, { role: 'admin' });
    const res = await post(admin.token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ schemaVersion: 2 });
    await until(() => seen.length > 0);
    expect(seen).toEqual([2]);
    expect(((await (await post(admin.token)).json()) as { schemaVersion: number }).schemaVersion).toBe(3);
    await until(() => seen.length > 1);
    expect(seen).toEqual([2, 3]);
    const audit = await db.query<{ actor: string; action: string }>(
      'select actor, action from audit_entries',
    );
    expect(audit.rows).toEqual([
      { actor: `apiKey:${admin.id}`, action: 'contentTypes.reload' },
      { actor: `apiKey:${admin.id}`, action: 'contentTypes.reload' },
    ]);
    await stop();
  });

  it('catches a missed notification by reading the version', async () => {
    const seen: number[] = [];
    const stop = await watchRegistry({
      db: other,
      log: captureLog().log,
      onReload: (v) => void seen.push(v),
      pollMs: 50,
    });
    // A bump without a notification, as after a dropped listening connection.
    await db.query('update registry_state set schema_version = schema_version + 1');
    await until(() => seen.length > 0);
    expect(seen).toEqual([4]);
    await stop();
  });
});
