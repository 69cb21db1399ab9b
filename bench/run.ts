/**
 * `npm run bench`: every hot path of Verso beside a bare `node:http` server answering the same bytes, in one
 * run, and the cost curves; writes bench/results.md.
 *
 *   npm run bench -- [--seconds 14] [--rounds 7] [--connections 10] [--renders 500] [--no-curves] [--out bench/results.md]
 *                    [--uncached-warm-up 15] [--render-warm-up 30]
 *   npm run bench -- --only graphql,variant   (only the hot paths whose name contains one of the words; no
 *                                              curves; results.md is left alone unless --out is given)
 *   npm run bench -- --only list-curve        (only the list latency curve; PostgreSQL)
 *
 * As an operator runs it: a fresh database (PostgreSQL at DATABASE_URL, a new database dropped afterwards;
 * else the embedded PGlite in a temporary DATA_DIR), `verso migrate`, `verso import demo/space.json`, then
 * `verso serve` per mode. Redis is left out (REDIS_URL unset): counters and cache are the process's own.
 * The rate rules stay on and count every request; the demo space's rules are raised to 1,000,000 per second
 * (space controls, as the control API sets them) so that a load test is not refused.
 *
 * What an operator cannot configure runs in bench/harness-server.ts on the same app: the uncached page render
 * (page cache off), the pure render curve, and the uncached reads by space size (answer and page caches off;
 * 1k/10k/100k generated documents, each size a database of its own, the sizes measured in turns).
 *
 * Servers are pinned to CPU 0 and the load (autocannon, in this process) to CPU 1 with `taskset` when the
 * machine has it. Each path runs 2 s of warm-up, then `--rounds` alternations of Verso and the bare server sharing `--seconds` of load.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { cpus, tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface, type Interface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../core/config/index.ts';
import { openDb } from '../core/db/open.ts';
import { freshPostgres } from '../core/testing/databases.ts';
import { freePort, type Running, runVerso, startVerso } from '../core/testing/processes.ts';
import { ownTempDir } from '../core/testing/temp-root.ts';
import type { FixedAnswer } from './bare-server.ts';
import { type CpuSplit, cpuTally } from './cpu-time.ts';
import { publishToLive } from './edge.ts';
import { deepTree, growDocuments } from './generate-documents.ts';
import {
  WARM_UP as PUBLISH_WARM_UP,
  type PublishTimings,
  publishTimings,
  raiseRateRules,
} from './publish.ts';
import { POST, type RenderTiming } from './render-curve.ts';
import { wrk } from './wrk.ts';

interface CannonResult {
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
  requests: { average: number };
  latency: { p50: number; p99: number };
}
interface CannonOptions {
  url: string;
  connections: number;
  duration: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}
// autocannon ships no types.
const autocannon = createRequire(import.meta.url)('autocannon') as (
  o: CannonOptions,
) => Promise<CannonResult>;

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const SECONDS = option('seconds', 14);
/**
 * Alternations of Verso and the bare server per hot path, `ROUND_SECONDS` each (see `pair`). Seven: with three,
 * one slow round of either moved a ratio by 0.05-0.1 between two runs of the same code (2026-11-27).
 */
const ROUNDS = Math.max(1, option('rounds', 7));
const ROUND_SECONDS = Math.max(1, Math.round(SECONDS / ROUNDS));
/** Seconds of unmeasured requests before each uncached path (one at a time), and before the uncached render. */
const UNCACHED_WARM_UP = option('uncached-warm-up', 15);
// A fresh website process at 10 connections spent 3431, 1662, 1395, 1360, 1196, 1167, 1221 µs of CPU per uncached
// page in consecutive 4 s windows (2026-11-27): V8 settles after about 20 s, some 15,000 renders.
const RENDER_WARM_UP = option('render-warm-up', 30);
const CONNECTIONS = option('connections', 10);
const RENDERS = option('renders', 500);
const OUT = args.includes('--out') ? args[args.indexOf('--out') + 1]! : 'bench/results.md';
/** `--only a,b`: the hot paths whose name contains one of the words (case-insensitive); undefined: all. */
const ONLY = args.includes('--only')
  ? args[args.indexOf('--only') + 1]!.toLowerCase().split(',').filter(Boolean)
  : undefined;
const chosen = (path: string) => !ONLY || ONLY.some((word) => path.toLowerCase().includes(word));
const root = fileURLToPath(new URL('..', import.meta.url));
const demoFile = join(root, 'demo/space.json');

const hasTaskset = (() => {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return cpus().length >= 2;
  } catch {
    return false;
  }
})();
/** Debian's `wrk`, when installed, is the load generator; else autocannon (bench/wrk.ts says why). */
const hasWrk = (() => {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (err) {
    // `wrk --version` prints its version and exits 1.
    return (err as { status?: number }).status === 1;
  }
})();

/** Pins a process and all its threads to one CPU. */
const pin = (pid: number, cpu: number) => {
  if (hasTaskset) execFileSync('taskset', ['-a', '-cp', String(cpu), String(pid)], { stdio: 'ignore' });
};

const log = (line: string) => process.stderr.write(`bench: ${line}\n`);

// ---------------------------------------------------------------- processes

interface Child {
  port: number;
  /** The first JSON line the child printed (its port, or a one-shot answer). */
  answer: unknown;
  lines: Interface;
  proc: ChildProcess;
  stop(): Promise<void>;
}

/** A TypeScript file of bench/ as a child process on CPU 0; resolves with the port it prints. */
async function child(file: string, argv: string[], env: Record<string, string>): Promise<Child> {
  const proc = spawn(process.execPath, [join(root, 'bin/run-ts.mjs'), join(root, file), ...argv], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  pin(proc.pid!, 0);
  const lines = createInterface({ input: proc.stdout! });
  // Answers are the JSON lines starting with `{` or `[` that the child prints; anything else (its logs) is shown.
  const answers: string[] = [];
  let waiting: ((line: string) => void) | undefined;
  lines.on('line', (line) => {
    if (!/^[[{]/.test(line) || line.startsWith('{"level"'))
      return void process.stderr.write(`${file}: ${line}\n`);
    if (waiting) waiting(line);
    else answers.push(line);
  });
  const next = () =>
    new Promise<string>((resolve, reject) => {
      const queued = answers.shift();
      if (queued !== undefined) return resolve(queued);
      const onExit = (code: number | null) => reject(new Error(`${file} exited with ${code}`));
      proc.once('exit', onExit);
      waiting = (line) => {
        waiting = undefined;
        proc.off('exit', onExit);
        resolve(line);
      };
    });
  const first = JSON.parse(await next()) as { port: number };
  return {
    port: first.port,
    answer: first,
    lines,
    proc,
    stop: () =>
      new Promise<void>((done) => {
        if (proc.exitCode !== null) return done();
        proc.once('exit', () => done());
        proc.kill('SIGTERM');
      }),
  };
}

/** `verso serve` in one mode, as an operator starts it, pinned to CPU 0. */
async function serve(env: Record<string, string>, mode: string): Promise<{ url: string; running: Running }> {
  const port = await freePort();
  const running = await startVerso(
    ['serve'],
    { ...env, SERVER_MODE: mode, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' },
    /"msg":"listening"/,
  );
  pin(running.child.pid!, 0);
  return { url: `http://127.0.0.1:${port}`, running };
}

// ---------------------------------------------------------------- measuring

interface Row {
  path: string;
  detail: string;
  verso: Measured;
  bare?: Measured;
  /** Verso ÷ bare req/s of each round. */
  ratios?: number[];
  /** The least ratio to bare (issues 10 and 14). */
  target?: number;
  /** The least Verso req/s, for a path no bare server compares with (issue 14: uncached page). */
  rpsTarget?: number;
}

type Measured = { rps: number; p50: number; p99: number };
/** What is loaded: address, method, headers, body (the duration and connections are the run's). */
type Target = Omit<CannonOptions, 'duration' | 'connections'>;

/** Checks the answer's status, then loads the path unmeasured for `warmUp` seconds. */
async function warm(name: string, options: Target, expect: number, warmUp: number): Promise<void> {
  if (hasWrk) {
    // Checked before: the answer has the expected status (capture); wrk counts anything outside 2xx/3xx.
    const probe = await request(options.url, options);
    if (probe.status !== expect) throw new Error(`${name}: answered ${probe.status}, not ${expect}`);
    await wrk({ ...options, connections: CONNECTIONS, seconds: warmUp }, hasTaskset);
    return;
  }
  await autocannon({ ...options, connections: CONNECTIONS, duration: warmUp }); // and the first, uncached answer
}

async function measure(name: string, options: Target, expect: number, seconds: number): Promise<Measured> {
  if (hasWrk) {
    const r = await wrk({ ...options, connections: CONNECTIONS, seconds }, hasTaskset);
    if (r.failures > 0) throw new Error(`${name}: ${r.failures} failed requests under load`);
    log(`${name}: ${r.rps.toFixed(0)} req/s (wrk)`);
    return { rps: r.rps, p50: r.p50, p99: r.p99 };
  }
  const r = await autocannon({ ...options, connections: CONNECTIONS, duration: seconds });
  const other = Object.entries(r.statusCodeStats ?? {}).filter(([code]) => Number(code) !== expect);
  if (r.errors > 0 || r.timeouts > 0 || other.length > 0)
    throw new Error(
      `${name}: ${r.errors} errors, ${r.timeouts} timeouts, statuses ${JSON.stringify(r.statusCodeStats)}`,
    );
  log(`${name}: ${r.requests.average.toFixed(0)} req/s`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The median of each figure over the rounds. */
const medianOf = (runs: Measured[]): Measured => ({
  rps: median(runs.map((r) => r.rps)),
  p50: median(runs.map((r) => r.p50)),
  p99: median(runs.map((r) => r.p99)),
});

const skipHeaders = new Set(['content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

/** One request over node:http (fetch would not send a `Host` header of our choosing). */
function request(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; headers: Record<string, string>; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: init.method ?? 'GET', headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers as Record<string, string>,
          bytes: Buffer.concat(chunks),
        }),
      );
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

/** An answer as a client sees it, for the bare server to send unchanged. */
async function capture(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  expect = 200,
): Promise<FixedAnswer> {
  const res = await request(url, init);
  if (res.status !== expect)
    throw new Error(`${url} answered ${res.status}: ${res.bytes.toString().slice(0, 300)}`);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) if (!skipHeaders.has(name)) headers[name] = value;
  const text = /json|^text\//.test(headers['content-type'] ?? '');
  return { status: res.status, headers, body: res.bytes.toString(text ? 'utf8' : 'base64'), base64: !text };
}

const withoutBody = (a: FixedAnswer) => {
  const { 'content-type': _t, ...rest } = a.headers;
  return a.status === 304 ? a.headers : rest;
};

async function bareFor(answers: Record<string, FixedAnswer>): Promise<Child> {
  const file = join(mkdtempSync(join(tmpdir(), 'verso-bench-bare-')), 'answers.json');
  writeFileSync(file, JSON.stringify(answers));
  return child('bench/bare-server.ts', [file], {});
}

/**
 * Verso and the bare server on one path: each warmed, then measured in `--rounds` alternations of
 * `--seconds / --rounds` each. The ratio is the median of the rounds' ratios: on a shared machine the speed of
 * both drifts over seconds, and a ratio of one long run each moved by ±0.3 between runs.
 */
async function pair(
  rows: Row[],
  row: Omit<Row, 'verso' | 'bare' | 'ratios'>,
  verso: Target,
  bare: Target | undefined,
  expect = 200,
  warmUp = 2,
) {
  if (!chosen(row.path)) return;
  await warm(`verso ${row.path}`, verso, expect, warmUp);
  if (bare) await warm(`bare ${row.path}`, bare, expect, 2);
  const v: Measured[] = [];
  const b: Measured[] = [];
  // Every other round the bare server goes first, so that neither always follows the other.
  for (let i = 0; i < ROUNDS; i++) {
    if (bare && i % 2 === 1) b.push(await measure(`bare ${row.path}`, bare, expect, ROUND_SECONDS));
    v.push(await measure(`verso ${row.path}`, verso, expect, ROUND_SECONDS));
    if (bare && i % 2 === 0) b.push(await measure(`bare ${row.path}`, bare, expect, ROUND_SECONDS));
  }
  rows.push({
    ...row,
    verso: medianOf(v),
    ...(bare ? { bare: medianOf(b), ratios: v.map((m, i) => m.rps / b[i]!.rps) } : {}),
  });
}

// ---------------------------------------------------------------- the run

/**
 * DATABASE_URL and REDIS_URL as given. Children get exactly the databases `setUp` makes, and Redis only where a
 * part says so (the edge and publish benches' processes share it; the others run without).
 */
const adminUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
delete process.env.DATABASE_URL;
delete process.env.REDIS_URL;

async function setUp(): Promise<{ env: Record<string, string>; cleanup(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'verso-bench-'));
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    AUTH_SECRET: 'bench-secret-0123456789-0123456789-0123456789',
    TRUSTED_PROXIES: 'none',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
  };
  let drop = async () => {};
  if (adminUrl) {
    // Its own pool is closed by drop().
    const database = await freshPostgres(adminUrl);
    env.DATABASE_URL = database.url;
    drop = database.drop;
  }
  const must = async (argv: string[]) => {
    const r = await runVerso(argv, env);
    if (r.code !== 0) throw new Error(`verso ${argv.join(' ')} failed:\n${r.stderr}`);
  };
  await must(['migrate']);
  await must(['import', demoFile]);
  // Raise the demo's rate rules for the load (the rules still count every request).
  const db = await openDb(loadConfig(env));
  await raiseRateRules(db);
  await db.close();
  return {
    env,
    cleanup: async () => {
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const LIST = '/v1/content?limit=25&expand=cover,author,related,photo,image,featured,favourite_coffee';
const PERMALINK = `/v1/permalink${POST}?expand=cover,author`;
const GRAPHQL_QUERY = `{
  contents(type: "page", limit: 25) {
    total
    items {
      id title permalink
      ... on Page {
        intro
        body {
          blocks {
            blockId typeName
            ... on Hero { heading text image { url alt width height card: variant(preset: "card") hero: variant(preset: "hero") } cta { href label } }
            ... on Image { caption image { url alt hero: variant(preset: "hero") } }
            ... on Card { title text image { url alt thumb: variant(preset: "thumb") } link { href } }
            ... on Columns { heading blocks { blocks { typeName ... on Card { title image { url card: variant(preset: "card") } link { href } } } } }
            ... on Text { body }
          }
        }
      }
    }
  }
}`;
const graphqlInit = {
  method: 'POST',
  headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
  body: JSON.stringify({ query: GRAPHQL_QUERY }),
};

async function publicPaths(env: Record<string, string>, rows: Row[]) {
  const { url, running } = await serve(env, 'public');
  try {
    const list = await capture(url + LIST);
    const permalink = await capture(url + PERMALINK);
    const etag = permalink.headers.etag!;
    const notModified = await capture(url + PERMALINK, { headers: { 'if-none-match': etag } }, 304);
    const graphql = await capture(`${url}/graphql`, graphqlInit);
    if ((JSON.parse(graphql.body) as { errors?: unknown }).errors)
      throw new Error(`graphql: ${graphql.body}`);
    const card = new URL(
      (JSON.parse(permalink.body) as { fields: { cover: { variants: { card: string } } } }).fields.cover
        .variants.card,
    );
    const image = card.pathname + card.search;
    await capture(url + image); // renders the variant once
    const variant = await capture(url + image);
    const bare = await bareFor({
      [LIST]: list,
      [PERMALINK]: { ...permalink, notModified: withoutBody(notModified) },
      '/graphql': graphql,
      [image]: variant,
    });
    const b = `http://127.0.0.1:${bare.port}`;
    try {
      const size = (a: FixedAnswer) =>
        `${(Buffer.byteLength(a.body, a.base64 ? 'base64' : 'utf8') / 1024).toFixed(1)} KB`;
      await pair(
        rows,
        { path: 'cached REST list', detail: `\`GET ${LIST}\`, ${size(list)}`, target: 0.6 },
        { url: url + LIST },
        { url: b + LIST },
      );
      await pair(
        rows,
        { path: 'cached REST permalink', detail: `\`GET ${PERMALINK}\`, ${size(permalink)}`, target: 0.85 },
        { url: url + PERMALINK },
        { url: b + PERMALINK },
      );
      const inm = { headers: { 'if-none-match': etag } };
      await pair(
        rows,
        {
          path: '304 revalidation (REST permalink)',
          detail: '`If-None-Match` of the permalink',
          target: 0.85,
        },
        { url: url + PERMALINK, ...inm },
        { url: b + PERMALINK, ...inm },
        304,
      );
      await pair(
        rows,
        {
          path: 'GraphQL query (cached reads)',
          detail: `\`POST /graphql\` 25 pages with blocks and image variants, ${size(graphql)}`,
          target: 0.8,
        },
        { url: `${url}/graphql`, ...graphqlInit },
        { url: `${b}/graphql`, ...graphqlInit },
      );
      await pair(
        rows,
        { path: 'cached image variant', detail: `\`card.webp\`, ${size(variant)}`, target: 0.85 },
        { url: url + image },
        { url: b + image },
      );
    } finally {
      await bare.stop();
    }
  } finally {
    await running.stop();
  }
}

async function sitePaths(env: Record<string, string>, rows: Row[]): Promise<FixedAnswer> {
  const { url, running } = await serve(env, 'website');
  const host = { host: 'localhost' };
  try {
    const page = await capture(url + POST, { headers: host });
    const etag = page.headers.etag!;
    const notModified = await capture(url + POST, { headers: { ...host, 'if-none-match': etag } }, 304);
    const bare = await bareFor({ [POST]: { ...page, notModified: withoutBody(notModified) } });
    const b = `http://127.0.0.1:${bare.port}`;
    try {
      const kb = `${(Buffer.byteLength(page.body) / 1024).toFixed(1)} KB`;
      await pair(
        rows,
        { path: 'cached page', detail: `demo blog post \`${POST}\`, ${kb}`, target: 0.6 },
        { url: url + POST, headers: host },
        { url: b + POST },
      );
      const inm = { 'if-none-match': etag };
      await pair(
        rows,
        { path: '304 revalidation (page)', detail: '`If-None-Match` of the blog post', target: 0.7 },
        { url: url + POST, headers: { ...host, ...inm } },
        { url: b + POST, headers: inm },
        304,
      );
      return page;
    } finally {
      await bare.stop();
    }
  } finally {
    await running.stop();
  }
}

async function uncachedAndRender(env: Record<string, string>, rows: Row[], page: FixedAnswer) {
  const server = await child('bench/harness-server.ts', ['website', '--no-page-cache'], env);
  const bare = await bareFor({ [POST]: page });
  try {
    const url = `http://127.0.0.1:${server.port}`;
    await pair(
      rows,
      {
        path: 'uncached page render',
        detail: 'the blog post rendered on every request (page cache off)',
        rpsTarget: 800,
      },
      { url: url + POST, headers: { host: 'localhost' } },
      { url: `http://127.0.0.1:${bare.port}${POST}` },
      200,
      // A process that renders all day: V8 has optimized the render only after some thousands of renders
      // (at 10 connections, 2 s after the start it renders 280 pages a second, 15 s after 570).
      RENDER_WARM_UP,
    );
  } finally {
    await bare.stop();
    await server.stop();
  }
  if (args.includes('--no-curves') || ONLY) return [];
  log('render curve');
  const curve = await child(
    'bench/harness-server.ts',
    ['render-curve', String(RENDERS), '50', '200', '1000'],
    env,
  );
  return (curve as unknown as { answer: RenderTiming[] }).answer;
}

/** Publish-to-live through Varnish, and the cached page as Varnish answers it beside the bare server. */
async function edgePaths(env: Record<string, string>, rows: Row[], page: FixedAnswer) {
  if (!chosen('varnish') || !redisUrl) return undefined;
  log('edge: publish-to-live through Varnish (50 publishes)');
  const edge = await publishToLive({ ...env, REDIS_URL: redisUrl }, POST, 50, log);
  if (!edge) return undefined;
  const bare = await bareFor({ [POST]: page });
  try {
    await pair(
      rows,
      {
        path: 'cached page through Varnish',
        detail: 'the blog post from Varnish (shipped VCL, xkey) in front of a website process',
      },
      { url: edge.hitUrl + POST, headers: { host: 'localhost' } },
      { url: `http://127.0.0.1:${bare.port}${POST}` },
    );
  } finally {
    await bare.stop();
    await edge.stop();
  }
  return edge;
}

/**
 * Latency of the uncached reads, one request at a time, against space size. Each size is a database of its own
 * (the demo as `setUp` makes it, then grown), with its own public (`--no-cache`) and website (`--no-page-cache`)
 * processes, so that the sizes are measured in alternation, 20 requests each in turn: the machine's speed drifts
 * over minutes, and measuring 1k, then 10k, then 100k put 1.9 ms on the 100k deep page against 1.0 at 1k in one
 * run, 1.3 in the next (2026-11-27). PostgreSQL only (PGlite is one process's).
 */
async function listCurve(): Promise<SizePoint[]> {
  if (!adminUrl) return [];
  const spaces: Array<{
    size: number;
    seconds: number;
    total: number;
    api: string;
    apiPid: number | undefined;
    pages: string;
    pagesPid: number | undefined;
    deep: string;
    env: Record<string, string>;
    stop(): Promise<void>;
  }> = [];
  try {
    for (const size of [1_000, 10_000, 100_000]) {
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
      const server = await child('bench/harness-server.ts', ['public', '--no-cache'], env);
      const site = await child('bench/harness-server.ts', ['website', '--no-page-cache'], env);
      const api = `http://127.0.0.1:${server.port}`;
      const stop = async () => {
        await server.stop();
        await site.stop();
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
    const measured = new Map<string, Timing[]>();
    for (const [name, read] of Object.entries(reads)) {
      const timings = await alternated(spaces.map(read));
      measured.set(name, timings);
      log(`${name}: p50 ${timings.map((t) => t.p50.toFixed(1)).join(' / ')} ms`);
    }
    const at = (name: string, i: number) => measured.get(name)![i]!;
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
      ...(s === largest && publish ? { publish } : {}),
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
async function alternated(reads: Read[]): Promise<Timing[]> {
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
  for (let i = 0; i < 10; i++)
    for (const [r, read] of reads.entries()) await tallies[r]!.measure(20, () => batch(read, times[r]));
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
interface Timing {
  p50: number;
  p95: number;
  cpu: CpuSplit | undefined;
}

/** The reads of the size curve, as `SizePoint` names them. */
type SizeRead = Exclude<keyof SizePoint, 'documents' | 'generated' | 'seconds' | 'cpu' | 'publish'>;

/** One uncached read of the size curve: its address, `Host` and request. */
interface Read {
  url: string;
  /** The process that answers it, whose CPU is measured. */
  pid?: number | undefined;
  host?: string;
  init?: { method?: string; headers?: Record<string, string>; body?: string };
}

interface SizePoint {
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
  /** Publishing across processes in this space (the largest only). */
  publish?: PublishTimings;
}

function report(
  rows: Row[],
  render: Awaited<ReturnType<typeof uncachedAndRender>>,
  list: Awaited<ReturnType<typeof listCurve>>,
  database: string,
  edge?: { p50: number; p99: number; count: number },
  publish?: PublishTimings,
): string {
  const f0 = (n: number) => n.toFixed(0);
  const lines = [
    '# Benchmark results',
    '',
    `Written by \`npm run bench\` (bench/run.ts) on ${new Date().toISOString().slice(0, 10)}.`,
    '',
    `- machine: ${cpus()[0]?.model.trim()}, ${cpus().length} CPUs; node ${process.version}; ${database}`,
    `- ${hasTaskset ? `servers pinned to CPU 0, load (${hasWrk ? 'wrk, one thread' : 'autocannon'}) to CPU 1` : `no taskset: servers and load (${hasWrk ? 'wrk' : 'autocannon'}) share the CPUs`}; ${CONNECTIONS} connections; 2 s warm-up, then ${ROUNDS} alternations of Verso and the bare server (the bare server first in every other), ${ROUND_SECONDS} s each; figures are the rounds' medians, the ratio the median of the rounds' ratios (their range in brackets)`,
    '- Verso: `verso serve` per mode on the demo space (rate rules on, raised for the load; no Redis); bare: `node:http` sending the same status, headers and bytes',
    '',
    '| hot path | verso req/s | p50 ms | p99 ms | bare req/s | bare p50 | bare p99 | ratio | target |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => {
      const ratio = r.ratios ? median(r.ratios) : undefined;
      const mark = (ok: boolean) => (ok ? ' ✓' : ' ✗');
      const met = r.target && ratio !== undefined ? mark(ratio >= r.target) : '';
      const rpsMet = r.rpsTarget ? mark(r.verso.rps >= r.rpsTarget) : '';
      const target = r.target ? `≥ ${r.target.toFixed(2)}` : r.rpsTarget ? `≥ ${r.rpsTarget} req/s` : '—';
      return `| ${r.path} | ${f0(r.verso.rps)}${rpsMet} | ${r.verso.p50} | ${r.verso.p99} | ${r.bare ? f0(r.bare.rps) : '—'} | ${r.bare?.p50 ?? '—'} | ${r.bare?.p99 ?? '—'} | ${ratio?.toFixed(2) ?? '—'}${met}${r.ratios && r.ratios.length > 1 ? ` (${Math.min(...r.ratios).toFixed(2)}–${Math.max(...r.ratios).toFixed(2)})` : ''} | ${target} |`;
    }),
    '',
    ...rows.map((r) => `- ${r.path}: ${r.detail}`),
  ];
  if (edge) {
    lines.push(
      '',
      '## Publish to live through Varnish',
      '',
      `From the \`content.unpublish\`/\`content.publish\` call to Varnish answering the new state (404 or 200) of the blog post, alternating, ${edge.count} changes; a website and a management process on PostgreSQL and Redis, \`EDGE_CACHE=varnish\`: p50 ${edge.p50} ms, p99 ${edge.p99} ms.`,
    );
  }
  if (render.length) {
    lines.push(
      '',
      '## Pure render time by page size',
      '',
      `The demo's blog post with a generated page design of N nodes in the demo layout (render only, no reads); ${RENDERS} renders each. Target: < 5 ms median at 200 nodes.`,
      '',
      '| nodes | HTML | median ms | p95 ms |',
      '|---|---|---|---|',
      ...render.map(
        (r) =>
          `| ${r.nodes} | ${(r.bytes / 1024).toFixed(0)} KB | ${r.median.toFixed(2)} | ${r.p95.toFixed(2)} |`,
      ),
    );
  }
  if (list.length) {
    const ms = (q: { p50: number; p95: number }) => `${q.p50.toFixed(1)} / ${q.p95.toFixed(1)}`;
    const x = (pick: (p: SizePoint) => { p50: number }, p: SizePoint) =>
      (pick(p).p50 / pick(list[0]!).p50).toFixed(2);
    lines.push(
      '',
      '## Uncached reads by space size, one request at a time',
      '',
      "Answer cache off (`public --no-cache`: every request reads the database) and page cache off (`website --no-page-cache`: every page is rendered; designs, menus, breadcrumbs and design assets stay cached until a purge, as in production). Each size is a database of its own with its own two processes: the demo space grown by generated published blog posts (set-based inserts, then `vacuum analyze`), plus a 12-level chain of pages and 200 more items in the footer menu that every page shows. The sizes take turns, 20 requests one at a time each, so that the machine's drift falls on all of them alike: " +
        `${UNCACHED_WARM_UP} s per size of unmeasured turns (V8 has optimized the path, each pooled connection holds its prepared statements), then 10 measured turns (200 requests per size), ` +
        'p50 / p95 in ms. Targets: list p50 ≤ 2 ms, permalink ≤ 1.5 ms, GraphQL ≤ 5 ms, page ≤ 3 ms, each within 1.5× of the smallest size.',
      '',
      '| generated | delivered | `GET /v1/content?limit=25` | × 1k | REST permalink (12 levels) | × 1k | GraphQL (the bench query) | × 1k | page: blog post | × 1k | page: 12 levels deep | × 1k | generated in |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
      ...list.map(
        (p) =>
          `| ${p.generated} | ${p.documents} | ${ms(p.list)} | ${x((q) => q.list, p)} | ${ms(p.permalink)} | ${x((q) => q.permalink, p)} | ${ms(p.graphql)} | ${x((q) => q.graphql, p)} | ${ms(p.page)} | ${x((q) => q.page, p)} | ${ms(p.deepPage)} | ${x((q) => q.deepPage, p)} | ${p.seconds.toFixed(1)} s |`,
      ),
    );
    if (list.some((p) => Object.values(p.cpu).some(Boolean))) {
      const us = (c: CpuSplit | undefined) =>
        c ? `${f0(c.server)} / ${f0(c.postgres)} / ${f0(c.client)}` : '—';
      lines.push(
        '',
        "Where a request's time goes: CPU per request in µs of the process that answers it / PostgreSQL (all its processes) / this bench's client (node:http), over the measured turns (the kernel's scheduler statistics). On one request at a time they add up to about the p50: each waits for the other.",
        '',
        '| generated | list | REST permalink | GraphQL | page: blog post | page: 12 levels deep |',
        '|---|---|---|---|---|---|',
        ...list.map(
          (p) =>
            `| ${p.generated} | ${us(p.cpu.list)} | ${us(p.cpu.permalink)} | ${us(p.cpu.graphql)} | ${us(p.cpu.page)} | ${us(p.cpu.deepPage)} |`,
        ),
      );
    }
  }
  if (publish) {
    lines.push(
      '',
      '## Publishing across processes',
      '',
      `Three \`verso serve\` processes (management, website, public) on PostgreSQL and Redis; ${publish.count} changes of the blog post, alternating \`content.unpublish\` and \`content.publish\` (after a \`CHECKPOINT\`, ${PUBLISH_WARM_UP} rounds of a page render, a 404 render and a REST read that miss the caches, and 4 unmeasured changes), the post's page and REST permalink cached in the website and public processes before each (bench/publish.ts). Targets: answer p50 ≤ 25 ms, p99 ≤ 60 ms; first fresh page ≤ 5 ms after the answer.`,
      ...publishTable(publish),
    );
    const large = list.find((p) => p.publish);
    if (large?.publish) {
      lines.push(
        '',
        `The same in the largest space of the size curve (${large.documents} delivered documents, the blog post among ${large.generated} siblings), the same targets:`,
        ...publishTable(large.publish),
      );
    }
  }
  // The profiles before and after (issue 14) are taken by hand, not by a run: kept in a file of their own.
  const profiles = join(root, 'bench/profiles.md');
  if (existsSync(profiles)) lines.push('', readFileSync(profiles, 'utf8').trimEnd());
  return `${lines.join('\n')}\n`;
}

function publishTable(t: PublishTimings): string[] {
  return [
    '',
    '| | p50 ms | p99 ms |',
    '|---|---|---|',
    `| procedure answer | ${t.answer.p50} | ${t.answer.p99} |`,
    `| answer → first fresh page (website) | ${t.page.p50} | ${t.page.p99} |`,
    `| answer → first fresh REST answer (public) | ${t.rest.p50} | ${t.rest.p99} |`,
  ];
}

/**
 * The paths before wrote much (imports, thousands of cached and uncached answers): a checkpoint PostgreSQL would
 * start on its own schedule during the 50 publishes makes one commit wait for the disk, and with 50 samples that
 * one is the p99 (505 ms in a run of 2026-11-25, 12 ms p50). Flushing first measures the publish, not the
 * checkpoint's timing; docs/performance.md says so. Needs a role allowed to CHECKPOINT; else the run goes on.
 */
async function checkpointed(env: Record<string, string>, before = 'the publish timings'): Promise<void> {
  const db = await openDb(loadConfig(env));
  try {
    await db.query('checkpoint');
  } catch (err) {
    log(`no checkpoint before ${before}: ${(err as Error).message}`);
  } finally {
    await db.close();
  }
}

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
    const list = args.includes('--no-curves') || (ONLY && !listOnly) ? [] : await listCurve();
    const text = report(rows, render, list, database, edge, publish);
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
