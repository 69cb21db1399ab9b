import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Migration } from '../db/migrations.ts';
import { openPgDb } from '../db/pg-db.ts';
import { openPgliteDb } from '../db/pglite-db.ts';
import type { Db } from '../db/types.ts';
import { emptyCluster } from './empty-cluster.ts';
import { migratedCluster, pgTemplate } from './migrated-copies.ts';
import { serviceUrl } from './require-service.ts';

export interface TestDatabase {
  kind: 'pglite' | 'pg';
  /**
   * A new database (PostgreSQL: a fresh database on the server; PGlite: in memory, from a new cluster): empty, or
   * with `migrations` applied, copied from a database they were applied to once (core/testing/migrated-copies.ts).
   */
  open(migrations?: Migration[]): Promise<{ db: Db; url?: string; drop(): Promise<void> }>;
}

/** The adapters a test should run against: PGlite always, real PostgreSQL when DATABASE_URL is set. */
export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [
    {
      kind: 'pglite',
      open: async (migrations) => {
        const cluster = migrations ? await migratedCluster(migrations) : await emptyCluster();
        const db = await openPgliteDb(undefined, cluster);
        return { db, drop: () => db.close() };
      },
    },
  ];
  const url = serviceUrl('DATABASE_URL');
  if (url) list.push({ kind: 'pg', open: (migrations) => freshPostgres(url, migrations) });
  return list;
}

/** A new database on the server of `adminUrl`: empty, or a copy of the template holding `migrations`. */
export async function freshPostgres(
  adminUrl: string,
  migrations?: Migration[],
): Promise<{ db: Db; url: string; drop(): Promise<void> }> {
  const name = `verso_t_${randomBytes(6).toString('hex')}`;
  const template = migrations ? await pgTemplate(adminUrl, migrations) : undefined;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
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

/** A new database with `migrations` applied (a copy: see `open`). */
export function migrated(open: TestDatabase['open'], migrations: Migration[]) {
  return open(migrations);
}
