import { join } from 'node:path';
import type { Config } from '../config/index.ts';
import { openPgDb } from './pg-db.ts';
import { openPgliteDb } from './pglite-db.ts';
import type { Db } from './types.ts';

/** PostgreSQL when `DATABASE_URL` is set, else the embedded database in `DATA_DIR/db`. */
export async function openDb(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'DB_POOL_MAX'>): Promise<Db> {
  if (config.DATABASE_URL) return openPgDb(config.DATABASE_URL, { poolMax: config.DB_POOL_MAX });
  return openPgliteDb(join(config.DATA_DIR, 'db'));
}
