/**
 * What Redis costs a read (issue 42, point 4): the same public process (`verso serve`), once without REDIS_URL and
 * once with it, side by side on one database; uncached lists (each address new, one request at a time) and a cached
 * one, in alternating batches of 20 so that the machine's drift falls on both alike.
 */
import { performance } from 'node:perf_hooks';
import { serve } from './child-processes.ts';
import { request } from './measuring.ts';
import { log, redisUrl } from './settings.ts';

export interface RedisCost {
  uncached: { without: number; with: number };
  cached: { without: number; with: number };
}

/** Lists of the same work under addresses not asked before (offset and limit vary, in the same order on both). */
function* newLists(): Generator<string> {
  for (let round = 0; ; round++)
    for (let limit = 5; limit <= 30; limit++)
      for (let offset = 0; offset < 8; offset++)
        yield `/v1/content?limit=${limit + round * 26}&offset=${offset}`;
}

const p50 = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;

export async function redisCost(env: Record<string, string>, turns = 20): Promise<RedisCost | undefined> {
  if (!redisUrl) return undefined;
  const prefix = `bench-${process.pid}-${Date.now()}`;
  const plain = await serve(env, 'public');
  const shared = await serve({ ...env, REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix }, 'public');
  try {
    const servers = [plain.url, shared.url];
    const one = async (url: string) => {
      const t = performance.now();
      const res = await request(url, {});
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
      return performance.now() - t;
    };
    const lists = servers.map(() => newLists());
    const times = { uncached: [[], []] as number[][], cached: [[], []] as number[][] };
    const batch = async (s: number, measured: boolean) => {
      for (let k = 0; k < 20; k++) {
        const ms = await one(`${servers[s]}${lists[s]!.next().value}`);
        if (measured) times.uncached[s]!.push(ms);
      }
      for (let k = 0; k < 20; k++) {
        const ms = await one(`${servers[s]}/v1/content?limit=25`);
        if (measured) times.cached[s]!.push(ms);
      }
    };
    for (let i = 0; i < 10; i++) for (const s of [0, 1]) await batch(s, false);
    for (let i = 0; i < turns; i++) for (const s of i % 2 ? [1, 0] : [0, 1]) await batch(s, true);
    const cost: RedisCost = {
      uncached: { without: p50(times.uncached[0]!), with: p50(times.uncached[1]!) },
      cached: { without: p50(times.cached[0]!), with: p50(times.cached[1]!) },
    };
    log(
      `Redis cost: uncached list p50 ${cost.uncached.without.toFixed(2)} → ${cost.uncached.with.toFixed(2)} ms, cached ${cost.cached.without.toFixed(2)} → ${cost.cached.with.toFixed(2)} ms`,
    );
    return cost;
  } finally {
    await plain.running.stop();
    await shared.running.stop();
  }
}
