import type { Context } from 'hono';
import { stillHeld, type TaggedCache, type TagSink } from '../../core/cache/tagged-cache.ts';
import { dependOn, replayable } from '../../core/http/fast-answers.ts';

/** A request routed, validated and resolved to one tagged-cache entry and the reader call that fills it. */
export interface ResolvedAnswer {
  cache: TaggedCache;
  ttlSeconds: number;
  /** The tagged-cache key (answer-key.ts): what the answer bytes are cached under. */
  key: string;
  read(tags: TagSink): Promise<unknown>;
}

/** What the request carries that the fast path needs after the routes ran: where to record the resolution. */
export interface MemoSlot {
  memo: RouteMemo;
  key: string;
  snapshot: unknown;
}

export const MEMO_SLOT_VAR = 'restRouteMemo';

/**
 * The fast path of repeated REST requests: by raw URL plus the headers an answer depends on (`Host`, and
 * `X-Forwarded-Proto` through the origin), what the slow path resolved them to (space, route, validated and
 * parsed parameters → one tagged-cache entry). A hit skips routing, the space gate and parameter validation,
 * never the cache: the answer still comes from the tagged cache (a front-layer hit), so purges and lifetimes
 * apply exactly as on the slow path, and a purged entry is read again by the same reader call.
 *
 * Resolutions hold for one list of spaces (`snapshot`, compared by identity): a new list (spaces change,
 * re-read every few seconds) forgets them all. Bounded: past `maxEntries` the oldest go first.
 */
export class RouteMemo {
  #snapshot: unknown;
  readonly #entries = new Map<string, ResolvedAnswer>();

  constructor(private readonly maxEntries = 10_000) {}

  get(key: string, snapshot: unknown): ResolvedAnswer | undefined {
    if (snapshot !== this.#snapshot) {
      this.#entries.clear();
      this.#snapshot = snapshot;
      return undefined;
    }
    return this.#entries.get(key);
  }

  set(key: string, snapshot: unknown, resolved: ResolvedAnswer): void {
    if (snapshot !== this.#snapshot) return;
    this.#entries.set(key, resolved);
    if (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
  }

  get size(): number {
    return this.#entries.size;
  }
}

/** The memo key of a request: the raw URL, `Host` (space and origin) and `X-Forwarded-Proto` (origin). */
export function memoKey(c: Context): string {
  return `${c.req.header('host') ?? ''} ${c.req.header('x-forwarded-proto') ?? ''} ${c.req.url}`;
}

/**
 * Lets the fast path in front of Hono (core/http/fast-answers.ts) replay the answer of a resolved request
 * while the tagged cache's entry is the very value it was sent from and `same()` holds (the list of spaces
 * it was resolved with). A cache without `peek`, or an entry not kept (purged meanwhile), is not replayed.
 */
export function replayableAnswer(c: Context, resolved: ResolvedAnswer, same: () => boolean): void {
  const { cache, key } = resolved;
  const still = stillHeld(cache, key, cache.peek?.(key));
  if (!still) return;
  dependOn(c, () => same() && still());
  replayable(c);
}
