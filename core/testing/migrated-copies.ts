import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Migration } from '../db/migrations.ts';
import { migrate } from '../db/migrations.ts';
import { openPgDb } from '../db/pg-db.ts';
import { pgliteDb } from '../db/pglite-db.ts';
import { writeWhole } from '../write-whole.ts';
import { emptyCluster, pgliteVersion } from './empty-cluster.ts';

/*
 * Most test files start from a database with every migration applied. Applying them costs 0.6-1.8 s a database
 * (two kinds, a hundred files, twice in CI), so each set of migrations is applied once: into a template database
 * on PostgreSQL, which `create database … template` copies, and into a dumped PGlite cluster, which a new
 * in-memory database loads as it loads the empty one (core/testing/empty-cluster.ts). A set is named by a hash
 * of its ids and SQL, so a changed migration makes a new copy and never meets an old one.
 */

/** The name of a set of migrations: its ids, SQL and whether a step in code follows. */
export function migrationsKey(migrations: Migration[]): string {
  const hash = createHash('sha256');
  for (const m of migrations) hash.update(`${m.id}\0${m.sql}\0${m.then ? m.then.toString() : ''}\0`);
  return hash.digest('hex').slice(0, 16);
}

const templates = new Map<string, Promise<string>>();

/**
 * The template database holding `migrations` on the server of `adminUrl`, made once: by the first test process
 * that asks, under an advisory lock the others wait on, migrated under another name and renamed when whole
 * (so a run stopped halfway leaves nothing a later run takes for a template).
 */
export function pgTemplate(adminUrl: string, migrations: Migration[]): Promise<string> {
  const name = `verso_template_${migrationsKey(migrations)}`;
  return once(templates, `${adminUrl}\0${name}`, () => makeTemplate(adminUrl, name, migrations));
}

/** `make()`'s promise, kept in `made` under `key`; one that fails is forgotten, so the next caller tries again. */
function once<T>(made: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
  let promise = made.get(key);
  if (!promise) {
    promise = make().catch((err: unknown) => {
      made.delete(key);
      throw err;
    });
    made.set(key, promise);
  }
  return promise;
}

async function makeTemplate(adminUrl: string, name: string, migrations: Migration[]): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    const present = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (present.rowCount === 0) {
      const partial = `${name}_${randomBytes(4).toString('hex')}`;
      await admin.query(`create database ${partial}`);
      const u = new URL(adminUrl);
      u.pathname = `/${partial}`;
      const db = openPgDb(u.toString(), { poolMax: 1 });
      try {
        await migrate(db, migrations);
      } finally {
        await db.close();
      }
      await admin.query(`alter database ${partial} rename to ${name}`);
    }
    return name;
  } finally {
    await admin.end();
  }
}

const clusters = new Map<string, Promise<Blob>>();

/**
 * A dumped PGlite cluster holding `migrations`, made once per test run: kept under the run's temporary directory
 * (core/testing/temp-root.ts), named by PGlite's version and the migrations, written whole or not at all.
 */
export function migratedCluster(migrations: Migration[]): Promise<Blob> {
  const key = migrationsKey(migrations);
  return once(clusters, key, () => makeCluster(key, migrations));
}

async function makeCluster(key: string, migrations: Migration[]): Promise<Blob> {
  const file = join(tmpdir(), `pglite-${pgliteVersion}-migrated-${key}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const lite = await PGlite.create({ loadDataDir: await emptyCluster() });
  const db = pgliteDb(lite);
  try {
    await migrate(db, migrations);
    const dump = await lite.dumpDataDir('none');
    writeWhole(file, Buffer.from(await dump.arrayBuffer()));
    return dump;
  } finally {
    await db.close();
  }
}
