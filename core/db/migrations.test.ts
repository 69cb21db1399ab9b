import { afterAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/databases.ts';
import { assertMigrated, coreMigrations, migrate, pendingMigrations } from './migrations.ts';
import type { Db } from './types.ts';

const tableCount = async (db: Db) =>
  (
    await db.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
    )
  ).rows[0]!.n;

describe.each(testDatabases())('migrations on $kind', ({ open }) => {
  const handles: Array<{ drop(): Promise<void> }> = [];
  afterAll(async () => {
    for (const h of handles) await h.drop();
  });

  it('apply in order, record themselves, and change nothing the second time', async () => {
    const h = await open();
    handles.push(h);
    const all = coreMigrations();
    expect(await pendingMigrations(h.db, all)).toHaveLength(all.length);
    expect(await migrate(h.db, all)).toEqual(all.map((m) => m.id));
    const tables = await tableCount(h.db);
    const ledger = (await h.db.query('select id, applied_at from verso_migrations order by id')).rows;
    expect(await migrate(h.db, all)).toEqual([]);
    expect(await tableCount(h.db)).toBe(tables);
    expect((await h.db.query('select id, applied_at from verso_migrations order by id')).rows).toEqual(
      ledger,
    );
    await expect(assertMigrated(h.db, all)).resolves.toBeUndefined();
  });

  it('a database missing a migration is refused with a message naming it', async () => {
    const h = await open();
    handles.push(h);
    const all = coreMigrations();
    const later = { id: 'core/9999_later.sql', sql: 'create table later (id int)' };
    await migrate(h.db, all);
    await expect(assertMigrated(h.db, [...all, later])).rejects.toThrow(
      /core\/9999_later\.sql.*verso migrate/,
    );
  });

  it('full-text search indexes title and search text with the locale config', async () => {
    const h = await open();
    handles.push(h);
    await migrate(h.db, coreMigrations());
    const res = await h.db.query<{ cfg: string; hit: boolean }>(
      `select verso_ts_config('de')::text as cfg,
        to_tsvector(verso_ts_config('de'), 'Häuser und Gärten') @@ websearch_to_tsquery(verso_ts_config('de'), 'Haus') as hit`,
    );
    expect(res.rows[0]).toEqual({ cfg: 'german', hit: true });
  });
});
