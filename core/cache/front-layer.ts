import { stamp } from './stamp.ts';

/**
 * The first place a cache hit is answered: one Map lookup. bentocache checks every tag of an entry on every
 * hit (a nested get per tag), which cost a cached page with 30 tags most of its throughput; this layer keeps
 * each entry's tags in an index instead and drops entries when a tag is purged (in this process: see
 * bento-tagged-cache.ts for why it is off when Redis is shared). Bounded: past `maxEntries` the oldest go first.
 */
export class FrontLayer {
  readonly #entries = new Map<string, { value: unknown; expiresAt: number; tags: readonly string[] }>();
  readonly #keysByTag = new Map<string, Set<string>>();
  /** When each tag was last purged, so a value computed before a purge is not kept after it. */
  readonly #purgedAt = new Map<string, number>();
  /** Keys whose entry a purge dropped, and when, until computed again (oldest first, bounded). */
  readonly #purgedKeys = new Map<string, number>();
  /** Those of `#purgedKeys` whose shared entry another process wrote since their purge. */
  readonly #writtenElsewhere = new Set<string>();

  constructor(private readonly maxEntries: number) {}

  get(key: string, now: number): unknown | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt > now) return entry.value;
    this.delete(key);
    return undefined;
  }

  /** The value with the tags it was computed with (for an edge cache's header, edge/request-tags.ts). */
  entry(key: string, now: number): { value: unknown; tags: readonly string[] } | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt > now) return entry;
    this.delete(key);
    return undefined;
  }

  /** Whether one of `tags` was purged since `createdAt` (a value computed then is outdated). */
  purgedSince(tags: readonly string[], createdAt: number): boolean {
    return (this.lastPurged(tags) ?? -1) >= createdAt;
  }

  /** When the last purge of one of `tags` known here happened, if any was. */
  lastPurged(tags: readonly string[]): number | undefined {
    let last: number | undefined;
    for (const tag of tags) {
      const at = this.#purgedAt.get(tag);
      if (at !== undefined && (last === undefined || at > last)) last = at;
    }
    return last;
  }

  /** Keeps a value computed at `createdAt`, unless one of its tags was purged since. */
  set(key: string, value: unknown, tags: readonly string[], createdAt: number, expiresAt: number): void {
    if (this.purgedSince(tags, createdAt)) return;
    this.delete(key);
    this.#entries.set(key, { value, expiresAt, tags });
    for (const tag of tags) {
      const keys = this.#keysByTag.get(tag);
      if (keys) keys.add(key);
      else this.#keysByTag.set(tag, new Set([key]));
    }
    if (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.delete(oldest);
    }
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    for (const tag of entry.tags) {
      const keys = this.#keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.#keysByTag.delete(tag);
    }
  }

  purgeTags(tags: Iterable<string>, at = stamp()): void {
    for (const tag of tags) {
      this.#purgedAt.set(tag, at);
      for (const key of [...(this.#keysByTag.get(tag) ?? [])]) {
        this.delete(key);
        this.#purgedKeys.delete(key);
        this.#purgedKeys.set(key, at);
        this.#writtenElsewhere.delete(key);
      }
    }
    while (this.#purgedKeys.size > this.maxEntries) {
      const oldest = this.#purgedKeys.keys().next().value;
      if (oldest === undefined) break;
      this.#purgedKeys.delete(oldest);
      this.#writtenElsewhere.delete(oldest);
    }
  }

  /** Another process wrote `key`'s shared entry: noted while a purge of the key here waits for its recompute. */
  writtenElsewhere(key: string): void {
    if (this.#purgedKeys.has(key)) this.#writtenElsewhere.add(key);
  }

  /**
   * When a purge dropped this key's entry, if it did since the key was last asked for, and whether another
   * process wrote its shared entry since; asking forgets both.
   */
  takePurged(key: string): { at: number; writtenElsewhere: boolean } | undefined {
    const at = this.#purgedKeys.get(key);
    if (at === undefined) return undefined;
    this.#purgedKeys.delete(key);
    return { at, writtenElsewhere: this.#writtenElsewhere.delete(key) };
  }

  clear(): void {
    this.#entries.clear();
    this.#keysByTag.clear();
    this.#purgedKeys.clear();
    this.#writtenElsewhere.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}
