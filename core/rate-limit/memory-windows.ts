/** One count, as rate-limiter-flexible's `RateLimiterRes` gives it. */
export interface WindowCount {
  consumedPoints: number;
  remainingPoints: number;
  msBeforeNext: number;
}

/**
 * Fixed windows per key, counted synchronously: what rate-limiter-flexible's `RateLimiterMemory` counts (a
 * window opens at a key's first request and lasts `durationMs`; 0 never ends), without its Promise. A cached
 * answer replayed in front of Hono counts against its rule, and the library's memory limiter answers only
 * through a Promise and the microtasks after it: a fifth of a replayed REST answer's time (docs/performance.md).
 * Shared counting (Redis) stays with the library. Windows that ended are swept at most once per window length,
 * so memory holds the keys of about two windows.
 */
export class MemoryWindows {
  readonly #windows = new Map<string, { consumed: number; endsAt: number }>();
  #sweepAt = 0;

  constructor(
    readonly points: number,
    readonly durationMs: number,
  ) {}

  consume(key: string, now: number): WindowCount {
    let window = this.#windows.get(key);
    if (window && this.durationMs > 0 && window.endsAt <= now) window = undefined;
    if (window) window.consumed++;
    else {
      this.#sweep(now);
      window = { consumed: 1, endsAt: this.durationMs > 0 ? now + this.durationMs : 0 };
      this.#windows.set(key, window);
    }
    return {
      consumedPoints: window.consumed,
      remainingPoints: Math.max(this.points - window.consumed, 0),
      msBeforeNext: this.durationMs > 0 ? window.endsAt - now : -1,
    };
  }

  get size(): number {
    return this.#windows.size;
  }

  #sweep(now: number): void {
    if (this.durationMs <= 0 || now < this.#sweepAt) return;
    this.#sweepAt = now + this.durationMs;
    for (const [key, window] of this.#windows) if (window.endsAt <= now) this.#windows.delete(key);
  }
}
