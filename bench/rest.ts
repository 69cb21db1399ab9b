/**
 * Throughput of cached REST answers of the public API, as a ratio to a bare `node:http` server that sends
 * the same bytes and headers, in one run:
 *
 *   node bin/run-ts.mjs bench/rest.ts [--seconds 10] [--connections 10]
 *
 * Verso runs the public API as `verso serve` mounts it (request id, CORS, space gate, validation, the tagged
 * cache, ETag; not the rate limit) on the demo space in an embedded database. Both servers run in child processes pinned
 * to CPU 0 (`taskset -c 0`, when available); autocannon runs here, pinned to CPU 1.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { FixedAnswer } from './bare-server.ts';

interface CannonResult {
  non2xx: number;
  errors: number;
  requests: { average: number };
  latency: { p50: number; p99: number };
}
// autocannon ships no types.
const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string;
  connections: number;
  duration: number;
}) => Promise<CannonResult>;

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};

const targets = {
  list: '/v1/content?limit=25&expand=cover,author,related,photo,image,featured,favourite_coffee',
  permalink: '/v1/permalink/blog/we-moved-into-the-old-tram-depot?expand=cover,author',
};

/**
 * The Verso side: the public API as `verso serve` mounts it (request id, then the public API app) on the demo
 * space, without the rate limit, which would refuse a benchmark after its 300 requests a minute.
 */
async function serveVerso(): Promise<void> {
  const { Hono } = await import('hono');
  const { requestId } = await import('../core/http/request-id.ts');
  const { publicApi } = await import('../delivery/public-api/index.ts');
  const { allMigrations } = await import('../cli/plugins.ts');
  const { createServices } = await import('../cli/services.ts');
  const { importSpaceFile } = await import('../cli/space-files.ts');
  const { loadConfig } = await import('../core/config/index.ts');
  const { migrate } = await import('../core/db/migrations.ts');
  const { listen } = await import('../core/http/listen.ts');
  const config = loadConfig(
    {
      DATA_DIR: mkdtempSync(join(tmpdir(), 'verso-bench-rest-')),
      LOG_LEVEL: 'silent',
      SERVER_MODE: 'public',
    },
    { development: true },
  );
  const services = await createServices(config);
  await migrate(services.db, allMigrations(services.plugins));
  await importSpaceFile(services.db, new URL('../demo/space.json', import.meta.url).pathname, {
    plugins: services.plugins,
    storage: services.storage,
  });
  const app = new Hono().use(requestId());
  app.route('/', publicApi({ ...services, blockDesigns: true }).app);
  const server = await listen(app, { port: 0, hostname: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ port: server.port })}\n`);
}

const hasTaskset = (() => {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** Starts a server on CPU 0 and reads the line it prints once it listens. */
async function child(command: string[]): Promise<{ port: number; stop(): void }> {
  const full = [process.execPath, 'bin/run-ts.mjs', ...command];
  const proc = hasTaskset ? spawn('taskset', ['-c', '0', ...full]) : spawn(full[0]!, full.slice(1));
  proc.stderr.pipe(process.stderr);
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: proc.stdout }).once('line', resolve);
    proc.once('exit', (code) => reject(new Error(`${command.join(' ')} exited with ${code}`)));
  });
  return { ...JSON.parse(line), stop: () => proc.kill() };
}

/** Verso's answer as bytes and the headers a client sees, for the bare server to send unchanged. */
async function capture(port: number, path: string): Promise<FixedAnswer> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`);
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  const headers: Record<string, string> = {};
  for (const name of [
    'content-type',
    'etag',
    'cache-control',
    'access-control-allow-origin',
    'access-control-expose-headers',
  ]) {
    const value = res.headers.get(name);
    if (value) headers[name] = value;
  }
  return { status: 200, headers, body: await res.text() };
}

async function load(name: string, url: string, seconds: number, connections: number) {
  await autocannon({ url, connections, duration: 2 }); // warm-up (and the first, uncached answer)
  const result = await autocannon({ url, connections, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

async function main(): Promise<void> {
  if (args[0] === '--serve-verso') return serveVerso();
  const seconds = option('seconds', 10);
  const connections = option('connections', 10);
  if (hasTaskset) execFileSync('taskset', ['-cp', '1', String(process.pid)], { stdio: 'ignore' });
  const verso = await child(['bench/rest.ts', '--serve-verso']);
  const answers: Record<string, FixedAnswer> = {};
  for (const path of Object.values(targets)) answers[path] = await capture(verso.port, path);
  const file = join(mkdtempSync(join(tmpdir(), 'verso-bench-bare-')), 'answers.json');
  writeFileSync(file, JSON.stringify(answers));
  const bare = await child(['bench/bare-server.ts', file]);
  try {
    const rows: string[] = [];
    const ratios: string[] = [];
    for (const [name, path] of Object.entries(targets)) {
      const a = await load(`verso ${name}`, `http://127.0.0.1:${verso.port}${path}`, seconds, connections);
      const b = await load(`bare ${name}`, `http://127.0.0.1:${bare.port}${path}`, seconds, connections);
      for (const r of [a, b]) rows.push(`| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} |`);
      ratios.push(
        `${name} (${answers[path]!.body.length} bytes): verso / bare = ${(a.rps / b.rps).toFixed(2)}`,
      );
    }
    process.stdout.write(
      [
        `GET ${targets.list}`,
        `GET ${targets.permalink}`,
        `cached answers of the demo space; ${connections} connections, ${seconds} s each` +
          `${hasTaskset ? '; servers on CPU 0, load on CPU 1' : ''}; node ${process.version}`,
        '',
        '| server | req/s | p50 ms | p99 ms |',
        '|---|---|---|---|',
        ...rows,
        '',
        ...ratios,
        '',
      ].join('\n'),
    );
  } finally {
    verso.stop();
    bare.stop();
  }
}

await main();
