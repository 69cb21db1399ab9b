import type { BentoCache, BentoStore } from 'bentocache';
import type { Metrics } from '../metrics/metrics.ts';
import { noteTags } from './edge/request-tags.ts';
import { FrontLayer } from './front-layer.ts';
import type { TaggedCache, TagSink } from './tagged-cache.ts';

/** What bentocache stores: the value with the tags it was computed with and when, for the front layer. */
interface Stored<T> {
  v: T;
  t: string[];
  at: number;
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
  },
): LocalTaggedCache {
  const front = new FrontLayer(options.maxEntries ?? 10_000);
  const metrics = options.metrics;
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
  return {
    async getOrSet<T>(key: string, compute: (sink: TagSink) => Promise<T>, opts?: { ttlSeconds?: number }) {
      const hit = front.entry(key, Date.now());
      metrics?.cacheLookup('front', hit !== undefined);
      if (hit !== undefined) {
        noteTags(hit.tags);
        return hit.value as T;
      }
      const ttlSeconds = opts?.ttlSeconds ?? options.defaultTtlSeconds;
      const stored = await bento.getOrSet<Stored<T>>({
        key,
        ttl: `${ttlSeconds}s`,
        factory: async (ctx) => {
          const at = Date.now();
          const tags = new Set<string>();
          const v = await compute({
            addTags: (t) => {
              for (const tag of t) tags.add(tag);
            },
          });
          ctx.setTags([...tags]);
          return { v, t: [...tags], at };
        },
      });
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
    peek: (key) => front.get(key, Date.now()),
    forgetTags: (tags, at) => front.purgeTags(tags, at),
    forgetAll: () => front.clear(),
    close: () => bento.disconnect(),
  };
}
