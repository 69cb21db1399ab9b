export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

/** Anything SQL can be sent to: the database itself or an open transaction. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pg' | 'pglite';
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Subscribes to a PostgreSQL notification channel; resolves to an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /** Counts statements sent, so tests can prove a read costs a constant number of queries. */
  readonly stats: { queries: number };
  /** The pool's connections right now (PostgreSQL); absent on embedded PGlite. */
  poolUse?(): { total: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
}
