import { performance } from 'node:perf_hooks';
import { loadConfig } from '../core/config/index.ts';
import { openDb } from '../core/db/open.ts';
import { type AuthoringPoint, authoringIn } from './authoring.ts';
import { child } from './child-processes.ts';
import { type CpuSplit, cpuTally } from './cpu-time.ts';
import { deepTree, growDocuments } from './generate-documents.ts';
import { graphqlInit } from './hot-paths.ts';
import { request } from './measuring.ts';
import { type PublishTimings, publishTimings } from './publish.ts';
import { POST } from './render-curve.ts';
import { adminUrl, chosen, log, ONLY, redisUrl, SIZES, UNCACHED_WARM_UP } from './settings.ts';
import { checkpointed, setUp } from './setup.ts';

/** Uncached reads by space size (1k, 10k, 100k), and publishing and authoring in the largest space. */

/**
 * Latency of the uncached reads, one request at a time, against space size. Each size is a database of its own
 * (the demo as `setUp` makes it, then grown), with its own public (`--no-cache`) and website (`--no-page-cache`)
 * processes, so that the sizes are measured in alternation, 20 requests each in turn: the machine's speed drifts
 * over minutes, and measuring 1k, then 10k, then 100k put 1.9 ms on the 100k deep page against 1.0 at 1k in one
 * run, 1.3 in the next (2026-11-27). PostgreSQL only (PGlite is one process's).
 */
export async function listCurve(): Promise<SizePoint[]> {
  if (!adminUrl) return [];
  const spaces: Array<{
    size: number;
    seconds: number;
    total: number;
    api: string;
    apiPid: number | undefined;
    pages: string;
    pagesPid: number | undefined;
    /** The same two processes with Redis (shared cache and counters), when REDIS_URL is given. */
    shared?: { api: string; apiPid: number | undefined; pages: string; pagesPid: number | undefined };
    deep: string;
    env: Record<string, string>;
    stop(): Promise<void>;
  }> = [];
  try {
    for (const size of SIZES) {
      const { env, cleanup } = await setUp();
      const db = await openDb(loadConfig(env));
      const start = performance.now();
      let deep: string;
      try {
        await growDocuments(db, size);
        deep = await deepTree(db);
      } finally {
        await db.close();
      }
      const seconds = (performance.now() - start) / 1000;
      const server = await child('bench/harness-server.ts', ['public', '--no-cache', '--miss'], env);
      const site = await child('bench/harness-server.ts', ['website', '--no-page-cache', '--miss'], env);
      // Beside them, the same with Redis: what the shared cache and counters cost an uncached read (issue 42).
      const withRedis = redisUrl
        ? { ...env, REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `bench-size-${size}-${process.pid}` }
        : undefined;
      const sharedServer = withRedis
        ? await child('bench/harness-server.ts', ['public', '--no-cache', '--miss'], withRedis)
        : undefined;
      const sharedSite = withRedis
        ? await child('bench/harness-server.ts', ['website', '--no-page-cache', '--miss'], withRedis)
        : undefined;
      const api = `http://127.0.0.1:${server.port}`;
      const stop = async () => {
        for (const c of [server, site, sharedServer, sharedSite]) await c?.stop();
        await cleanup();
      };
      const total = ((await (await fetch(`${api}/v1/content?limit=25`)).json()) as { total: number }).total;
      spaces.push({
        size,
        seconds,
        total,
        api,
        apiPid: server.proc.pid,
        pages: `http://127.0.0.1:${site.port}`,
        pagesPid: site.proc.pid,
        ...(sharedServer && sharedSite
          ? {
              shared: {
                api: `http://127.0.0.1:${sharedServer.port}`,
                apiPid: sharedServer.proc.pid,
                pages: `http://127.0.0.1:${sharedSite.port}`,
                pagesPid: sharedSite.proc.pid,
              },
            }
          : {}),
        deep,
        env,
        stop,
      });
      log(`size ${size}: ${total} delivered, generated in ${seconds.toFixed(1)} s`);
    }
    // Generating 100k documents writes hundreds of MB of WAL: flushed now, the checkpoint PostgreSQL would start for
    // it (spreading its writes over minutes) does not run under the reads measured.
    await checkpointed(spaces[0]!.env, 'the size curve');
    const reads: Record<SizeRead, (s: (typeof spaces)[number]) => Read> = {
      list: (s) => ({ url: `${s.api}/v1/content?limit=25`, pid: s.apiPid }),
      permalink: (s) => ({ url: `${s.api}/v1/permalink${s.deep}`, pid: s.apiPid }),
      graphql: (s) => ({ url: `${s.api}/graphql`, init: graphqlInit, pid: s.apiPid }),
      page: (s) => ({ url: `${s.pages}${POST}`, host: 'localhost', pid: s.pagesPid }),
      deepPage: (s) => ({ url: `${s.pages}${s.deep}`, host: 'localhost', pid: s.pagesPid }),
    };
    // With Redis: the same reads of the processes beside, in the same turns, each size's pair next to each other
    // (without, with): with every process without Redis first and every one with it after, the 1k processes with
    // Redis followed the 100k ones in every turn and their pages read +0.25 and +0.68 ms in one full run
    // (2026-11-29), while the 1k pair alone, side by side, read within ±0.04 ms.
    const sharedSpaces = spaces.flatMap((s) => (s.shared ? [{ ...s, ...s.shared }] : []));
    const paired = sharedSpaces.length === spaces.length;
    const measured = new Map<string, Timing[]>();
    for (const [name, read] of Object.entries(reads)) {
      const timings = await alternated(
        paired ? spaces.flatMap((s, i) => [read(s), read(sharedSpaces[i]!)]) : spaces.map(read),
      );
      measured.set(name, timings);
      log(
        `${name}: p50 ${timings.map((t) => t.p50.toFixed(2)).join(' / ')} ms (${paired ? 'each size without, then with Redis' : 'sizes'})`,
      );
    }
    const at = (name: string, i: number) => measured.get(name)![paired ? 2 * i : i]!;
    const shared = (i: number) =>
      paired
        ? {
            redis: Object.fromEntries(
              Object.keys(reads).map((name) => [name, measured.get(name)![2 * i + 1]!]),
            ) as Record<SizeRead, Timing>,
          }
        : {};
    // Publishing in the largest space: a publish recomputes the delivery index of the post's subtree and walks
    // it for the purge, which scanned the whole table before migration 0008 (125 ms at 100k, 11 on the demo).
    const largest = spaces[spaces.length - 1]!;
    let publish: PublishTimings | undefined;
    if (redisUrl && (!ONLY || chosen('publish'))) {
      await checkpointed(largest.env);
      publish = await publishTimings({ ...largest.env, REDIS_URL: redisUrl }, POST, 50);
      log(
        `publish at ${largest.total}: answer p50 ${publish.answer.p50} ms, fresh page p50 ${publish.page.p50} ms`,
      );
    }
    // Authoring in the same space: an editor's save and publish (issue 36).
    let authoring: AuthoringPoint | undefined;
    if (redisUrl && (!ONLY || chosen('authoring')))
      authoring = await authoringIn(largest.env, largest.total, largest.size);
    return spaces.map((s, i) => ({
      documents: s.total,
      generated: s.size,
      seconds: s.seconds,
      list: at('list', i),
      permalink: at('permalink', i),
      graphql: at('graphql', i),
      page: at('page', i),
      deepPage: at('deepPage', i),
      cpu: Object.fromEntries(Object.keys(reads).map((name) => [name, at(name, i).cpu])) as SizePoint['cpu'],
      ...shared(i),
      ...(s === largest && publish ? { publish } : {}),
      ...(s === largest && authoring ? { authoring } : {}),
    }));
  } finally {
    for (const s of spaces) await s.stop();
  }
}

/**
 * p50 and p95 of each read, one request at a time, taking turns 20 requests each: first `UNCACHED_WARM_UP` seconds
 * per read (at least 50 requests each) of unmeasured ones, the steady state of a process that serves uncached
 * reads all day (V8 having optimized the path, each pooled connection holding its prepared statements; after 50
 * requests a page took 6.8 ms at the median, after 900 2.9 ms), then 10 turns measured, 200 requests each.
 */
export async function alternated(reads: Read[]): Promise<Timing[]> {
  const one = async ({ url, host, init = {} }: Read) => {
    const t = performance.now();
    const res = await request(url, { ...init, headers: { ...init.headers, ...(host ? { host } : {}) } });
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    return performance.now() - t;
  };
  const batch = async (read: Read, into?: number[]) => {
    for (let k = 0; k < 20; k++) {
      const ms = await one(read);
      into?.push(ms);
    }
  };
  const warm = performance.now() + UNCACHED_WARM_UP * 1000 * reads.length;
  for (let turns = 0; turns < 3 || performance.now() < warm; turns++)
    for (const read of reads) await batch(read);
  const times = reads.map(() => [] as number[]);
  // Where each read's time goes: the CPU of its server, of PostgreSQL and of this client, per request.
  const tallies = reads.map((read) => cpuTally(read.pid));
  // Every other turn in the opposite order, so that no read always follows the same one.
  for (let i = 0; i < 10; i++)
    for (const [r, read] of i % 2 ? [...reads.entries()].reverse() : reads.entries())
      await tallies[r]!.measure(20, () => batch(read, times[r]));
  return times.map((t, r) => {
    t.sort((a, b) => a - b);
    return {
      p50: t[Math.floor(t.length / 2)]!,
      p95: t[Math.floor(t.length * 0.95)]!,
      cpu: tallies[r]!.perRequest(),
    };
  });
}

/** p50 and p95 of a read in ms, and the CPU each of its requests took (Linux). */
export interface Timing {
  p50: number;
  p95: number;
  cpu: CpuSplit | undefined;
}

/** The reads of the size curve, as `SizePoint` names them. */
export type SizeRead = Exclude<
  keyof SizePoint,
  'documents' | 'generated' | 'seconds' | 'cpu' | 'publish' | 'authoring' | 'redis'
>;

/** One uncached read of the size curve: its address, `Host` and request. */
export interface Read {
  url: string;
  /** The process that answers it, whose CPU is measured. */
  pid?: number | undefined;
  host?: string;
  init?: { method?: string; headers?: Record<string, string>; body?: string };
}

export interface SizePoint {
  documents: number;
  generated: number;
  seconds: number;
  list: { p50: number; p95: number };
  permalink: { p50: number; p95: number };
  graphql: { p50: number; p95: number };
  page: { p50: number; p95: number };
  deepPage: { p50: number; p95: number };
  /** CPU per request of each read (server, PostgreSQL, bench client), where /proc tells. */
  cpu: Record<SizeRead, CpuSplit | undefined>;
  /** The same reads of the processes with Redis beside (when REDIS_URL is given). */
  redis?: Record<SizeRead, Timing>;
  /** Publishing across processes in this space (the largest only). */
  publish?: PublishTimings;
  /** An editor's save and publish in this space (the largest only). */
  authoring?: AuthoringPoint;
}
