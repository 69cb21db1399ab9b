import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The tags of every cache entry a request read (hits included), so that its answer can carry them to an edge
 * cache (edge-headers.ts). Only requests of a process with `EDGE_CACHE` set collect: elsewhere there is no
 * store and `noteTags` returns at once.
 */
const collected = new AsyncLocalStorage<Set<string>>();

export function collectingTags<T>(tags: Set<string>, run: () => Promise<T>): Promise<T> {
  return collected.run(tags, run);
}

export function noteTags(tags: readonly string[]): void {
  const store = collected.getStore();
  if (!store) return;
  for (const tag of tags) store.add(tag);
}
