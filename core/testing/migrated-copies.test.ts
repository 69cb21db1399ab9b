import { describe, expect, it } from 'vitest';
import { allMigrations, loadPlugins } from '../../cli/plugins.ts';
import type { Migration } from '../db/migrations.ts';
import { pendingMigrations } from '../db/migrations.ts';
import { testDatabases } from './databases.ts';
import { migrationsKey } from './migrated-copies.ts';

const migrations = allMigrations(loadPlugins({ website: true }));
const extra: Migration = { id: 'test/0001_extra.sql', sql: 'create table extra_of_this_test (id int)' };

describe.each(testDatabases())('migrated test databases on $kind', ({ open }) => {
  it('have every migration applied, and what one copy writes the next does not see', async () => {
    const first = await open(migrations);
    try {
      expect(await pendingMigrations(first.db, migrations)).toEqual([]);
      await first.db.exec(
        `insert into spaces (id, name, title, default_locale, locales)
         values ('00000000-0000-4000-8000-000000000001', 'one', 'One', 'en', '{en}')`,
      );
      expect((await first.db.query('select name from spaces')).rows).toEqual([{ name: 'one' }]);
    } finally {
      await first.drop();
    }
    const second = await open(migrations);
    try {
      expect((await second.db.query('select name from spaces')).rows).toEqual([]);
      expect(await pendingMigrations(second.db, migrations)).toEqual([]);
    } finally {
      await second.drop();
    }
  });

  it('come from their own copy when the migrations differ', async () => {
    expect(migrationsKey([...migrations, extra])).not.toBe(migrationsKey(migrations));
    const changed = { ...extra, sql: `${extra.sql}; create table and_another (id int)` };
    expect(migrationsKey([...migrations, changed])).not.toBe(migrationsKey([...migrations, extra]));
    const withExtra = await open([...migrations, extra]);
    const without = await open(migrations);
    try {
      const table = "select to_regclass('extra_of_this_test') is not null as present";
      expect((await withExtra.db.query(table)).rows).toEqual([{ present: true }]);
      expect((await without.db.query(table)).rows).toEqual([{ present: false }]);
    } finally {
      await withExtra.drop();
      await without.drop();
    }
  });
});
