import { describe, expect, it, vi } from 'vitest';
import { crossMillisecond, heldComputation } from '../testing/held-computation.ts';
import { memoryCache } from './memory-cache.ts';
import type { TaggedCache } from './tagged-cache.ts';

function counted(cache: TaggedCache, key: string, value: () => string, tags: string[], ttlSeconds?: number) {
  let computed = 0;
  const read = () =>
    cache.getOrSet(
      key,
      async (sink) => {
        computed++;
        sink.addTags(tags);
        return value();
      },
      ttlSeconds ? { ttlSeconds } : undefined,
    );
  return { read, computed: () => computed };
}

describe('the in-memory tagged cache (no REDIS_URL)', () => {
  it('keeps an entry until a purge of one of its tags, and only those entries', async () => {
    const cache = memoryCache({ defaultTtlSeconds: 300 });
    let v = 'a1';
    const a = counted(cache, 'a', () => v, ['doc:a', 'lists:s']);
    const b = counted(cache, 'b', () => 'b1', ['doc:b']);
    expect([await a.read(), await a.read(), await b.read()]).toEqual(['a1', 'a1', 'b1']);
    v = 'a2';
    await cache.purgeTags(['lists:s']);
    expect([await a.read(), await b.read()]).toEqual(['a2', 'b1']);
    expect([a.computed(), b.computed()]).toEqual([2, 1]);
    await cache.close();
  });

  it('holds a value computed in the very millisecond of a purge in its front layer', async () => {
    const cache = memoryCache({ defaultTtlSeconds: 300 });
    const a = counted(cache, 'a', () => 'a1', ['doc:a']);
    await a.read();
    const frozen = vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    try {
      await cache.purgeTags(['doc:a']);
      const value = await a.read();
      expect(cache.peek?.('a')).toBe(value);
      await a.read();
      expect(a.computed()).toBe(2);
    } finally {
      frozen.mockRestore();
      await cache.close();
    }
  });

  it('does not keep a value whose tags were purged while it was first computed', async () => {
    const cache = memoryCache({ defaultTtlSeconds: 300 });
    const held = heldComputation('old', ['doc:k']);
    const first = cache.getOrSet('k', held.compute);
    await held.computing;
    await cache.purgeTags(['doc:k']);
    await crossMillisecond();
    held.release();
    expect(await first).toBe('old');
    const again = await cache.getOrSet('k', async (sink) => {
      sink.addTags(['doc:k']);
      return 'new';
    });
    expect(again).toBe('new');
    expect(await cache.getOrSet('k', async () => 'newer')).toBe('new');
    await cache.close();
  });

  it('computes once for 20 concurrent misses of one key', async () => {
    const cache = memoryCache({ defaultTtlSeconds: 300 });
    let computed = 0;
    const read = () =>
      cache.getOrSet('hot', async () => {
        computed++;
        await new Promise((r) => setTimeout(r, 30));
        return 'h';
      });
    expect(new Set(await Promise.all(Array.from({ length: 20 }, read)))).toEqual(new Set(['h']));
    expect(computed).toBe(1);
    await cache.close();
  });

  it('is per process: a purge in one leaves the other with its entry until the lifetime ends', async () => {
    const one = memoryCache({ defaultTtlSeconds: 300 });
    const two = memoryCache({ defaultTtlSeconds: 300 });
    let v = 'v1';
    const inOne = counted(one, 'doc', () => v, ['doc:1'], 1);
    const inTwo = counted(two, 'doc', () => v, ['doc:1'], 1);
    expect([await inOne.read(), await inTwo.read()]).toEqual(['v1', 'v1']);
    v = 'v2';
    await one.purgeTags(['doc:1']);
    expect(await inOne.read()).toBe('v2');
    expect(await inTwo.read()).toBe('v1');
    await new Promise((r) => setTimeout(r, 1100));
    expect(await inTwo.read()).toBe('v2');
    await one.close();
    await two.close();
  });
});
