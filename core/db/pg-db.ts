import { createHash } from 'node:crypto';
import pg from 'pg';
import { CUSTOM_PLAN, inlineValues } from './custom-plan.ts';
import { isRead, isUnavailable, translateDbError } from './db-errors.ts';
import { memoJsonParser } from './json-memo.ts';
import { parseTimestamptz } from './parse-timestamp.ts';
import type { Db, Queryable, QueryResult } from './types.ts';

// int8 (count(*), bigserial) as numbers: Verso's counts stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
/**
 * jsonb of 512 characters or more parsed once per text (published fields, designs), frozen: core/db/json-memo.ts;
 * at most `maxChars` characters of texts kept. 8M by default; a one-shot command that reads each published version
 * once (the static export) gives a smaller bound. What was kept goes with the parser it replaces.
 */
export function boundJsonMemo(maxChars: number): void {
  pg.types.setTypeParser(3802, memoJsonParser({ minLength: 512, maxChars }));
}
boundJsonMemo(8 * 1024 * 1024);
// timestamptz the short way for the usual text, the library's parser for the rest: core/db/parse-timestamp.ts.
pg.types.setTypeParser(1184, parseTimestamptz);

/** Statement texts given a name so far; past the bound, new texts go unnamed (parsed and planned each time). */
const MAX_NAMED_STATEMENTS = 2000;
const names = new Map<string, string>();

/**
 * A query with parameters as a named (prepared) statement: each connection parses it once and plans it once,
 * generically (`plan_cache_mode`, below), instead of parsing and planning every statement on every call
 * (issue 14: planning cost more than running on an uncached page). The name is a digest of the text, so one
 * text is one statement on every connection. A `CUSTOM_PLAN` statement goes with its values in its text, so
 * it is planned for them.
 */
export function namedQuery(sql: string, params: unknown[] | undefined): string | pg.QueryConfig {
  if (params === undefined) return sql;
  if (sql.startsWith(CUSTOM_PLAN))
    return inlineValues(sql, params, pg.escapeLiteral) ?? { text: sql, values: params };
  let name = names.get(sql);
  if (name === undefined) {
    if (names.size >= MAX_NAMED_STATEMENTS) return { text: sql, values: params };
    name = `v${createHash('sha1').update(sql).digest('base64url')}`;
    names.set(sql, name);
  }
  return { name, text: sql, values: params };
}

/** A cached plan whose result columns changed under it (a migration altered a table): run it unnamed once. */
const stalePlan = (err: unknown) =>
  (err as { code?: string }).code === '0A000' && /cached plan/.test((err as Error).message ?? '');

/** A connection that plans every prepared statement generically from its first query on (`openPgDb`). */
class GenericPlanClient extends pg.Client {
  // pg-pool connects with a callback; `await client.connect()` gets the promise.
  override connect(): Promise<pg.Client>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.Client> | undefined {
    const ready = super
      .connect()
      // A server without the setting (before PostgreSQL 12) plans as it chooses.
      .then(() => this.query('set plan_cache_mode = force_generic_plan').catch(() => undefined))
      .then(() => this as pg.Client);
    if (!callback) return ready;
    const report = callback as (err: Error | null, client?: pg.Client) => void;
    ready.then(
      (client) => report(null, client),
      (err: Error) => report(err),
    );
    return undefined;
  }
}

type ConnectCallback = ((err: Error) => void) | ((err: null, c: pg.Client) => void);

export function openPgDb(url: string, options: { poolMax: number }): Db {
  // Idle connections are kept (pg closes them after 10 s by default): a new one costs its connect and the
  // parse and planning of every prepared statement again, which the first pages after a quiet spell paid.
  //
  // Every parameterized statement is planned once per connection, generically. Left to choose, PostgreSQL plans
  // anew for the values when a generic plan looks dearer than the plans it made for them: after a publish the
  // website's page statement (a document with all it names) was planned at every run, 3–5 ms each (its `bind` in
  // the server log), and the first fresh page took 11.5 ms instead of 5.7 (bench/publish.ts, docs/performance.md).
  // Set on each new connection before the pool hands it out (`GenericPlanClient`), rather than as a startup
  // option, which connection poolers such as PgBouncer refuse.
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolMax,
    idleTimeoutMillis: 0,
    Client: GenericPlanClient,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const stats = { queries: 0 };
  const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      stats.queries++;
      let res: pg.QueryResult;
      try {
        const query = namedQuery(sql, params);
        res = await (typeof query === 'string' ? client.query(query) : client.query(query)).catch((err) => {
          // Outside a transaction only: inside one, the failed statement has already aborted it.
          if (stalePlan(err)) return client.query(sql, params as unknown[]);
          throw err;
        });
      } catch (err) {
        // A pooled connection the server dropped (a restart): a read is sent once more on a fresh one.
        if (client !== pool || !isUnavailable(err) || !isRead(sql)) throw translateDbError(err);
        try {
          res = await client.query(sql, params as unknown[]);
        } catch (again) {
          throw translateDbError(again);
        }
      }
      return { rows: res.rows as T[], rowCount: res.rowCount ?? 0 };
    },
    async exec(sql: string) {
      stats.queries++;
      await client.query(sql).catch((err) => {
        throw translateDbError(err);
      });
    },
  });
  const root = wrap(pool);
  let listener: pg.Client | undefined;
  let closing: Promise<void> | undefined;
  const handlers = new Map<string, Set<(payload: string) => void>>();

  return {
    kind: 'pg',
    stats,
    poolUse: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: options.poolMax,
    }),
    query: root.query,
    exec: root.exec,
    async transaction(fn) {
      const client = await pool.connect().catch((err) => {
        throw translateDbError(err);
      });
      let broken = false;
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (err) {
        broken = isUnavailable(err) || (err instanceof Error && isUnavailable(err.cause));
        await client.query('rollback').catch(() => {});
        throw translateDbError(err);
      } finally {
        // A connection the server dropped is closed, not handed to the next caller.
        client.release(broken);
      }
    },
    async listen(channel, onPayload) {
      if (!listener) {
        listener = new pg.Client({ connectionString: url });
        listener.on('error', () => {});
        await listener.connect();
        listener.on('notification', (msg) => {
          for (const h of handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
        });
      }
      const set = handlers.get(channel) ?? new Set();
      if (set.size === 0) await listener.query(`listen ${pg.escapeIdentifier(channel)}`);
      set.add(onPayload);
      handlers.set(channel, set);
      return async () => {
        set.delete(onPayload);
      };
    },
    async notify(channel, payload) {
      await root.query('select pg_notify($1, $2)', [channel, payload]);
    },
    // Closing twice answers as the first close did: pg's pool refuses a second end().
    close() {
      closing ??= (async () => {
        await listener?.end().catch(() => {});
        await pool.end();
      })();
      return closing;
    },
  };
}
