import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { translateDbError } from './db-errors.ts';
import type { Db, Queryable, QueryResult } from './types.ts';

/**
 * The embedded database: PGlite in `dir` (or in memory when `dir` is undefined). One process only.
 * `loadDataDir`, a cluster PGlite dumped before (`dumpDataDir`), starts from that instead of a new one.
 */
export async function openPgliteDb(dir: string | undefined, loadDataDir?: Blob | File): Promise<Db> {
  if (dir) mkdirSync(dir, { recursive: true });
  const lite = await PGlite.create({
    ...(dir ? { dataDir: dir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  return pgliteDb(lite);
}

/** A started PGlite as a `Db`; closing the `Db` closes it. */
export function pgliteDb(lite: PGlite): Db {
  const stats = { queries: 0 };
  const wrap = (client: PGlite | Transaction): Queryable => ({
    async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      stats.queries++;
      const res = await client.query<T>(sql, params).catch((err) => {
        throw translateDbError(err);
      });
      return { rows: res.rows, rowCount: res.affectedRows ?? res.rows.length };
    },
    async exec(sql: string) {
      stats.queries++;
      await client.exec(sql);
    },
  });
  const root = wrap(lite);
  let closing: Promise<void> | undefined;
  return {
    kind: 'pglite',
    stats,
    query: root.query,
    exec: root.exec,
    transaction: (fn) => lite.transaction((tx) => fn(wrap(tx))),
    async listen(channel, onPayload) {
      return lite.listen(channel, onPayload);
    },
    async notify(channel, payload) {
      await root.query('select pg_notify($1, $2)', [channel, payload]);
    },
    // Closing twice answers as the first close did: PGlite refuses a second close().
    close() {
      closing ??= lite.close();
      return closing;
    },
  };
}
