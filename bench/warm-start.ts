/**
 * Warm readiness, black-box (issue 42, point 5): `verso serve` public and website on PostgreSQL and Redis, started
 * as an operator starts them and taken as ready when `/readyz` answers 200 (serve() waits for the line written just
 * before). The first 25 requests then (pages, lists, GraphQL in turn, each address new) against 25 more of the same
 * kinds once the processes have served `warmRequests` others (each address new too), one at a time over loopback.
 * Several starts, pooled: one start's 25 requests are few.
 */
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../core/config/index.ts';
import { openDb } from '../core/db/open.ts';
import { serve } from './child-processes.ts';
import { growDocuments } from './generate-documents.ts';
import { request } from './measuring.ts';
import { log, redisUrl } from './settings.ts';

export interface WarmStart {
  starts: number;
  /** p50 in ms of the first 25 requests after ready, and of 25 once warm, per kind and all together. */
  cold: Record<Kind | 'all', number>;
  warm: Record<Kind | 'all', number>;
}
type Kind = 'page' | 'list' | 'graphql';
const KINDS: Kind[] = ['page', 'list', 'graphql'];

const p50 = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? Number.NaN;

export async function warmStart(
  env: Record<string, string>,
  starts = 4,
  warmRequests = 600,
): Promise<WarmStart> {
  const shared = {
    ...env,
    ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `bench-warm-${process.pid}` } : {}),
  };
  // Enough posts that no page address is asked twice over every start (25 cold + warm + 25 per start).
  const db = await openDb(loadConfig(env));
  try {
    await growDocuments(db, starts * (warmRequests + 60));
  } finally {
    await db.close();
  }
  let n = 0;
  const next = (
    kind: Kind,
  ): { path: string; init?: { method: string; headers: Record<string, string>; body: string } } => {
    n++;
    if (kind === 'page') return { path: `/blog/generated-${n}` };
    if (kind === 'list') return { path: `/v1/content?limit=${1 + (n % 40)}&offset=${Math.floor(n / 40)}` };
    return {
      path: '/graphql',
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
        body: JSON.stringify({
          query: `{ contents(limit: ${1 + (n % 40)}, offset: ${Math.floor(n / 40)}) { total items { id title permalink } } }`,
        }),
      },
    };
  };
  const cold = new Map<Kind, number[]>(KINDS.map((k) => [k, []]));
  const warm = new Map<Kind, number[]>(KINDS.map((k) => [k, []]));
  for (let s = 0; s < starts; s++) {
    const [site, api] = await Promise.all([serve(shared, 'website'), serve(shared, 'public')]);
    try {
      const one = async (kind: Kind, into?: number[]) => {
        const { path, init } = next(kind);
        const base = kind === 'page' ? site.url : api.url;
        const t = performance.now();
        const res = await request(`${base}${path}`, {
          ...init,
          headers: { ...init?.headers, ...(kind === 'page' ? { host: 'localhost' } : {}) },
        });
        const ms = performance.now() - t;
        if (res.status !== 200) throw new Error(`${kind} ${path} answered ${res.status}`);
        into?.push(ms);
      };
      for (let i = 0; i < 25; i++) await one(KINDS[i % 3]!, cold.get(KINDS[i % 3]!));
      for (let i = 0; i < warmRequests; i++) await one(KINDS[i % 3]!);
      for (let i = 0; i < 25; i++) await one(KINDS[i % 3]!, warm.get(KINDS[i % 3]!));
    } finally {
      await site.running.stop();
      await api.running.stop();
    }
  }
  const of = (m: Map<Kind, number[]>) =>
    ({
      ...Object.fromEntries(KINDS.map((k) => [k, p50(m.get(k)!)])),
      all: p50([...m.values()].flat()),
    }) as Record<Kind | 'all', number>;
  const result = { starts, cold: of(cold), warm: of(warm) };
  log(
    `warm start: first 25 after ready p50 ${result.cold.all.toFixed(2)} ms, warm ${result.warm.all.toFixed(2)} ms (${(result.cold.all / result.warm.all).toFixed(2)}×)`,
  );
  return result;
}
