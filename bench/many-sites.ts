/**
 * `npm run bench:many-sites` (by hand, under `flock /work/bench.lock`; PostgreSQL via DATABASE_URL, Redis via
 * REDIS_URL): many spaces in one website process (issue 42, point 1). The demo copied `--sites` times (10,000;
 * bench/generate-sites.ts) into one database; one `verso serve` in website mode. It reports the time from
 * spawning the process to `/readyz` 200, the first visit of the home page of `--visits` (1,000) sites not seen
 * before, in turn, the process's RSS once the home pages of every site were served, and which tags a publish in
 * one space purged (only that space's). Prints a Markdown section for bench/results.md.
 *
 *   flock /work/bench.lock node bin/run-ts.mjs bench/many-sites.ts [--sites 10000] [--visits 1000]
 *     [--database postgres://…/db]   a database generateSites already filled (kept; generated again if short)
 *     [--profile /tmp/prof]           the website process writes a CPU profile there (node --cpu-prof)
 *     [--heap-snapshot /tmp/heap]     and a heap snapshot there once every home page was served
 *     [--count]                       and counts its statements and Redis commands per first visit
 *                                     (bench/round-trips.mjs)
 *     [--node-flags '--trace-gc …']   more options for the website's node (V8's among them), for A/B runs
 *     [--stdout /tmp/out.txt]         the website process's standard output there (`--trace-gc` writes to it)
 */
import { spawn } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../core/config/index.ts';
import { openDb } from '../core/db/open.ts';
import type { Db } from '../core/db/types.ts';
import { freshPostgres } from '../core/testing/databases.ts';
import { freePort, runVerso, startVerso } from '../core/testing/processes.ts';
import { processMicros } from './cpu-time.ts';
import { editorAccess } from './editor-access.ts';
import { generateSites, siteHost } from './generate-sites.ts';
import { quantiles, raiseRateRules } from './publish.ts';
import { adminUrl, args, demoFile, log, option, pin, redisUrl, root } from './settings.ts';

const SITES = option('sites', 10_000);
const VISITS = Math.min(SITES, option('visits', 1000));
const given = args.includes('--database') ? args[args.indexOf('--database') + 1] : undefined;
const profile = args.includes('--profile') ? args[args.indexOf('--profile') + 1] : undefined;
const heap = args.includes('--heap-snapshot') ? args[args.indexOf('--heap-snapshot') + 1] : undefined;
const nodeFlags = args.includes('--node-flags') ? args[args.indexOf('--node-flags') + 1]!.split(/\s+/) : [];
const stdoutFile = args.includes('--stdout') ? args[args.indexOf('--stdout') + 1] : undefined;
const roundTripsFile = args.includes('--count') ? `/tmp/verso-round-trips-${process.pid}.json` : undefined;
if (!adminUrl) throw new Error('bench/many-sites.ts needs DATABASE_URL');

/** One GET with a Host header: status and milliseconds to the last byte. */
function get(port: number, path: string, host: string): Promise<{ status: number; ms: number }> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - start }));
    });
    req.on('error', reject);
    req.end();
  });
}

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function database(): Promise<{ url: string; drop(): Promise<void> }> {
  const env = { DATABASE_URL: given ?? '', AUTH_SECRET: 'bench-secret-0123456789-0123456789-0123456789' };
  let drop = async () => {};
  if (!given) {
    const fresh = await freshPostgres(adminUrl!);
    env.DATABASE_URL = fresh.url;
    drop = fresh.drop;
  }
  let db = await openDb(loadConfig(env));
  // A given database may be new (`createdb` only): it gets the schema and the demo as a fresh one does.
  const empty = await db.query<{ t: string | null }>(`select to_regclass('spaces')::text as t`);
  if (!empty.rows[0]?.t) {
    await db.close();
    for (const argv of [['migrate'], ['import', demoFile]]) {
      const r = await runVerso(argv, env);
      if (r.code !== 0) throw new Error(`verso ${argv.join(' ')}: ${r.stderr}`);
    }
    db = await openDb(loadConfig(env));
  }
  try {
    const started = performance.now();
    await generateSites(db, SITES);
    log(
      `${SITES} sites in the database (${((performance.now() - started) / 1000).toFixed(0)} s to generate)`,
    );
    await raiseRateRules(db);
  } finally {
    await db.close();
  }
  return { url: env.DATABASE_URL, drop };
}

/** Tags the purges after journal entry `after` named, once the journal has some. */
async function purgedAfter(db: Db, after: number): Promise<string[]> {
  const res = await db.query<{ tags: string[] }>('select tags from purge_journal where id > $1', [after]);
  return res.rows.flatMap((r) => r.tags);
}

const { url, drop } = await database();
const env: Record<string, string> = {
  DATABASE_URL: url,
  ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `bench-sites-${Date.now()}` } : {}),
  NODE_ENV: 'production',
  AUTH_SECRET: 'bench-secret-0123456789-0123456789-0123456789',
  TRUSTED_PROXIES: 'none',
  LOG_LEVEL: 'warn',
  DATA_DIR: '/tmp/verso-bench-sites',
};
const port = await freePort();
const spawned = performance.now();
// Spawned here rather than by startVerso: `--cpu-prof` is refused in NODE_OPTIONS.
const child = spawn(
  process.execPath,
  [
    ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []),
    ...nodeFlags,
    ...(heap ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${heap}`] : []),
    ...(roundTripsFile ? ['--import', join(root, 'bench/round-trips.mjs')] : []),
    join(root, 'bin/verso.mjs'),
    'serve',
  ],
  {
    env: {
      ...process.env,
      ...env,
      SERVER_MODE: 'website',
      PORT: String(port),
      HOST: '127.0.0.1',
      ...(roundTripsFile ? { ROUND_TRIPS_FILE: roundTripsFile } : {}),
    },
    stdio: ['ignore', stdoutFile ? openSync(stdoutFile, 'w') : 'ignore', 'inherit'],
  },
);
pin(child.pid!, 0);
const website = {
  child,
  stop: () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGINT');
    }),
};
for (;;) {
  const ready = await get(port, '/readyz', siteHost(1)).catch(() => ({ status: 0 }));
  if (ready.status === 200) break;
  await new Promise((r) => setTimeout(r, 5));
}
const toReady = performance.now() - spawned;
const rssReady = rssMb(website.child.pid!);
log(`ready in ${toReady.toFixed(0)} ms at ${rssReady.toFixed(0)} MB`);
const firstVisits: number[] = [];
/** The website process's statements and Redis commands so far (bench/round-trips.mjs), when counted. */
async function roundTrips(): Promise<{ statements: number; commands: number } | undefined> {
  if (!roundTripsFile) return undefined;
  website.child.kill('SIGWINCH');
  await new Promise((r) => setTimeout(r, 100));
  return JSON.parse(readFileSync(roundTripsFile, 'utf8'));
}
const tripsBefore = await roundTrips();
let tripsNote = '';
// The website process's CPU time over the first visits (load moves it far less than their latency).
const cpuBefore = processMicros(website.child.pid!);
let cpuPerVisit = 0;
let load = '';
for (let n = 1; n <= SITES; n++) {
  const { status, ms } = await get(port, '/', siteHost(n));
  if (status !== 200) throw new Error(`the home page of site ${n} answered ${status}`);
  if (n <= VISITS) firstVisits.push(ms);
  if (n === VISITS) {
    // The entries written after the last answers are part of those visits' cost.
    await new Promise((r) => setTimeout(r, 100));
    cpuPerVisit = (processMicros(website.child.pid!) - cpuBefore) / 1000 / VISITS;
    load = loadavg()[0]!.toFixed(1);
    const tripsAfter = await roundTrips();
    if (tripsBefore && tripsAfter)
      tripsNote = `; ${((tripsAfter.statements - tripsBefore.statements) / VISITS).toFixed(1)} statements and ${((tripsAfter.commands - tripsBefore.commands) / VISITS).toFixed(1)} Redis commands a visit`;
    log(
      `first visits: ${JSON.stringify(quantiles(firstVisits))}, ${cpuPerVisit.toFixed(2)} ms CPU each, load average ${load}${tripsNote}`,
    );
  }
}
const first = quantiles(firstVisits);
const p95 = [...firstVisits].sort((a, b) => a - b)[Math.floor(firstVisits.length * 0.95)]!;
const rssAll = rssMb(website.child.pid!);
log(`RSS after ${SITES} home pages: ${rssAll.toFixed(0)} MB`);
const again = await get(port, '/', siteHost(1));
if (heap) {
  // Written synchronously by the process on the signal; the next answer comes once it is done.
  website.child.kill('SIGUSR2');
  await new Promise((r) => setTimeout(r, 500));
  await get(port, '/readyz', siteHost(1)).catch(() => {});
  log(`heap snapshot in ${heap}`);
}

// A publish in the demo (a space of its own among the copies): the purges it makes name only its tags.
let publishNote = 'not measured (needs REDIS_URL: the management process purges through it)';
if (redisUrl) {
  const mport = await freePort();
  const management = await startVerso(
    ['serve'],
    { ...env, SERVER_MODE: 'management', PORT: String(mport), HOST: '127.0.0.1', LOG_LEVEL: 'info' },
    /"msg":"listening"/,
  );
  const db = await openDb(loadConfig(env));
  try {
    const { key, id } = await editorAccess(env, '/blog/why-we-roast-lighter');
    const head = Number(
      (await db.query<{ id: string | null }>('select max(id)::text as id from purge_journal')).rows[0]?.id ??
        0,
    );
    const demoSpace = (await db.query<{ id: string }>(`select id from spaces where name = 'demo'`)).rows[0]!
      .id;
    const demoIds = new Set(
      (
        await db.query<{ id: string }>(
          `select id::text from documents where space_id = $1 union select id::text from assets where space_id = $1
           union select id::text from menus where space_id = $1 union select $1::text`,
          [demoSpace],
        )
      ).rows.map((r) => r.id),
    );
    for (const rpc of ['content.unpublish', 'content.publish']) {
      const res = await fetch(`http://127.0.0.1:${mport}/rpc/${rpc}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ space: 'demo', id, locale: 'en' }),
      });
      if (res.status !== 200) throw new Error(`${rpc} answered ${res.status}: ${await res.text()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
    const tags = [...new Set(await purgedAfter(db, head))];
    // A tag names its object by its last part (`doc:<id>`), or its space by its second (`lists:<space>:<type>:<locale>`).
    const foreign = tags.filter((t) => !t.split(':').some((part) => demoIds.has(part)));
    const other = await get(port, '/', siteHost(2));
    publishNote = `${tags.length} tags purged (${tags.join(', ')}); ${
      foreign.length ? `NOT of the demo: ${foreign.join(', ')}` : 'every one of the demo space'
    }; another site's home page after it: ${other.ms.toFixed(2)} ms (cached)`;
    log(publishNote);
  } finally {
    await db.close();
    await management.stop();
  }
}
await website.stop();
if (!given) await drop();
process.stdout.write(
  [
    '## Many sites in one website process',
    '',
    `\`bench/many-sites.ts\` on ${new Date().toISOString().slice(0, 10)}: ${SITES.toLocaleString('en')} copies of the demo (own ids and hosts) in one database, one \`verso serve\` in website mode${redisUrl ? ' with Redis' : ''}, pinned to one core; other sessions loaded the machine.`,
    '',
    '| what | figure |',
    '| --- | --- |',
    `| start to ready (spawn → \`/readyz\` 200) | ${(toReady / 1000).toFixed(2)} s (RSS ${rssReady.toFixed(0)} MB) |`,
    `| first visit of a site's home page, ${VISITS.toLocaleString('en')} sites in turn | p50 ${first.p50} ms, p95 ${p95.toFixed(1)} ms, p99 ${first.p99} ms; the process's CPU ${cpuPerVisit.toFixed(2)} ms a visit (load average ${load})${tripsNote} |`,
    `| RSS after the home pages of all ${SITES.toLocaleString('en')} sites | ${rssAll.toFixed(0)} MB |`,
    `| a second visit of site 1 | ${again.ms.toFixed(2)} ms |`,
    `| a publish in one space | ${publishNote} |`,
    '',
  ].join('\n'),
);
