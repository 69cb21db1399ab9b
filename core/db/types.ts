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

/** What `/readyz` says of one read replica (core/db/replicas/). */
export interface ReplicaStatus {
  /** host:port/database. */
  name: string;
  /** ok: takes reads; lagging: more than REPLICA_MAX_LAG behind; down: does not answer; not-replica: not in recovery. */
  state: 'starting' | 'ok' | 'lagging' | 'down' | 'not-replica';
  /** The last WAL position it was seen to have replayed. */
  replayed: string;
  lagSeconds: number;
  checkedAt: string | null;
}

/** How a process with read replicas learns which WAL position its reads need (core/db/replicas/read-router.ts). */
export interface ReadRouting {
  /** A purge's WAL position (`X/Y`); undefined or malformed: the primary's position now. */
  require(walLsn?: string): void;
  /** While `heard()` is false (purges may go unheard), every read goes to the primary. */
  trustPurgesWhile(heard: () => boolean): void;
  /** The position reads need now, for tests and logs. */
  required(): string;
  status(): ReplicaStatus[];
}

/** The routing of a database with read replicas, when it has some. */
export const readRoutingOf = (db: Db): ReadRouting | undefined =>
  (db as Db & { readRouting?: ReadRouting }).readRouting;
