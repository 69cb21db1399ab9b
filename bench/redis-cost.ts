/**
 * What Redis costs a read (issue 42, point 4): the same `verso serve` processes (public and website), once without
 * REDIS_URL and once with it, side by side on one database, one request at a time, in alternating batches of 20 so
 * that the machine's drift falls on both alike: uncached lists (each address new) and the cached hot paths (REST
 * list, permalink and its 304, GraphQL, a page and its 304). The uncached reads by space size with and without
 * Redis are the size curve's (size-curve.ts).
 */
import { performance } from 'node:perf_hooks';
import { serve } from './child-processes.ts';
import { processMicros } from './cpu-time.ts';
import { GRAPHQL_QUERY, LIST, PERMALINK } from './hot-paths.ts';
import { request } from './measuring.ts';
import { POST } from './render-curve.ts';
import { log, redisUrl } from './settings.ts';

export interface RedisCostRow {
  read: string;
  cached: boolean;
  /** p50 in ms. */
  without: number;
  with: number;
  /**
   * The serving process's CPU per request (µs, median of the batches'), without and with Redis: what a loaded
   * machine leaves of the difference, which p50s under load do not show (other work waits for the same cores).
   */
  cpuWithout: number;
  cpuWith: number;
}
export interface RedisCost {
  rows: RedisCostRow[];
  turns: number;
}

/** Lists of the same work under addresses not asked before (offset and limit vary, in the same order on both). */
function* newLists(): Generator<string> {
  for (let round = 0; ; round++)
    for (let limit = 5; limit <= 30; limit++)
      for (let offset = 0; offset < 8; offset++)
        yield `/v1/content?limit=${limit + round * 26}&offset=${offset}`;
}

type Init = { method?: string; headers?: Record<string, string>; body?: string };
interface Read {
  read: string;
  cached: boolean;
  mode: 'public' | 'website';
  /** The next request's path and init, per side (0 without, 1 with Redis). */
  next(side: number): { path: string; init: Init };
  status?: number;
}

const p50 = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
const graphql: Init = {
  method: 'POST',
  headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
  body: JSON.stringify({ query: GRAPHQL_QUERY }),
};

export async function redisCost(env: Record<string, string>, turns = 20): Promise<RedisCost | undefined> {
  if (!redisUrl) return undefined;
  const prefix = `bench-${process.pid}-${Date.now()}`;
  const shared = { ...env, REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix };
  const servers = {
    public: [await serve(env, 'public'), await serve(shared, 'public')],
    website: [await serve(env, 'website'), await serve(shared, 'website')],
  };
  try {
    const lists = [newLists(), newLists()];
    const fixed =
      (path: string, init: Init = {}) =>
      () => ({ path, init });
    const host = { host: 'localhost' };
    /** A 304 of `path`: its own ETag on each side. */
    const revalidated = async (mode: 'public' | 'website', path: string, headers: Record<string, string>) => {
      const etags: string[] = [];
      for (const s of servers[mode])
        etags.push((await request(`${s.url}${path}`, { headers })).headers.etag!);
      return (side: number) => ({ path, init: { headers: { ...headers, 'if-none-match': etags[side]! } } });
    };
    const reads: Read[] = [
      {
        read: 'uncached list (each address new)',
        cached: false,
        mode: 'public',
        next: (side) => ({ path: lists[side]!.next().value!, init: {} }),
      },
      { read: 'cached list `?limit=25`', cached: true, mode: 'public', next: fixed('/v1/content?limit=25') },
      { read: 'cached REST list (expanded)', cached: true, mode: 'public', next: fixed(LIST) },
      { read: 'cached REST permalink', cached: true, mode: 'public', next: fixed(PERMALINK) },
      {
        read: 'cached REST permalink, 304',
        cached: true,
        mode: 'public',
        next: await revalidated('public', PERMALINK, {}),
        status: 304,
      },
      { read: 'cached GraphQL', cached: true, mode: 'public', next: fixed('/graphql', graphql) },
      { read: 'cached page', cached: true, mode: 'website', next: fixed(POST, { headers: host }) },
      {
        read: 'cached page, 304',
        cached: true,
        mode: 'website',
        next: await revalidated('website', POST, host),
        status: 304,
      },
    ];
    const times = reads.map(() => [[], []] as number[][]);
    const cpu = reads.map(() => [[], []] as number[][]);
    const batch = async (side: number, measured: boolean) => {
      for (const [r, read] of reads.entries()) {
        const server = servers[read.mode][side]!;
        const cpuBefore = processMicros(server.running.child.pid!);
        for (let k = 0; k < 20; k++) {
          const { path, init } = read.next(side);
          const t = performance.now();
          const res = await request(`${server.url}${path}`, init);
          const ms = performance.now() - t;
          if (res.status !== (read.status ?? 200)) throw new Error(`${path} answered ${res.status}`);
          if (measured) times[r]![side]!.push(ms);
        }
        if (measured) cpu[r]![side]!.push((processMicros(server.running.child.pid!) - cpuBefore) / 20);
      }
    };
    for (let i = 0; i < 10; i++) for (const side of [0, 1]) await batch(side, false);
    for (let i = 0; i < turns; i++) for (const side of i % 2 ? [1, 0] : [0, 1]) await batch(side, true);
    const rows = reads.map((read, r) => ({
      read: read.read,
      cached: read.cached,
      without: p50(times[r]![0]!),
      with: p50(times[r]![1]!),
      cpuWithout: p50(cpu[r]![0]!),
      cpuWith: p50(cpu[r]![1]!),
    }));
    for (const row of rows)
      log(
        `Redis cost: ${row.read} p50 ${row.without.toFixed(2)} → ${row.with.toFixed(2)} ms, CPU ${Math.round(row.cpuWithout)} → ${Math.round(row.cpuWith)} µs`,
      );
    return { rows, turns };
  } finally {
    for (const s of [...servers.public, ...servers.website]) await s.running.stop();
  }
}
