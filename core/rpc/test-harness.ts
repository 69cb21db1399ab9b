import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { createApiKey, type NewKey } from '../auth/api-keys.ts';
import { authRoutes } from '../auth/auth-routes.ts';
import { memoryCache } from '../cache/memory-cache.ts';
import { type RecordingCache, recordingCache } from '../cache/recording-cache.ts';
import type { Migration } from '../db/migrations.ts';
import type { Db } from '../db/types.ts';
import { localDiskStorage } from '../media/local-disk-storage.ts';
import type { MediaStorage } from '../media/storage.ts';
import type { Plugin } from '../plugins.ts';
import { createRateLimiter } from '../rate-limit/rate-limiter.ts';
import { importSpace } from '../space-format/import.ts';
import { parseSpaceFile } from '../space-format/validate.ts';
import { type CapturedLog, captureLog } from '../testing/capture-log.ts';
import { migrated, type TestDatabase } from '../testing/databases.ts';
import { fixtureSpace } from '../testing/fixture-space.ts';
import type { AnyProcedure, ProcedureInstance } from './procedure.ts';
import { rpcRoutes } from './rpc-routes.ts';

export interface RpcHarness {
  db: Db;
  /** Where the fixture's asset files are (local disk, a new folder); `assets.delete` removes from it. */
  storage: MediaStorage;
  cache: RecordingCache;
  captured: CapturedLog;
  app: Hono;
  key(options?: NewKey): Promise<string>;
  call(name: string, body: unknown, token: string | undefined): Promise<Response>;
  close(): Promise<void>;
}

export interface RpcHarnessArgs {
  open: TestDatabase['open'];
  procedures: AnyProcedure[];
  /** The instance's plugins and migrations (tests take them from cli/plugins.ts). */
  plugins: Plugin[];
  migrations: Migration[];
  /** The instance's secret and site origins, for procedures that sign links. */
  instance?: ProcedureInstance;
  /** Mounts the `auth` scope too (`/auth/*`, sessions accepted by `/rpc`), signing with this secret. */
  authSecret?: string;
}

/**
 * A migrated database with the fixture space, the procedures mounted at `/rpc`, a recording cache and a
 * captured log: what procedure tests need, with nothing mocked.
 */
export async function rpcHarness({
  open,
  procedures,
  plugins,
  migrations,
  instance,
  authSecret,
}: RpcHarnessArgs): Promise<RpcHarness> {
  const handle = await migrated(open, migrations);
  const { db } = handle;
  const storage = localDiskStorage(mkdtempSync(join(tmpdir(), 'verso-rpc-')));
  await importSpace(db, parseSpaceFile(fixtureSpace(), plugins), {
    baseDir: process.cwd(),
    storage,
    plugins,
  });
  const cache = recordingCache(memoryCache({ defaultTtlSeconds: 300 }));
  const captured = captureLog();
  const app = new Hono();
  if (authSecret) {
    const rateLimiter = createRateLimiter({ log: captured.log });
    const secret = () => authSecret;
    app.route('/', authRoutes({ db, log: captured.log, secret, rateLimiter, trustedProxies: undefined }));
  }
  app.route(
    '/',
    rpcRoutes({
      db,
      cache,
      log: captured.log,
      procedures,
      plugins,
      storage,
      ...(instance ? { instance } : {}),
      ...(authSecret ? { sessionSecret: () => authSecret } : {}),
    }),
  );
  return {
    db,
    storage,
    cache,
    captured,
    app,
    key: async (options = { role: 'owner' }) => (await createApiKey(db, options)).token,
    call: async (name, body, token) =>
      app.request(`/rpc/${name}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    async close() {
      await cache.close();
      await handle.drop();
    },
  };
}
