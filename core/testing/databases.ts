import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Migration } from '../db/migrations.ts';
import { migrate } from '../db/migrations.ts';
import { openPgDb } from '../db/pg-db.ts';
import { openPgliteDb } from '../db/pglite-db.ts';
import type { Db } from '../db/types.ts';
import { emptyCluster } from './empty-cluster.ts';
import { serviceUrl } from './require-service.ts';

export interface TestDatabase {
  kind: 'pglite' | 'pg';
  /** A new, empty database (PostgreSQL: a fresh database on the server; PGlite: in memory, from a new cluster). */
  open(): Promise<{ db: Db; url?: string; drop(): Promise<void> }>;
}

/** The adapters a test should run against: PGlite always, real PostgreSQL when DATABASE_URL is set. */
export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [
    {
      kind: 'pglite',
      open: async () => {
        const db = await openPgliteDb(undefined, await emptyCluster());
        return { db, drop: () => db.close() };
      },
    },
  ];
  const url = serviceUrl('DATABASE_URL');
  if (url) list.push({ kind: 'pg', open: () => freshPostgres(url) });
  return list;
}

export async function freshPostgres(
  adminUrl: string,
): Promise<{ db: Db; url: string; drop(): Promise<void> }> {
  const name = `verso_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  const db = openPgDb(url, { poolMax: 4 });
  return {
    db,
    url,
    async drop() {
      await db.close();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

export async function migrated(open: TestDatabase['open'], migrations: Migration[]) {
  const handle = await open();
  await migrate(handle.db, migrations);
  return handle;
}
