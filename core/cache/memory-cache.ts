import { BentoCache, bentostore } from 'bentocache';
import { memoryDriver } from 'bentocache/drivers/memory';
import { bentoTaggedCache } from './bento-tagged-cache.ts';
import type { TaggedCache } from './tagged-cache.ts';

/**
 * The tagged cache in one process's memory (no `REDIS_URL`), on bentocache: tags, lifetimes and one
 * computation per key under concurrent misses. Purges stay in this process: other processes keep their
 * entries until their lifetime ends.
 */
export function memoryCache(options: { defaultTtlSeconds: number; maxEntries?: number }): TaggedCache {
  const bento = new BentoCache({
    default: 'memory',
    stores: {
      memory: bentostore().useL1Layer(
        memoryDriver({ maxItems: options.maxEntries ?? 10_000, serialize: false }),
      ),
    },
  });
  return bentoTaggedCache(bento, options);
}
