import { join } from 'node:path';
import type { Config } from '../config/index.ts';
import { openPgDb } from './pg-db.ts';
import { readRouter } from './replicas/read-router.ts';
import type { Db } from './types.ts';

type DbConfig = Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'DB_POOL_MAX'> &
  Partial<Pick<Config, 'DATABASE_READ_URLS' | 'REPLICA_MAX_LAG' | 'SERVER_MODE'>>;

/**
 * PostgreSQL when `DATABASE_URL` is set, else the embedded database in `DATA_DIR/db`. A public or website
 * process with `DATABASE_READ_URLS` reads from those replicas as far as they have replayed what it must see
 * (core/db/replicas/); the management process, procedures and every write use `DATABASE_URL` alone. Without
 * replicas the database is the pool itself: nothing stands between a read and it.
 */
export async function openDb(config: DbConfig): Promise<Db> {
  // The embedded database's module (PGlite's WebAssembly) only when it is the one used.
  if (!config.DATABASE_URL) return (await import('./pglite-db.ts')).openPgliteDb(join(config.DATA_DIR, 'db'));
  const primary = openPgDb(config.DATABASE_URL, { poolMax: config.DB_POOL_MAX });
  const urls = config.DATABASE_READ_URLS ?? [];
  if (urls.length === 0 || (config.SERVER_MODE !== 'public' && config.SERVER_MODE !== 'website'))
    return primary;
  const replicas = urls.map((url) => ({ url, db: openPgDb(url, { poolMax: config.DB_POOL_MAX }) }));
  return readRouter(primary, replicas, { maxLagMs: (config.REPLICA_MAX_LAG ?? 10) * 1000 });
}
