import type { WindowCount } from './memory-windows.ts';

/**
 * What this process last heard from Redis of each client's shared count under one rule, so that a request far
 * from the limit is decided at once while its count is still on its way (issue 42: the round trip was what Redis
 * added to a cached answer, 0.34 → 0.48 ms). Every request is still counted in Redis, in the turn it arrives;
 * only the decision goes ahead. Near the limit (fewer than `reserve` points left as last heard, counting this
 * process's own counts still on their way) a request waits for its count as before, so small rules (sign-in,
 * forms: 10 points) stay exact, and a client is refused late only if the other processes answered more than
 * `reserve` of its requests since this process last heard. At most `MAX_AHEAD` requests of a client are decided
 * ahead at a time here: once over the limit, each process answers at most that many before it hears so, which
 * bounds what a window lets through to the rule's points plus `MAX_AHEAD` per process (docs/operations.md).
 */
export class SharedEstimates {
  readonly #known = new Map<string, { consumed: number; pending: number; endsAt: number }>();
  #sweepAt = 0;

  constructor(
    readonly points: number,
    readonly durationMs: number,
    readonly reserve: number = reserveOf(points),
  ) {}

  /** The count with this request, when it can be decided before Redis answers; then its reply is awaited. */
  ahead(key: string, now: number): WindowCount | undefined {
    const known = this.#known.get(key);
    if (!known || known.endsAt <= now) return undefined;
    const consumed = known.consumed + known.pending + 1;
    if (this.points - consumed < this.reserve || known.pending >= MAX_AHEAD) return undefined;
    known.pending++;
    return {
      consumedPoints: consumed,
      remainingPoints: this.points - consumed,
      msBeforeNext: known.endsAt - now,
    };
  }

  /** Redis's count after a request of `key` (`res`, undefined when it failed); `ahead`: it was decided before. */
  heard(key: string, res: WindowCount | undefined, now: number, ahead: boolean): void {
    const known = this.#known.get(key);
    if (known && ahead) known.pending = Math.max(0, known.pending - 1);
    if (!res) return;
    const endsAt = res.msBeforeNext >= 0 ? now + res.msBeforeNext : Number.POSITIVE_INFINITY;
    if (known) {
      known.consumed = res.consumedPoints;
      known.endsAt = endsAt;
      return;
    }
    this.#sweep(now);
    this.#known.set(key, { consumed: res.consumedPoints, pending: 0, endsAt });
  }

  get size(): number {
    return this.#known.size;
  }

  /** Windows that ended are dropped at most once per window length: memory holds the clients of about two. */
  #sweep(now: number): void {
    if (this.durationMs <= 0 || now < this.#sweepAt) return;
    this.#sweepAt = now + this.durationMs;
    for (const [key, known] of this.#known)
      if (known.endsAt <= now && known.pending === 0) this.#known.delete(key);
  }
}

/** Requests of one client decided ahead and not yet heard back, per process and rule. */
export const MAX_AHEAD = 8;

/** Points kept for exact decisions: a tenth of the rule, at least 25 (so rules of 25 points or fewer are exact). */
export const reserveOf = (points: number): number => Math.max(25, Math.ceil(points / 10));
