/**
 * The designed site of the demo's blog post, as ratios to a bare `node:http` server sending the same bytes,
 * in one run: the page from the page cache, and the page rendered on every request (the page cache keeps
 * nothing; domains, settings and designs stay cached as in production). Then, in-process, the pure render
 * of a 200-node page design (median of many renders):
 *
 *   node bin/run-ts.mjs bench/site.ts [--seconds 10] [--connections 10] [--renders 2000]
 *
 * Servers run `SERVER_MODE=website` as `verso serve` builds it, on the demo space in an embedded database,
 * on CPU 0 (`taskset -c 0`, when available); autocannon runs here, pinned to CPU 1.
 * Targets: cached ≥ 60 % of the bare server's throughput; a 200-node render < 5 ms median.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import type { TaggedCache } from '../core/cache/tagged-cache.ts';
import type { DesignNode, PageDesign } from '../core/designs/index.ts';

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
  headers?: Record<string, string>;
}) => Promise<CannonResult>;

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};

const POST = '/blog/we-moved-into-the-old-tram-depot';
const HOST = 'localhost:3200';

async function demoServices() {
  const { allMigrations } = await import('../cli/plugins.ts');
  const { createServices } = await import('../cli/services.ts');
  const { importSpaceFile } = await import('../cli/space-files.ts');
  const { loadConfig } = await import('../core/config/index.ts');
  const { migrate } = await import('../core/db/migrations.ts');
  const config = loadConfig(
    {
      DATA_DIR: mkdtempSync(join(tmpdir(), 'verso-bench-site-')),
      LOG_LEVEL: 'silent',
      SERVER_MODE: 'website',
    },
    { development: true },
  );
  const services = await createServices(config);
  await migrate(services.db, allMigrations(services.plugins));
  await importSpaceFile(services.db, new URL('../demo/space.json', import.meta.url).pathname, {
    plugins: services.plugins,
    storage: services.storage,
  });
  // The site pages' rule (1200 per minute per address) would refuse a load test: lift it for the demo space.
  await services.db.query(
    `insert into space_controls (space_id, key, value) select id, 'rateLimit.sitePages.points', '1000000000' from spaces`,
  );
  return services;
}

/** The Verso side: `verso serve` in website mode; `--no-page-cache`: pages are rendered on every request. */
async function serveVerso(noPageCache: boolean): Promise<void> {
  const { buildApp } = await import('../cli/app.ts');
  const { listen } = await import('../core/http/listen.ts');
  const services = await demoServices();
  if (noPageCache) {
    const cache = services.cache;
    const pages: TaggedCache = {
      getOrSet: (key, compute, opts) =>
        key.startsWith('site:page:') ? compute({ addTags() {} }) : cache.getOrSet(key, compute, opts),
      purgeTags: (tags) => cache.purgeTags(tags),
      close: () => cache.close(),
    };
    services.cache = pages;
  }
  const server = await listen(buildApp('website', services), { port: 0, hostname: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ port: server.port })}\n`);
}

/** The bare side: the same status, headers and body for the same path. */
async function serveBare(file: string): Promise<void> {
  const { readFileSync } = await import('node:fs');
  const { serveFixed } = await import('./bare-server.ts');
  const { port } = await serveFixed(JSON.parse(readFileSync(file, 'utf8')));
  process.stdout.write(`${JSON.stringify({ port })}\n`);
}

/** A page design of `count` nodes over the blog post's fields: repeated teaser-like groups. */
function pageOf(count: number): PageDesign {
  const children: DesignNode[] = [{ id: 'body', el: 'richtext', bind: { field: 'body' } }];
  // The root, the rich text, then groups of six nodes; spacers make up the rest.
  let nodes = 2;
  for (let i = 0; nodes + 6 <= count; i++, nodes += 6) {
    children.push({
      id: `g${i}`,
      el: 'box',
      children: [
        { id: `g${i}-h`, el: 'heading', props: { level: 2 }, bind: { field: '$title' } },
        { id: `g${i}-x`, el: 'text', bind: { field: 'excerpt', format: { type: 'excerpt', length: 80 } } },
        {
          id: `g${i}-d`,
          el: 'text',
          bind: { field: '$publishedAt', format: { type: 'date', style: 'long' } },
        },
        { id: `g${i}-i`, el: 'image', bind: { field: 'cover' }, props: { variant: 'card' } },
        {
          id: `g${i}-l`,
          el: 'link',
          props: { href: '/blog', text: { en: 'All posts', de: 'Alle Beiträge' } },
        },
      ],
    });
  }
  for (; nodes < count; nodes++) children.push({ id: `s${nodes}`, el: 'spacer' });
  return { layout: 'default', root: { id: 'page', el: 'stack', props: { tag: 'article' }, children } };
}

/** The pure render (step 8 without its reads) of the blog post with a 200-node page design, many times. */
async function renderTimes(
  renders: number,
): Promise<{ nodes: number; median: number; p95: number; bytes: number }> {
  const { walkNodes } = await import('../core/designs/index.ts');
  const { sharedReader } = await import('../delivery/reader/index.ts');
  const { findDomain } = await import('../site/pipeline/find-domain.ts');
  const { loadDesigns } = await import('../site/pipeline/load-designs.ts');
  const { loadSite } = await import('../site/pipeline/load-site.ts');
  const { prepareRender } = await import('../site/pipeline/render-document.ts');
  const { renderPage } = await import('../site/render/render-page.tsx');
  const { siteStyles } = await import('../site/server/site-styles.ts');
  const { createStylesheetStore } = await import('../styles/stylesheet-store.ts');
  const services = await demoServices();
  const { db, cache, log, mediaSecret } = services;
  const reader = sharedReader({ db, mediaSecret, blockDesigns: true });
  const styles = siteStyles({ store: createStylesheetStore(), log, mediaSecret });
  const deps = { db, reader, cache, log, mediaSecret, ttlSeconds: 300, styles };
  const domain = (await findDomain(deps, 'localhost'))!;
  const site = (await loadSite(deps, domain.spaceId))!;
  const designs = await loadDesigns(deps, site);
  const page = pageOf(200);
  let nodes = 0;
  walkNodes(page.root, () => nodes++);
  designs.bundle.designs.pages['blog-post'] = page;
  const ctx = { spaceId: site.space.id, locale: 'en', tags: { addTags() {} } };
  const document = (await reader.byPermalink(ctx, POST.slice(1)))!;
  const input = await prepareRender(deps, ctx, {
    site,
    domain,
    route: { kind: 'page', locale: 'en', permalink: POST.slice(1), prefix: '' },
    target: { host: 'localhost', port: '3200', protocol: 'http', path: POST, search: '' },
    document,
    notFound: false,
    designs,
  });
  const once = () =>
    renderPage({ ...input, ctx: { ...input.ctx, state: { images: 0, ids: 0, islands: new Set() } } });
  let bytes = 0;
  for (let i = 0; i < 200; i++) bytes = once().length; // warm-up
  const times: number[] = [];
  for (let i = 0; i < renders; i++) {
    const start = performance.now();
    once();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  await db.close();
  return {
    nodes,
    median: times[Math.floor(times.length / 2)]!,
    p95: times[Math.floor(times.length * 0.95)]!,
    bytes,
  };
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

/** One GET with the demo's Host header (fetch would not send it). */
function get(
  port: number,
  path: string,
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host: HOST } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers as Record<string, string>, body }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

async function load(name: string, url: string, options: { connections: number; duration: number }) {
  const base = { url, headers: { host: HOST }, connections: options.connections };
  await autocannon({ ...base, duration: 2 }); // warm-up (and, cached, the first render)
  const result = await autocannon({ ...base, duration: options.duration });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

async function main(): Promise<void> {
  if (args[0] === '--serve-verso') return serveVerso(args.includes('--no-page-cache'));
  if (args[0] === '--serve-bare') return serveBare(args[1]!);
  const seconds = option('seconds', 10);
  const connections = option('connections', 10);
  if (hasTaskset) execFileSync('taskset', ['-cp', '1', String(process.pid)], { stdio: 'ignore' });
  const run = { connections, duration: seconds };

  const cached = await child(['bench/site.ts', '--serve-verso']);
  let bytes = 0;
  const results: Awaited<ReturnType<typeof load>>[] = [];
  try {
    // The bare server answers exactly what the site answers.
    const res = await get(cached.port, POST);
    if (res.status !== 200) throw new Error(`the site answered ${res.status}`);
    const body = res.body;
    bytes = Buffer.byteLength(body);
    const skip = ['content-length', 'date', 'connection', 'keep-alive', 'x-request-id', 'transfer-encoding'];
    const headers = Object.fromEntries(Object.entries(res.headers).filter(([k]) => !skip.includes(k)));
    const file = join(mkdtempSync(join(tmpdir(), 'verso-bench-bare-')), 'answers.json');
    writeFileSync(file, JSON.stringify({ [POST]: { status: 200, headers, body } }));
    const bare = await child(['bench/site.ts', '--serve-bare', file]);
    try {
      results.push(await load('bare node:http', `http://127.0.0.1:${bare.port}${POST}`, run));
    } finally {
      bare.stop();
    }
    results.push(await load('site, cached page', `http://127.0.0.1:${cached.port}${POST}`, run));
  } finally {
    cached.stop();
  }
  const uncached = await child(['bench/site.ts', '--serve-verso', '--no-page-cache']);
  try {
    results.push(await load('site, uncached render', `http://127.0.0.1:${uncached.port}${POST}`, run));
  } finally {
    uncached.stop();
  }
  const render = await renderTimes(option('renders', 2000));
  const bare = results[0]!.rps;
  process.stdout.write(
    [
      `GET ${POST} on the demo site (${bytes} bytes); ${connections} connections, ${seconds} s each` +
        `${hasTaskset ? '; servers on CPU 0, load on CPU 1' : ''}; node ${process.version}`,
      '',
      '| answer | req/s | ratio to bare | p50 ms | p99 ms |',
      '|---|---|---|---|---|',
      ...results.map(
        (r) => `| ${r.name} | ${r.rps.toFixed(0)} | ${(r.rps / bare).toFixed(2)} | ${r.p50} | ${r.p99} |`,
      ),
      '',
      `pure render of a ${render.nodes}-node page design in the demo layout (${render.bytes} bytes): ` +
        `median ${render.median.toFixed(2)} ms, p95 ${render.p95.toFixed(2)} ms`,
      '',
    ].join('\n'),
  );
}

await main();
