import { AppError } from '../../errors/app-error.ts';
import { isUnavailable } from '../db-errors.ts';
import type { Db, QueryResult, ReadRouting, ReplicaStatus } from '../types.ts';
import {
  chooseReplica,
  mayWrite,
  type ReplicaView,
  replicaLagMs,
  replicaMayAnswer,
  walPosition,
  walText,
} from './wal-position.ts';

export interface ReadRouterOptions {
  /** `REPLICA_MAX_LAG` in milliseconds: a replica trailing the primary by more is left out. */
  maxLagMs: number;
  /** How often each replica's replayed position (and the primary's position) is read. */
  checkEveryMs?: number;
  /** How long a replica may take to answer that check before it counts as not answering. */
  checkTimeoutMs?: number;
}

interface Replica extends ReplicaView {
  name: string;
  db: Db;
  state: ReplicaStatus['state'];
  lagMs: number;
  /** A check of this replica under way (coalesced: reads that find it behind ask for one). */
  checking?: Promise<void>;
  lastCheck: number;
}

/** host:port/database of a connection string, never its user or password: what `/readyz` names. */
export function replicaName(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return 'replica';
  }
}

const unavailable = (err: unknown) =>
  isUnavailable(err) ||
  (err instanceof AppError && err.key === 'database.unavailable') ||
  (err instanceof Error && /timed out/.test(err.message));

/** How soon a replica found behind by a read is asked again for its replayed position. */
const CHASE_MS = 20;

function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p,
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`replica check timed out after ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * The database of a public or website process with read replicas (`DATABASE_READ_URLS`): plain reads go to a
 * replica known to have replayed the WAL position this process requires, everything else (writes, transactions,
 * LISTEN/NOTIFY) and every read no replica can take yet to the primary.
 *
 * The required position is the highest of every purge heard (the primary's position read after the change
 * committed, carried by the purge; a purge without one stands for the primary's position when it is heard) and
 * of this process's own writes. A purge reaches every process before its call returns (purge-acks.ts), so a
 * computation that starts after a change's answer never reads a replica that lacks the change: nothing stale is
 * computed, hence nothing stale cached. What each replica has replayed is read every `checkEveryMs`, and at once
 * when a read finds it behind; a replica that does not answer, or trails by more than `maxLagMs`, is left out
 * until it is back (`status`, shown by `/readyz`).
 */
export function readRouter(
  primary: Db,
  replicaDbs: { url: string; db: Db }[],
  options: ReadRouterOptions,
): Db & { readRouting: ReadRouting } {
  const checkEvery = options.checkEveryMs ?? 250;
  const checkTimeout = options.checkTimeoutMs ?? 1000;
  const replicas: Replica[] = replicaDbs.map(({ url, db }) => ({
    name: replicaName(url),
    db,
    replayed: 0n,
    usable: false,
    state: 'starting',
    lagMs: 0,
    lastCheck: 0,
  }));
  let required = 0n;
  /** Lookups of the primary's position under way ("the primary's current"): meanwhile, the primary answers. */
  let pending = 0;
  /** Set when such a lookup failed: the primary answers until a sample started after it is known. */
  let hold = 0;
  let generation = 0;
  let purgesHeard: () => boolean = () => true;
  let turn = 0;
  const samples: { at: number; position: bigint }[] = [];

  const raise = (position: bigint) => {
    if (position > required) required = position;
  };
  /** The primary's position now: every change committed before this call is at or below it. */
  const samplePrimary = async () => {
    const started = ++generation;
    const res = await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
    const position = walPosition(res.rows[0]?.lsn);
    if (position === undefined) throw new Error('the primary reported no WAL position (is it a replica?)');
    if (hold !== 0 && hold < started) {
      raise(position);
      hold = 0;
    }
    return position;
  };
  /** Reads need what the primary has now; while that is being read (or could not be), the primary answers. */
  const raiseToCurrent = () =>
    samplePrimary().then(raise, () => {
      hold = ++generation;
    });
  const requireCurrent = () => {
    pending++;
    void raiseToCurrent().finally(() => pending--);
  };
  const check = (r: Replica): Promise<void> => {
    r.checking ??= (async () => {
      try {
        const res = await within(
          r.db.query<{ lsn: string | null }>('select pg_last_wal_replay_lsn()::text as lsn'),
          checkTimeout,
        );
        // Null on a server that is not in recovery: a promoted or misconfigured "replica" is left out.
        const position = walPosition(res.rows[0]?.lsn);
        if (position === undefined) {
          r.state = 'not-replica';
        } else {
          if (position > r.replayed) r.replayed = position;
          r.lagMs = replicaLagMs(r.replayed, samples, Date.now());
          r.state = r.lagMs > options.maxLagMs ? 'lagging' : 'ok';
        }
      } catch {
        r.state = 'down';
      } finally {
        r.usable = r.state === 'ok';
        r.lastCheck = Date.now();
        r.checking = undefined;
      }
    })();
    return r.checking;
  };
  const tick = async () => {
    try {
      const position = await samplePrimary();
      const now = Date.now();
      samples.push({ at: now, position });
      // Kept for a little longer than the lag allowed: an older sample cannot change a verdict.
      while (samples.length > 2 && samples[1]!.at < now - options.maxLagMs - 2 * checkEvery) samples.shift();
    } catch {
      // The primary down: replicas are still checked (and the reads they can take still go to them).
    }
    await Promise.all(replicas.map(check));
  };
  let ticking = false;
  const timer = setInterval(() => {
    if (ticking) return;
    ticking = true;
    void tick().finally(() => {
      ticking = false;
    });
  }, checkEvery);
  timer.unref();
  void tick();

  /** Whether a statement may go to a replica, by its text (a handful of texts, each tested once). */
  const plain = new Map<string, boolean>();
  const mayAnswer = (sql: string) => {
    let yes = plain.get(sql);
    if (yes === undefined) {
      yes = replicaMayAnswer(sql);
      if (plain.size < 2000) plain.set(sql, yes);
    }
    return yes;
  };
  const toPrimary = <T>(sql: string, params?: unknown[]) => primary.query<T>(sql, params);
  async function query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
    if (!mayAnswer(sql)) {
      const res = await toPrimary<T>(sql, params);
      // This process reads its own write from now on (a form's entry, a counter): the position after it.
      if (mayWrite(sql)) await raiseToCurrent();
      return res;
    }
    if (pending > 0 || hold !== 0 || !purgesHeard()) return toPrimary<T>(sql, params);
    const i = chooseReplica(required, replicas, turn++);
    if (i < 0) {
      // Behind (a purge's position not replayed yet, as far as this process knows): asked again at once, so
      // that the replica takes reads again as soon as it has caught up rather than at the next tick.
      // At most one check per replica in flight, and not more often than every CHASE_MS.
      const now = Date.now();
      for (const r of replicas)
        if (r.usable && r.replayed < required && !r.checking && now - r.lastCheck >= CHASE_MS) void check(r);
      return toPrimary<T>(sql, params);
    }
    const r = replicas[i]!;
    try {
      return await r.db.query<T>(sql, params);
    } catch (err) {
      // A replica that cannot answer (down, or a query cancelled by a conflict with recovery): the primary does.
      if (unavailable(err)) {
        r.state = 'down';
        r.usable = false;
      }
      return toPrimary<T>(sql, params);
    }
  }

  const stats = {
    get queries() {
      return primary.stats.queries + replicas.reduce((n, r) => n + r.db.stats.queries, 0);
    },
  };
  return {
    kind: primary.kind,
    stats,
    ...(primary.poolUse ? { poolUse: () => primary.poolUse!() } : {}),
    query,
    exec: (sql) => primary.exec(sql),
    async transaction(fn) {
      const result = await primary.transaction(fn);
      await raiseToCurrent();
      return result;
    },
    listen: (channel, onPayload) => primary.listen(channel, onPayload),
    notify: (channel, payload) => primary.notify(channel, payload),
    async close() {
      clearInterval(timer);
      await Promise.all([primary.close(), ...replicas.map((r) => r.db.close())]);
    },
    readRouting: {
      require(lsn) {
        const position = walPosition(lsn);
        if (position === undefined) requireCurrent();
        else raise(position);
      },
      trustPurgesWhile(heard) {
        purgesHeard = heard;
      },
      required: () => walText(required),
      status: () =>
        replicas.map((r) => ({
          name: r.name,
          state: r.state,
          replayed: walText(r.replayed),
          lagSeconds: Math.round(r.lagMs) / 1000,
          checkedAt: r.lastCheck === 0 ? null : new Date(r.lastCheck).toISOString(),
        })),
    },
  };
}
