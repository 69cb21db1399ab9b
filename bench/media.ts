/**
 * Throughput of a cached image variant served by Verso's `/media`, as a ratio to a bare `node:http` server
 * that sends the same file with `fs.createReadStream`, in one run:
 *
 *   node bin/run-ts.mjs bench/media.ts [--seconds 5] [--rounds 5] [--connections 10]
 *
 * Both servers run in child processes pinned to CPU 0 (`taskset -c 0`, when available); autocannon runs in this
 * process, pinned to CPU 1, so load generation does not steal the servers' core. The two are measured in
 * alternating rounds and compared by their medians, so load from elsewhere on the machine hits both alike.
 */
import { execFileSync, spawn } from 'node:child_process';
import { createReadStream, mkdtempSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

interface CannonResult {
  non2xx: number;
  errors: number;
  requests: { average: number };
  latency: { p50: number; p99: number };
  throughput: { average: number };
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
const DEMO_IMAGE = 'a55e0000-0000-4000-8000-000000000001';

/** The Verso side: a management process on an embedded database with the demo space, one variant rendered. */
async function serveVerso(): Promise<void> {
  const { buildApp } = await import('../cli/app.ts');
  const { allMigrations } = await import('../cli/plugins.ts');
  const { createServices } = await import('../cli/services.ts');
  const { importSpaceFile } = await import('../cli/space-files.ts');
  const { defaultScopes, loadConfig } = await import('../core/config/index.ts');
  const { migrate } = await import('../core/db/migrations.ts');
  const { listen } = await import('../core/http/listen.ts');
  const { variantPath } = await import('../core/media/signing.ts');
  const dataDir = mkdtempSync(join(tmpdir(), 'verso-bench-media-'));
  const config = loadConfig(
    { DATA_DIR: dataDir, LOG_LEVEL: 'silent', SERVER_MODE: 'management' },
    { development: true },
  );
  const services = await createServices(config);
  await migrate(services.db, allMigrations(services.plugins));
  await importSpaceFile(services.db, new URL('../demo/space.json', import.meta.url).pathname, {
    plugins: services.plugins,
    storage: services.storage,
  });
  const app = buildApp('management', {
    ...services,
    config: { ...config, SCOPES: defaultScopes('management') },
  });
  const path = variantPath(services.mediaSecret(), DEMO_IMAGE, 'card', 'webp');
  const first = await app.request(path);
  if (first.status !== 200) throw new Error(`variant answered ${first.status}`);
  const asset = (
    await services.db.query<{ sha256: string }>('select sha256 from assets where id = $1', [DEMO_IMAGE])
  ).rows[0]!;
  const file = join(dataDir, 'media', 'variants', asset.sha256.slice(0, 2));
  const found = execFileSync('find', [file, '-name', 'card-*.webp']).toString().trim().split('\n')[0]!;
  const server = await listen(app, { port: 0, hostname: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ port: server.port, path, file: found })}\n`);
}

/** The baseline: the least a Node server can do to send the same file. */
function serveBare(file: string): void {
  const size = statSync(file).size;
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'image/webp', 'Content-Length': size });
    createReadStream(file).pipe(res);
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address() as { port: number };
    process.stdout.write(`${JSON.stringify({ port: address.port, path: '/', file })}\n`);
  });
}

const hasTaskset = (() => {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** Starts this file in a server role on CPU 0 and reads the line it prints once it listens. */
async function child(role: string[]): Promise<{ port: number; path: string; file: string; stop(): void }> {
  const command = [process.execPath, 'bin/run-ts.mjs', 'bench/media.ts', ...role];
  const proc = hasTaskset ? spawn('taskset', ['-c', '0', ...command]) : spawn(command[0]!, command.slice(1));
  proc.stderr.pipe(process.stderr);
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: proc.stdout }).once('line', resolve);
    proc.once('exit', (code) => reject(new Error(`server ${role.join(' ')} exited with ${code}`)));
  });
  return { ...JSON.parse(line), stop: () => proc.kill() };
}

async function load(url: string, seconds: number, connections: number) {
  const result = await autocannon({ url, connections, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

type Run = Awaited<ReturnType<typeof load>>;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  if (args[0] === '--serve-verso') return serveVerso();
  if (args[0] === '--serve-bare') return serveBare(args[1]!);
  const seconds = option('seconds', 5);
  const rounds = option('rounds', 5);
  const connections = option('connections', 10);
  if (hasTaskset) execFileSync('taskset', ['-cp', '1', String(process.pid)], { stdio: 'ignore' });
  const verso = await child(['--serve-verso']);
  const bare = await child(['--serve-bare', verso.file]);
  try {
    const size = statSync(verso.file).size;
    const targets = [
      {
        name: 'verso /media (cached variant)',
        url: `http://127.0.0.1:${verso.port}${verso.path}`,
        runs: [] as Run[],
      },
      { name: 'node:http + fs.createReadStream', url: `http://127.0.0.1:${bare.port}/`, runs: [] as Run[] },
    ];
    for (const t of targets) await load(t.url, 2, connections); // warm-up
    // Alternating rounds, so that a burst of load from elsewhere on the machine hits both servers alike.
    for (let round = 0; round < rounds; round++)
      for (const t of targets) t.runs.push(await load(t.url, seconds, connections));
    const rows = targets.map((t) => {
      const m = {
        rps: median(t.runs.map((r) => r.rps)),
        p50: median(t.runs.map((r) => r.p50)),
        p99: median(t.runs.map((r) => r.p99)),
      };
      return { name: t.name, ...m, all: t.runs.map((r) => r.rps.toFixed(0)).join(', ') };
    });
    process.stdout.write(
      [
        `card.webp of the demo's hero image, ${size} bytes; ${connections} connections; ${rounds} alternating rounds of ` +
          `${seconds} s${hasTaskset ? '; servers on CPU 0, load on CPU 1' : ''}; node ${process.version}`,
        '',
        '| server | req/s (median) | p50 ms | p99 ms | req/s per round |',
        '|---|---|---|---|---|',
        ...rows.map((r) => `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.all} |`),
        '',
        `ratio (verso / bare, medians): ${(rows[0]!.rps / rows[1]!.rps).toFixed(2)}`,
        '',
      ].join('\n'),
    );
  } finally {
    verso.stop();
    bare.stop();
  }
}

await main();
