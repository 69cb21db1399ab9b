import { describe, expect, it } from 'vitest';
import { memoryCache } from '../../core/cache/memory-cache.ts';
import type { ReadContext } from '../../delivery/reader/types.ts';
import { cachedRead } from './cached-read.ts';

const context = (tags: string[], extra: Partial<ReadContext> = {}): ReadContext => ({
  spaceId: 's1',
  locale: 'en',
  tags: { addTags: (list) => tags.push(...list) },
  ...extra,
});

describe('a read kept until a purge', () => {
  it('reads once, gives every page its tags on a hit, and reads again after a purge of one of them', async () => {
    const cache = memoryCache({ defaultTtlSeconds: 60 });
    let reads = 0;
    const read = async (ctx: ReadContext) => {
      reads++;
      ctx.tags.addTags(['menu:m1', 'lists:s1']);
      return `menu ${reads}`;
    };
    const first: string[] = [];
    expect(await cachedRead(cache, 'menu:main', context(first), read)).toBe('menu 1');
    const second: string[] = [];
    expect(await cachedRead(cache, 'menu:main', context(second), read)).toBe('menu 1');
    expect(reads).toBe(1);
    expect(second.sort()).toEqual(['lists:s1', 'menu:m1']);
    // Another locale is another entry.
    expect(await cachedRead(cache, 'menu:main', context([], { locale: 'de' }), read)).toBe('menu 2');
    await cache.purgeTags(['menu:m1']);
    expect(await cachedRead(cache, 'menu:main', context([]), read)).toBe('menu 3');
    await cache.close();
  });

  it('never keeps a read with drafts', async () => {
    const cache = memoryCache({ defaultTtlSeconds: 60 });
    let reads = 0;
    const read = async () => `draft ${++reads}`;
    const drafts = { drafts: 'all' as const };
    expect(await cachedRead(cache, 'menu:main', context([], drafts), read)).toBe('draft 1');
    expect(await cachedRead(cache, 'menu:main', context([], drafts), read)).toBe('draft 2');
    await cache.close();
  });
});
