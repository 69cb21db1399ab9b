import type { TaggedCache } from './tagged-cache.ts';

/** A real cache that also remembers every purge, so tests can check exactly which tags an operation purged. */
export interface RecordingCache extends TaggedCache {
  purged: string[][];
  /** Every tag purged since the last call, in order, then forgets them. */
  takePurged(): string[];
}

export function recordingCache(inner: TaggedCache): RecordingCache {
  const purged: string[][] = [];
  return {
    getOrSet: (key, compute, options) => inner.getOrSet(key, compute, options),
    async purgeTags(tags) {
      purged.push([...tags]);
      await inner.purgeTags(tags);
    },
    close: () => inner.close(),
    purged,
    takePurged() {
      const all = purged.flat();
      purged.length = 0;
      return all;
    },
  };
}
