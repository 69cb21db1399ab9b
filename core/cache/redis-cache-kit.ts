import { Redis } from 'ioredis';
import { expect } from 'vitest';
import { connectRedis, type RedisHandle } from '../redis/connection.ts';
import type { CapturedLog } from '../testing/capture-log.ts';
import { redisCache } from './redis-cache.ts';
import type { TaggedCache } from './tagged-cache.ts';

/** A value source that counts how often it was asked: what the database would be. */
export function source() {
  const counts = new Map<string, number>();
  const values = new Map<string, string>();
  return {
    set: (key: string, value: string) => values.set(key, value),
    count: (key: string) => counts.get(key) ?? 0,
    read: (cache: TaggedCache, key: string, tags: string[]) =>
      cache.getOrSet(key, async (sink) => {
        counts.set(key, (counts.get(key) ?? 0) + 1);
        sink.addTags(tags);
        return values.get(key) ?? 'none';
      }),
  };
}

/** Two caches on their own connections behave as two processes sharing one Redis. */
export async function twoProcesses(url: string, prefix: string, log: CapturedLog) {
  const handles: RedisHandle[] = [];
  const caches: TaggedCache[] = [];
  for (let i = 0; i < 2; i++) {
    const h = await connectRedis({ url, log: log.log, prefix });
    handles.push(h);
    caches.push(redisCache({ redis: h, defaultTtlSeconds: 300 }));
  }
  const probe = new Redis(url);
  return {
    a: caches[0]!,
    b: caches[1]!,
    /**
     * Until the entry of `key` is in Redis, then a moment for the writer's note to the others: a process writes
     * an entry after its answer, with the note on the same connection right after it. A fixed wait alone was too
     * short for the write on a loaded machine (CI's Node 24 pass).
     */
    async landed(key: string) {
      const until = Date.now() + 10_000;
      while (!(await probe.exists(`${prefix}:cache:${key}`)) && Date.now() < until) await sleep(10);
      await settle();
    },
    async close() {
      for (const c of caches) await c.close();
      for (const h of handles) await h.close();
      probe.disconnect();
    },
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A moment for the notes between the two processes (purges, writes) to arrive. */
export const settle = () => sleep(100);

/** `key` set to `value`, computed in `a` and then read by `b` from Redis: both processes hold it. */
export async function heldByBoth(
  db: ReturnType<typeof source>,
  { a, b, landed }: Awaited<ReturnType<typeof twoProcesses>>,
  [key, value, tag]: [string, string, string],
) {
  db.set(key, value);
  expect(await db.read(a, key, [tag])).toBe(value);
  await landed(key);
  expect(await db.read(b, key, [tag])).toBe(value);
}
