/**
 * A typical GraphQL `contents` query of the public API (pages with their blocks, nested blocks and images with
 * variants) against its REST equivalent (`GET /v1/content?type=page&limit=25&expand=image`), cached and
 * uncached, as ratios in one run:
 *
 *   node bin/run-ts.mjs bench/graphql.ts [--seconds 10] [--connections 10]
 *
 * Two Verso processes run `SERVER_MODE=public` as `verso serve` builds it, on the demo space in an embedded
 * database: one with the tagged cache (every answer after the first comes from it), one whose cache keeps
 * nothing (every request reads the database and shapes the answer). Servers run on CPU 0 (`taskset -c 0`,
 * when available); autocannon runs here, pinned to CPU 1.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

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
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}) => Promise<CannonResult>;

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};

const graphqlQuery = `{
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
const restPath = '/v1/content?type=page&limit=25&expand=image';

/** The Verso side: the public API of `verso serve` on the demo space; `--no-cache`: a cache that keeps nothing. */
async function serveVerso(noCache: boolean): Promise<void> {
  const { buildApp } = await import('../cli/app.ts');
  const { allMigrations } = await import('../cli/plugins.ts');
  const { createServices } = await import('../cli/services.ts');
  const { importSpaceFile } = await import('../cli/space-files.ts');
  const { loadConfig } = await import('../core/config/index.ts');
  const { migrate } = await import('../core/db/migrations.ts');
  const { listen } = await import('../core/http/listen.ts');
  const config = loadConfig(
    {
      DATA_DIR: mkdtempSync(join(tmpdir(), 'verso-bench-graphql-')),
      LOG_LEVEL: 'silent',
      SERVER_MODE: 'public',
    },
    { development: true },
  );
  const services = await createServices(config);
  if (noCache) {
    services.cache = {
      getOrSet: (_key, compute) => compute({ addTags() {} }),
      purgeTags: async () => {},
      close: async () => {},
    };
  }
  await migrate(services.db, allMigrations(services.plugins));
  await importSpaceFile(services.db, new URL('../demo/space.json', import.meta.url).pathname, {
    plugins: services.plugins,
    storage: services.storage,
  });
  // The public API's rate rule (300 per minute per address) would refuse a load test: lift it for the demo space.
  await services.db.query(
    `insert into space_controls (space_id, key, value) select id, 'rateLimit.publicApi.points', '1000000000' from spaces`,
  );
  const server = await listen(buildApp('public', services), { port: 0, hostname: '127.0.0.1' });
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

const graphqlRequest = {
  method: 'POST',
  headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
  body: JSON.stringify({ query: graphqlQuery }),
};

/** Checks both answers once: 200, no GraphQL errors, the same 25 pages or fewer. */
async function check(port: number): Promise<{ graphqlBytes: number; restBytes: number }> {
  const g = await fetch(`http://127.0.0.1:${port}/graphql`, graphqlRequest);
  const gBody = await g.text();
  const parsed = JSON.parse(gBody) as { errors?: unknown; data?: { contents: { items: unknown[] } } };
  if (g.status !== 200 || parsed.errors)
    throw new Error(`graphql answered ${g.status}: ${gBody.slice(0, 500)}`);
  const r = await fetch(`http://127.0.0.1:${port}${restPath}`);
  const rBody = await r.text();
  if (r.status !== 200) throw new Error(`rest answered ${r.status}: ${rBody.slice(0, 500)}`);
  const restItems = (JSON.parse(rBody) as { items: unknown[] }).items.length;
  if (restItems !== parsed.data!.contents.items.length)
    throw new Error('graphql and rest list different pages');
  return { graphqlBytes: gBody.length, restBytes: rBody.length };
}

async function load(name: string, options: Parameters<typeof autocannon>[0]) {
  await autocannon({ ...options, duration: 2 }); // warm-up (and, cached, the first answer)
  const result = await autocannon(options);
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

async function main(): Promise<void> {
  if (args[0] === '--serve-verso') return serveVerso(args.includes('--no-cache'));
  const seconds = option('seconds', 10);
  const connections = option('connections', 10);
  if (hasTaskset) execFileSync('taskset', ['-cp', '1', String(process.pid)], { stdio: 'ignore' });
  const rows: string[] = [];
  const ratios: string[] = [];
  let sizes = { graphqlBytes: 0, restBytes: 0 };
  for (const mode of ['cached', 'uncached'] as const) {
    const verso = await child([
      'bench/graphql.ts',
      '--serve-verso',
      ...(mode === 'uncached' ? ['--no-cache'] : []),
    ]);
    try {
      sizes = await check(verso.port);
      const base = { connections, duration: seconds };
      const rest = await load(`REST ${mode}`, { ...base, url: `http://127.0.0.1:${verso.port}${restPath}` });
      const graphql = await load(`GraphQL ${mode}`, {
        ...base,
        url: `http://127.0.0.1:${verso.port}/graphql`,
        ...graphqlRequest,
      });
      for (const r of [rest, graphql]) rows.push(`| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} |`);
      ratios.push(`${mode}: GraphQL / REST = ${(graphql.rps / rest.rps).toFixed(2)}`);
    } finally {
      verso.stop();
    }
  }
  process.stdout.write(
    [
      `POST /graphql: contents(type: "page", limit: 25) with blocks, nested blocks and image variants (${sizes.graphqlBytes} bytes)`,
      `GET ${restPath} (${sizes.restBytes} bytes)`,
      `demo space; ${connections} connections, ${seconds} s each` +
        `${hasTaskset ? '; servers on CPU 0, load on CPU 1' : ''}; node ${process.version}`,
      '',
      '| answer | req/s | p50 ms | p99 ms |',
      '|---|---|---|---|',
      ...rows,
      '',
      ...ratios,
      '',
    ].join('\n'),
  );
}

await main();
