import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgres } from '../testing/databases.ts';
import { serviceUrl } from '../testing/require-service.ts';
import type { Db } from './types.ts';

// Queries with parameters are named (prepared) statements: each connection parses and plans them once.
const adminUrl = serviceUrl('DATABASE_URL');

describe.skipIf(!adminUrl)('prepared statements on PostgreSQL', () => {
  let handle: Awaited<ReturnType<typeof freshPostgres>>;
  let db: Db;
  beforeAll(async () => {
    handle = await freshPostgres(adminUrl!);
    db = handle.db;
    await db.exec(
      'create table t (id int primary key, name text); insert into t values (1, $$a$$), (2, $$b$$)',
    );
  });
  afterAll(() => handle?.drop());

  it('are kept by the server per connection, one per text, and answer like unnamed ones', async () => {
    const sql = 'select name from t where id = $1';
    for (let i = 0; i < 12; i++)
      expect((await db.query(sql, [1 + (i % 2)])).rows).toEqual([{ name: i % 2 ? 'b' : 'a' }]);
    // Inside a transaction: the same connection sees its own statement list.
    await db.transaction(async (tx) => {
      expect((await tx.query(sql, [2])).rows).toEqual([{ name: 'b' }]);
      const prepared = await tx.query<{ n: number }>(
        "select count(*)::int as n from pg_prepared_statements where statement = 'select name from t where id = $1'",
        [],
      );
      expect(prepared.rows[0]!.n).toBe(1);
    });
  });

  it('survive a table change under them (the stale plan is run once unnamed)', async () => {
    const sql = 'select * from t where id = $1';
    // Every pooled connection prepares it (concurrent calls spread over the pool).
    await Promise.all(Array.from({ length: 10 }, () => db.query(sql, [1])));
    await db.exec('alter table t add column extra text default $$x$$');
    const rows = await Promise.all(Array.from({ length: 10 }, () => db.query(sql, [1])));
    for (const r of rows) expect(r.rows).toEqual([{ id: 1, name: 'a', extra: 'x' }]);
  });

  it('leave statements without parameters (several in one text) to the simple protocol', async () => {
    await db.exec('create table u (id int); insert into u values (1)');
    expect((await db.query('select count(*)::int as n from u')).rows).toEqual([{ n: 1 }]);
  });
});
