/**
 * `npm run bench`: every hot path of Verso beside a bare `node:http` server answering the same bytes, in one
 * run, and the cost curves; writes bench/results.md.
 *
 *   npm run bench -- [--seconds 14] [--rounds 7] [--connections 10] [--renders 500] [--no-curves] [--out bench/results.md]
 *                    [--uncached-warm-up 15] [--render-warm-up 30] [--sizes 1000,10000,100000]
 *   npm run bench -- --only graphql,variant   (only the hot paths whose name contains one of the words; no
 *                                              curves; results.md is left alone unless --out is given)
 *   npm run bench -- --only list-curve        (only the uncached size curve; PostgreSQL; with Redis beside when
 *                                              REDIS_URL is set)
 *   npm run bench -- --only redis,warm       (only what Redis costs a read, and the warm start; issue 42)
 *   npm run bench -- --only components       (only code components' render cost against built-in nodes; issue 38)
 *   npm run bench -- --only authoring         (only content.update + content.publish in the 100k space;
 *                                              PostgreSQL and Redis)
 *
 * As an operator runs it: a fresh database (PostgreSQL at DATABASE_URL, a new database dropped afterwards;
 * else the embedded PGlite in a temporary DATA_DIR), `verso migrate`, `verso import demo/space.json`, then
 * `verso serve` per mode. Redis is left out (REDIS_URL unset: counters and cache are the process's own) but where a
 * part compares with it: what Redis costs a read (redis-cost.ts, the cached paths) and the size curve beside.
 * The rate rules stay on and count every request; the demo space's rules are raised to 1,000,000 per second
 * (space controls, as the control API sets them) so that a load test is not refused.
 *
 * What an operator cannot configure runs in bench/harness-server.ts on the same app: the uncached page render
 * (page cache off), the pure render curve, and the uncached reads by space size (answer and page caches off;
 * 1k/10k/100k generated documents, each size a database of its own, the sizes measured in turns).
 *
 * The parts live beside this entry: settings.ts (options), setup.ts, child-processes.ts, measuring.ts, hot-paths.ts,
 * size-curve.ts, publish.ts, authoring.ts, report.ts, redis-cost.ts, warm-start.ts, report-warm.ts.
 *
 * Servers are pinned to CPU 0 and the load (autocannon, in this process) to CPU 1 with `taskset` when the
 * machine has it. Each path runs 2 s of warm-up, then `--rounds` alternations of Verso and the bare server sharing `--seconds` of load.
 */
import { writeFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ownTempDir } from '../core/testing/temp-root.ts';
import { authoringAt } from './authoring.ts';
import { type ComponentCost, componentCost, componentSection } from './components.tsx';
import { edgePaths, publicPaths, sitePaths, uncachedAndRender } from './hot-paths.ts';
import type { Row } from './measuring.ts';
import { type PublishTimings, publishTimings } from './publish.ts';
import { type RedisCost, redisCost } from './redis-cost.ts';
import { POST } from './render-curve.ts';
import { report } from './report.ts';
import { redisAndWarmSections } from './report-warm.ts';
import { args, chosen, hasTaskset, log, ONLY, OUT, pin, redisUrl, root } from './settings.ts';
import { checkpointed, setUp } from './setup.ts';
import { listCurve } from './size-curve.ts';
import { type WarmStart, warmStart } from './warm-start.ts';

async function main() {
  if (hasTaskset) pin(process.pid, 1);
  const started = performance.now();
  // Everything the run and its processes write under the temporary directory (wrk scripts, the bare server's
  // answers, data directories) goes in one directory, removed at the end.
  const removeTemp = ownTempDir('verso-bench-run-');
  try {
    await measured(started);
  } finally {
    removeTemp();
  }
}

async function measured(started: number) {
  const { env, cleanup } = await setUp();
  const database = env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite';
  log(`database: ${database}`);
  try {
    const rows: Row[] = [];
    // `--only list-curve`: nothing but the list latency curve (PostgreSQL).
    const listOnly = ONLY?.includes('list-curve') === true;
    if (!listOnly) await publicPaths(env, rows);
    const sitePathsChosen = [
      'cached page',
      '304 revalidation (page)',
      'uncached page render',
      'varnish',
    ].some(chosen);
    const page = sitePathsChosen ? await sitePaths(env, rows) : undefined;
    const edge = page ? await edgePaths(env, rows, page) : undefined;
    const render = page ? await uncachedAndRender(env, rows, page) : [];
    // On the demo as imported, before the size curve grows it.
    let publish: PublishTimings | undefined;
    if (redisUrl && env.DATABASE_URL && (!ONLY || chosen('publish'))) {
      await checkpointed(env);
      publish = await publishTimings({ ...env, REDIS_URL: redisUrl }, POST, 50);
    }
    if (publish) log(`publish: answer p50 ${publish.answer.p50} ms, fresh page p50 ${publish.page.p50} ms`);
    // Redis beside no Redis on the demo as imported; then the warm start, which grows the demo's posts.
    let redis: RedisCost | undefined;
    if (redisUrl && !listOnly && (!ONLY || chosen('redis cost'))) redis = await redisCost(env);
    let warmed: WarmStart | undefined;
    if (env.DATABASE_URL && !listOnly && (!ONLY || chosen('warm start'))) warmed = await warmStart(env);
    const authoring =
      ONLY?.includes('authoring') === true && !listOnly ? await authoringAt(100_000) : undefined;
    const list = args.includes('--no-curves') || (ONLY && !listOnly) ? [] : await listCurve();
    let components: ComponentCost | undefined;
    if (!listOnly && (!ONLY || chosen('components'))) components = componentCost();
    const text = [
      report(rows, render, list, database, edge, publish, authoring).trimEnd(),
      ...redisAndWarmSections(redis, warmed, list),
      ...(components ? componentSection(components) : []),
      '',
    ].join('\n');
    if (!ONLY || args.includes('--out')) writeFileSync(isAbsolute(OUT) ? OUT : join(root, OUT), text);
    process.stdout.write(text);
    const written = !ONLY || args.includes('--out') ? `written to ${OUT}` : `${OUT} left alone (--only)`;
    log(`done in ${((performance.now() - started) / 1000).toFixed(0)} s; ${written}`);
  } finally {
    await cleanup();
  }
}

await main();
process.exit(0);
