import { BentoCache, bentostore } from 'bentocache';
import { memoryDriver } from 'bentocache/drivers/memory';
import type { Metrics } from '../metrics/metrics.ts';
import { bentoTaggedCache } from './bento-tagged-cache.ts';
import type { TaggedCache } from './tagged-cache.ts';

/**
 * The tagged cache in one process's memory (no `REDIS_URL`), on bentocache: tags, lifetimes and one
 * computation per key under concurrent misses. Purges stay in this process: other processes keep their
 * entries until their lifetime ends.
 */
export function memoryCache(options: {
  defaultTtlSeconds: number;
  maxEntries?: number;
  metrics?: Metrics;
}): TaggedCache {
  const bento = new BentoCache({
    default: 'memory',
    stores: {
      memory: bentostore().useL1Layer(
        memoryDriver({ maxItems: options.maxEntries ?? 10_000, serialize: false }),
      ),
    },
  });
  const { metrics } = options;
  return bentoTaggedCache(bento, {
    ...options,
    ...(metrics ? { onPurge: async (tags: string[]) => metrics.purgeSent(tags.length, 0) } : {}),
  });
}
