import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { testDatabases } from './databases.ts';

describe('in-memory test databases from the dumped cluster', () => {
  const pglite = testDatabases().find((d) => d.kind === 'pglite')!;

  it('are each new and empty, and what one writes the next does not see', async () => {
    const first = await pglite.open();
    try {
      await first.db.exec('create table written (id int); insert into written values (1)');
      expect((await first.db.query('select id from written')).rows).toEqual([{ id: 1 }]);
    } finally {
      await first.drop();
    }
    const second = await pglite.open();
    try {
      const tables = await second.db.query<{ name: string }>(
        "select table_name as name from information_schema.tables where table_schema = 'public'",
      );
      expect(tables.rows).toEqual([]);
    } finally {
      await second.drop();
    }
    const dumps = readdirSync(tmpdir()).filter((f) => /^pglite-.+-empty\.tar$/.test(f));
    expect(dumps).toHaveLength(1);
  });
});
