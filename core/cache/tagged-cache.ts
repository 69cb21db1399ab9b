/** What a computation reports while it runs: the tags of everything it read. */
export interface TagSink {
  addTags(tags: Iterable<string>): void;
}

/**
 * The one cache of every process: entries with tags and a lifetime; a purge by tag reaches every process
 * that shares the store. Concurrent misses of one key compute once.
 */
export interface TaggedCache {
  getOrSet<T>(
    key: string,
    compute: (sink: TagSink) => Promise<T>,
    options?: { ttlSeconds?: number },
  ): Promise<T>;
  purgeTags(tags: string[]): Promise<void>;
  /**
   * The value this process would answer a hit of `key` with right now, without computing or waiting; undefined
   * when there is none (never cached, purged, expired). The fast path (core/http/fast-answers.ts) checks
   * by identity that what it replays was made from the current entry. Optional: a cache without it has none.
   */
  peek?(key: string): unknown | undefined;
  close(): Promise<void>;
}
