/**
 * PostgreSQL WAL positions (`pg_lsn`, printed `X/Y`: two hexadecimal 32-bit halves) and the rule that routes a
 * read between the primary and its streaming replicas. Pure: the I/O is in read-router.ts.
 */

const LSN = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/;

/** Whether `text` is a WAL position as PostgreSQL prints one. */
export const isWalPosition = (text: unknown): text is string => typeof text === 'string' && LSN.test(text);

/**
 * The position as the 64-bit number it is: comparing the text (`0/FFFFFF` against `1/0`) or a double (past
 * 2^53) would misorder some of them. Undefined for anything that is not a position.
 */
export function walPosition(text: unknown): bigint | undefined {
  if (typeof text !== 'string') return undefined;
  const m = LSN.exec(text);
  if (!m) return undefined;
  return (BigInt(`0x${m[1]}`) << 32n) | BigInt(`0x${m[2]}`);
}

/** The `X/Y` text of a position (the inverse of `walPosition`). */
export function walText(position: bigint): string {
  return `${(position >> 32n).toString(16).toUpperCase()}/${(position & 0xffffffffn).toString(16).toUpperCase()}`;
}

/** What the router knows of one replica. */
export interface ReplicaView {
  /** The last position this replica was seen to have replayed (replay only moves forward: a lower bound). */
  replayed: bigint;
  /** Answering and within `REPLICA_MAX_LAG`. */
  usable: boolean;
}

/**
 * The replica a read may go to, or -1 for the primary: a usable replica known to have replayed `required`
 * (the WAL position of the last purge this process heard, or of its own last write). Among several, the
 * turn `turn` picks one in rotation, so that the load spreads. A replica whose replay is not known to have
 * reached the position may still be behind it: a page rendered there could be cached stale for its lifetime.
 */
export function chooseReplica(required: bigint, replicas: readonly ReplicaView[], turn: number): number {
  const n = replicas.length;
  for (let k = 0; k < n; k++) {
    const i = (turn + k) % n;
    const r = replicas[i]!;
    if (r.usable && r.replayed >= required) return i;
  }
  return -1;
}

/**
 * How long ago, at `now`, the primary was at a position this replica has not replayed: the time of the newest
 * sample of the primary's position that the replica has reached bounds its lag. Samples are oldest first.
 * Beyond the oldest sample kept, the lag is at least that old; no sample yet: 0 (nothing to measure against).
 */
export function replicaLagMs(
  replayed: bigint,
  samples: readonly { at: number; position: bigint }[],
  now: number,
): number {
  for (let i = samples.length - 1; i >= 0; i--) {
    const s = samples[i]!;
    if (s.position <= replayed) return i === samples.length - 1 ? 0 : now - samples[i + 1]!.at;
  }
  return samples.length === 0 ? 0 : now - samples[0]!.at;
}

const READ = /^\s*(?:select|with)\b/i;
/** Anything that writes, locks, or exists on the primary only (a replica refuses it or answers differently). */
const PRIMARY_ONLY =
  /\b(?:insert|update|delete|merge|nextval|setval|pg_notify|pg_current_wal_lsn|txid_current|pg_current_xact_id|pg_\w*advisory\w*|for\s+(?:update|share|no\s+key\s+update|key\s+share))\b/i;
const WRITE = /\b(?:insert|update|delete|merge)\b/i;

/** Whether a statement outside a transaction may be answered by a replica: a plain read. */
export const replicaMayAnswer = (sql: string): boolean => READ.test(sql) && !PRIMARY_ONLY.test(sql);

/** Whether a statement sent to the primary may have changed data (this process then reads its own write). */
export const mayWrite = (sql: string): boolean => !READ.test(sql) || WRITE.test(sql);
