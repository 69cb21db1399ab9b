import type { TaggedCache } from '../../core/cache/tagged-cache.ts';
import type { ReadContext } from '../../delivery/reader/types.ts';

/**
 * A read that a publish, not a request, changes (a menu, the design's assets, a breadcrumb), kept in the
 * tagged cache under `key` with the tags it recorded, so a purge of any of them drops it (issue 14: an
 * uncached page no longer reads them again). The page it is part of gets the same tags, hit or miss.
 * Previews with drafts read directly: they are never cached. Values must be plain JSON (no Map, no class):
 * with Redis they reach other processes serialized.
 */
export async function cachedRead<T>(
  cache: TaggedCache,
  key: string,
  ctx: ReadContext,
  read: (ctx: ReadContext) => Promise<T>,
): Promise<T> {
  if (ctx.drafts) return read(ctx);
  const entry = await cache.getOrSet(`site:read:${ctx.spaceId}:${ctx.locale}:${key}`, async (sink) => {
    const tags = new Set<string>();
    const value = await read({
      ...ctx,
      tags: {
        addTags(list) {
          for (const t of list) tags.add(t);
          sink.addTags(list);
        },
      },
    });
    return { value, tags: [...tags] };
  });
  ctx.tags.addTags(entry.tags);
  return entry.value;
}
