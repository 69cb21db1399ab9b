import type { WindowCount } from './memory-windows.ts';

/**
 * What this process last heard from Redis of each client's shared count under one rule, so that a request far
 * from the limit is decided at once while its count is still on its way (issue 42: the round trip was what Redis
 * added to a cached answer, 0.34 → 0.48 ms). Only the decision goes ahead; every request is counted in Redis.
 * Near the limit (fewer than `reserve` points left as last heard, counting this process's own counts not yet
 * heard back) a request waits for its count as before, so small rules (sign-in, forms: 10 points) stay exact, and
 * a client is refused late only if the other processes answered more than `reserve` of its requests since this
 * process last heard. At most `maxAhead` requests of a client are decided ahead and not heard back at a time
 * here: once over the limit, each process answers at most that many before it hears so, which bounds what a
 * window lets through to the rule's points plus `maxAhead` per process (docs/operations.md).
 *
 * Far from the limit (twice the reserve left) a count is not even sent at once: it is held here (`held`) and sent
 * with the client's next ones, one command for several requests (the rate limiter flushes them after
 * `FLUSH_MS`, at half of `maxAhead`, or with the next request that waits). One `EVALSHA` per request was what
 * Redis still added to a cached answer once decisions went ahead (issue 42, point 4). Held counts are among the
 * `maxAhead` not heard back, so the bound above holds; nearer the limit counts go at once, so that every process
 * has sent its counts of a client before any process decides that client's last requests exactly.
 */
export class SharedEstimates {
  readonly #known = new Map<string, Known>();
  /** Keys with counts held here. */
  readonly #holding = new Set<string>();
  #sweepAt = 0;

  constructor(
    readonly points: number,
    readonly durationMs: number,
    readonly reserve: number = reserveOf(points),
    readonly maxAhead: number = maxAheadOf(points),
  ) {}

  /**
   * The count with this request, when it can be decided before Redis answers; `held`: its count is held here
   * (sent later, `take`/`takeAll`), else it is to be sent now and its reply awaited.
   */
  ahead(key: string, now: number): (WindowCount & { held: boolean }) | undefined {
    const known = this.#known.get(key);
    if (!known || known.endsAt <= now) return undefined;
    const consumed = known.consumed + known.unheard + known.held + 1;
    const left = this.points - consumed;
    if (left < this.reserve || known.unheard + known.held >= this.maxAhead) return undefined;
    const held = left >= 2 * this.reserve;
    if (held) {
      known.held++;
      this.#holding.add(key);
    } else known.unheard++;
    return { consumedPoints: consumed, remainingPoints: left, msBeforeNext: known.endsAt - now, held };
  }

  /** How many counts of `key` are held here. */
  heldOf(key: string): number {
    return this.#known.get(key)?.held ?? 0;
  }

  /** The counts of `key` held here, now to be sent (with a request of the client, or alone). */
  take(key: string): number {
    const known = this.#known.get(key);
    if (!known || known.held === 0) return 0;
    const n = known.held;
    known.held = 0;
    known.unheard += n;
    this.#holding.delete(key);
    return n;
  }

  /** Every key's held counts, now to be sent. */
  takeAll(): Array<[key: string, points: number]> {
    const all: Array<[string, number]> = [];
    for (const key of this.#holding) all.push([key, this.take(key)]);
    this.#holding.clear();
    return all;
  }

  /**
   * Redis's count after a command of `key` (`res`, undefined when it failed) that carried `ahead` counts decided
   * before it was answered (held ones, and the request's own when it went ahead).
   */
  heard(key: string, res: WindowCount | undefined, now: number, ahead: number): void {
    const known = this.#known.get(key);
    if (known && ahead > 0) known.unheard = Math.max(0, known.unheard - ahead);
    if (!res) return;
    const endsAt = res.msBeforeNext >= 0 ? now + res.msBeforeNext : Number.POSITIVE_INFINITY;
    if (known) {
      known.consumed = res.consumedPoints;
      known.endsAt = endsAt;
      return;
    }
    this.#sweep(now);
    this.#known.set(key, { consumed: res.consumedPoints, unheard: 0, held: 0, endsAt });
  }

  get size(): number {
    return this.#known.size;
  }

  /** Windows that ended are dropped at most once per window length: memory holds the clients of about two. */
  #sweep(now: number): void {
    if (this.durationMs <= 0 || now < this.#sweepAt) return;
    this.#sweepAt = now + this.durationMs;
    for (const [key, known] of this.#known)
      if (known.endsAt <= now && known.unheard === 0 && known.held === 0) this.#known.delete(key);
  }
}

interface Known {
  /** The count in Redis as last heard. */
  consumed: number;
  /** Counts decided ahead, sent, not heard back. */
  unheard: number;
  /** Counts decided ahead and held here, not sent yet. */
  held: number;
  endsAt: number;
}

/** Requests of one client decided ahead and not yet heard back, per process and rule, for rules up to 800 points. */
export const MAX_AHEAD = 8;

/** A rule's bound of requests decided ahead per process and client: 1 % of its points, at least `MAX_AHEAD`. */
export const maxAheadOf = (points: number): number => Math.max(MAX_AHEAD, Math.floor(points / 100));

/** The longest a count is held here before it is sent. */
export const FLUSH_MS = 50;

/** Points kept for exact decisions: a tenth of the rule, at least 25 (so rules of 25 points or fewer are exact). */
export const reserveOf = (points: number): number => Math.max(25, Math.ceil(points / 10));
