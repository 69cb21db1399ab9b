/** What a computation reports while it runs: the tags of everything it read. */
export interface TagSink {
  addTags(tags: Iterable<string>): void;
}

export interface CacheOptions {
  ttlSeconds?: number;
  /**
   * Kept in this process's memory only, never written to or read from the shared layer: for a value that is
   * large, cheap to compute from the database, and shared by identity between spaces in this process (a site's
   * designs: 90 KB per space through Redis, issue 42). Purges drop it as any entry.
   */
  local?: boolean;
}

/**
 * The one cache of every process: entries with tags and a lifetime; a purge by tag reaches every process
 * that shares the store. Concurrent misses of one key compute once.
 */
export interface TaggedCache {
  getOrSet<T>(key: string, compute: (sink: TagSink) => Promise<T>, options?: CacheOptions): Promise<T>;
  /**
   * `walLsn`: the primary's WAL position read after the change committed, carried to every process so that one
   * with read replicas reads from a replica only once it has replayed it (core/db/replicas/). Without it, a
   * process with replicas takes the primary's position when it hears the purge.
   */
  purgeTags(tags: string[], options?: { walLsn?: string }): Promise<void>;
  /**
   * The value this process would answer a hit of `key` with right now, without computing or waiting; undefined
   * when there is none (never cached, purged, expired). The fast path (core/http/fast-answers.ts) checks
   * by identity that what it replays was made from the current entry. Optional: a cache without it has none.
   */
  peek?(key: string): unknown | undefined;
  close(): Promise<void>;
}

/**
 * A check that holds while this process's cache still answers `key` with this very `value` (any purge of its
 * tags, or its lifetime, ends it), for the fast path's replays (core/http/fast-answers.ts `dependOn`).
 * Undefined when the cache does not hold that value now, or cannot tell (no `peek`).
 */
export function stillHeld(cache: TaggedCache, key: string, value: unknown): (() => boolean) | undefined {
  const { peek } = cache;
  if (!peek || value === undefined || peek.call(cache, key) !== value) return undefined;
  // No closure made here names `value`: V8 would keep it in their shared scope, strongly (see `stillSame`).
  const read = peeking(cache, peek, key);
  return typeof value === 'object' && value !== null ? stillSame(value, read) : equalTo(value, read);
}

const peeking = (cache: TaggedCache, peek: NonNullable<TaggedCache['peek']>, key: string) => () =>
  peek.call(cache, key);
const equalTo = (value: unknown, read: () => unknown) => () => read() === value;

/**
 * A check that `read()` still answers this very object, holding it weakly: the fast path keeps its checks for as
 * long as it keeps the answer (10,000 of them), and a check holding the entry kept every page the cache had
 * dropped, HTML and all (issue 42: 3,000 sites' pages). An object collected is no longer the cache's, so the
 * check fails as it would by identity.
 */
export function stillSame(value: object, read: () => unknown): () => boolean {
  const ref = new WeakRef(value);
  return () => {
    const held = ref.deref();
    return held !== undefined && read() === held;
  };
}
