import type { BentoCache, BentoStore } from 'bentocache';
import type { Metrics } from '../metrics/metrics.ts';
import { turnNow } from '../turn-now.ts';
import { noteTags } from './edge/request-tags.ts';
import { FrontLayer } from './front-layer.ts';
import { stamp } from './stamp.ts';
import type { TaggedCache, TagSink } from './tagged-cache.ts';

/** What bentocache stores: the value with the tags it was computed with and when, for the front layer. */
export interface Stored<T> {
  v: T;
  t: string[];
  at: number;
}

/** An entry as the shared layer holds it (bentocache's item), read without bentocache's tag checks. */
export interface SharedEntry {
  value: Stored<unknown>;
  createdAt: number;
  logicalExpiration: number;
}

/** The cache with what only its adapter needs: dropping this process's front entries for purges made elsewhere. */
export interface LocalTaggedCache extends TaggedCache {
  /** Drops the front entries of tags purged by another process at `at` (its clock, as bentocache's tags use). */
  forgetTags(tags: readonly string[], at?: number): void;
  forgetAll(): void;
}

/**
 * The `TaggedCache` port over a bentocache instance: the computation reports the tags of what it read through
 * its sink, and they are stored with the entry. Both adapters (memory, Redis) share this. Hits are answered by
 * a front layer (front-layer.ts) that purges drop synchronously; purges of other processes reach it through
 * `forgetTags` before their call returns (purge-acks.ts).
 */
export function bentoTaggedCache(
  bento: BentoCache<Record<string, BentoStore>>,
  options: {
    defaultTtlSeconds: number;
    onPurge?: (tags: string[]) => Promise<void>;
    maxEntries?: number;
    /** Hits and misses per tier; `shared`: bentocache has a Redis layer. */
    metrics?: Metrics;
    shared?: boolean;
    /** One read of an entry in the shared layer (Redis), for a key a purge dropped here. */
    readShared?: (key: string) => Promise<SharedEntry | undefined>;
  },
): LocalTaggedCache {
  const front = new FrontLayer(options.maxEntries ?? 10_000);
  const metrics = options.metrics;
  // Entries other processes write (bentocache's bus tells each write): only those can answer a recompute.
  bento.on('bus:message:received', ({ message }: { message: { type: string; keys: string[] } }) => {
    if (message.type === 'set') for (const key of message.keys) front.writtenElsewhere(key);
  });
  if (metrics) {
    bento.on('cache:hit', ({ layer }: { layer: 'l1' | 'l2' }) => {
      if (layer === 'l1') return metrics.cacheLookup('memory', true);
      metrics.cacheLookup('memory', false);
      metrics.cacheLookup('redis', true);
    });
    bento.on('cache:miss', () => {
      metrics.cacheLookup('memory', false);
      if (options.shared) metrics.cacheLookup('redis', false);
    });
  }
  const run = async <T>(compute: (sink: TagSink) => Promise<T>): Promise<Stored<T>> => {
    const at = stamp();
    const tags = new Set<string>();
    const v = await compute({
      addTags: (t) => {
        for (const tag of t) tags.add(tag);
      },
    });
    return { v, t: [...tags], at };
  };
  /** Keys being computed again after a purge, so that concurrent misses in this process compute once. */
  const recomputing = new Map<string, Promise<Stored<unknown>>>();
  /**
   * A key whose entry a purge dropped at `purgedAt` (here, or acknowledged from another process): bentocache
   * would find its stored entry stale only after reading the tag's purge time, the entry (twice, around its
   * lock) and marking it expired, five trips to Redis in a row before the first fresh page could start. Here
   * it is one read of the shared entry when another process wrote it since the purge (`askShared`, from
   * bentocache's bus), taken only when that process made it after the purge; else (and at once when no other
   * process wrote it: 0.3–0.4 ms of the first fresh page after a publish was that read) the value is computed and stored as bentocache's own factory result would be (same tags and lifetime),
   * written after the answer, unless a purge of one of its tags came after its computation started (another
   * process compares that start, `Stored.at`, with its own purge, so a later purge still outdates it).
   */
  const recompute = <T>(
    key: string,
    compute: (sink: TagSink) => Promise<T>,
    ttlSeconds: number,
    purgedAt: number,
    askShared: boolean,
  ) => {
    const pending = (async (): Promise<Stored<T>> => {
      const shared = askShared ? await options.readShared?.(key).catch(() => undefined) : undefined;
      if (
        shared &&
        typeof shared.value?.at === 'number' &&
        // When its computation started, not when it was written: a value written after the purge may have been
        // read before it.
        shared.value.at > purgedAt &&
        shared.logicalExpiration > Date.now()
      ) {
        metrics?.cacheLookup('redis', true);
        return shared.value as Stored<T>;
      }
      if (options.shared && askShared) metrics?.cacheLookup('redis', false);
      const stored = await run(compute);
      // Once the answer is on its way (the check phase comes after the microtasks that write it): serializing
      // the entry for Redis took 0.4 ms of the first fresh page after a publish. Not written at all when one of
      // its tags was purged since its computation started.
      setImmediate(() => {
        if (front.purgedSince(stored.t, stored.at)) return;
        void bento.set({ key, value: stored, ttl: `${ttlSeconds}s`, tags: stored.t }).catch(() => {});
      });
      return stored;
    })().finally(() => recomputing.delete(key));
    recomputing.set(key, pending);
    return pending;
  };
  /** A miss with no computation of the key under way here. */
  const miss = async <T>(
    key: string,
    compute: (sink: TagSink) => Promise<T>,
    ttlSeconds: number,
  ): Promise<Stored<T>> => {
    const purged = front.takePurged(key);
    if (purged !== undefined) {
      metrics?.cacheLookup('memory', false);
      return recompute(key, compute, ttlSeconds, purged.at, purged.writtenElsewhere);
    }
    let computed: Stored<T> | undefined;
    const got = await bento.getOrSet<Stored<T>>({
      key,
      ttl: `${ttlSeconds}s`,
      factory: async (ctx) => {
        computed = await run(compute);
        // bentocache dates an entry when it writes it, so a value read before a purge that ended after it would
        // pass its tag check for its whole lifetime.
        if (front.purgedSince(computed.t, computed.at)) return ctx.skip() as unknown as Stored<T>;
        ctx.setTags(computed.t);
        return computed;
      },
    });
    // Not stored (skipped above): this call's own computation.
    if (got === undefined) return computed as Stored<T>;
    // An entry written before this process learned of a purge that outdates it (another process's computation,
    // or one whose purge was acknowledged here after it was written).
    const outdatedAt = front.lastPurged(got.t);
    if (outdatedAt !== undefined && outdatedAt >= got.at) {
      return (
        (recomputing.get(key) as Promise<Stored<T>>) ?? recompute(key, compute, ttlSeconds, outdatedAt, true)
      );
    }
    return got;
  };
  return {
    async getOrSet<T>(key: string, compute: (sink: TagSink) => Promise<T>, opts?: { ttlSeconds?: number }) {
      const hit = front.entry(key, Date.now());
      metrics?.cacheLookup('front', hit !== undefined);
      if (hit !== undefined) {
        noteTags(hit.tags);
        return hit.value as T;
      }
      const ttlSeconds = opts?.ttlSeconds ?? options.defaultTtlSeconds;
      const stored = await ((recomputing.get(key) as Promise<Stored<T>> | undefined) ??
        miss(key, compute, ttlSeconds));
      front.set(key, stored.v, stored.t, stored.at, stored.at + ttlSeconds * 1000);
      noteTags(stored.t);
      return stored.v;
    },
    async purgeTags(tags) {
      const unique = [...new Set(tags)];
      if (unique.length === 0) return;
      front.purgeTags(unique);
      await bento.deleteByTag({ tags: unique });
      await options.onPurge?.(unique);
    },
    peek: (key) => front.get(key, turnNow()),
    forgetTags: (tags, at) => front.purgeTags(tags, at),
    forgetAll: () => front.clear(),
    close: () => bento.disconnect(),
  };
}
