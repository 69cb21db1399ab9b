import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkedAssets, unansweredAssets } from '../core/testing/linked-assets.ts';
import { runVerso } from '../core/testing/processes.ts';
import { serviceUrl } from '../core/testing/require-service.ts';
import { type RunningVarnish, startVarnish } from '../core/testing/varnish.ts';
import { type FixtureStack, fixtureStack, type StackProcess } from './testing/fixture-stack.ts';

// Two website processes on one PostgreSQL and one Redis, as docs/deployment.md scales them: every page of the
// demo and of the fixture space that one process rendered is answered by the other from the shared cache, and
// every stylesheet, script, font and image it links must be answered there too; the same after restarting the
// process that rendered them, and through Varnish with the shipped VCL (issue 39).

const databaseUrl = serviceUrl('DATABASE_URL');
const redisUrl = serviceUrl('REDIS_URL');
const demoFile = fileURLToPath(new URL('../demo/space.json', import.meta.url));
const HOSTS = ['localhost', 'fixture.test', 'de.fixture.test'];

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function get(base: string, path: string, host: string): Promise<Answer> {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path, agent: false, headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('latin1');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The same-site pages a page links to. */
function pageLinks(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*\shref="(\/[^"#?]*)"/g)]
    .map((m) => m[1]!)
    .filter((p) => !p.startsWith('//') && !p.startsWith('/_') && !p.startsWith('/media/'));
}

let stack: FixtureStack;
let renderer: StackProcess;
let other: StackProcess;
let edge: RunningVarnish | undefined;
/** Every page of every host, found by following links from `/` on the rendering process. */
const pages: { host: string; path: string; status: number; assets: string[] }[] = [];

/** Fetches every asset the pages link from `base` (and what their stylesheets link): the ones not answered 200. */
async function unanswered(base: string): Promise<string[]> {
  const seen = new Set<string>();
  const failed: string[] = [];
  const ask = (path: string, host: string) => get(base, path, host);
  for (const page of pages) failed.push(...(await unansweredAssets(ask, page.host, page.assets, seen)));
  return failed;
}

describe.skipIf(!databaseUrl || !redisUrl)('assets linked by pages, across website processes', () => {
  beforeAll(async () => {
    stack = await fixtureStack(databaseUrl!, {
      REDIS_URL: redisUrl!,
      REDIS_KEY_PREFIX: `assets-${randomUUID().slice(0, 8)}`,
    });
    const imported = await runVerso(['import', demoFile], stack.env);
    expect(imported.code, imported.stderr).toBe(0);
    [renderer, other] = (await Promise.all([stack.serve('website'), stack.serve('website')])) as [
      StackProcess,
      StackProcess,
    ];
    for (const host of HOSTS) {
      const queue = ['/'];
      const visited = new Set(queue);
      while (queue.length) {
        const path = queue.shift()!;
        const page = await get(renderer.url, path, host);
        pages.push({ host, path, status: page.status, assets: linkedAssets(page.body) });
        if (page.status !== 200) continue;
        for (const link of pageLinks(page.body)) {
          if (visited.has(link) || visited.size >= 60) continue;
          visited.add(link);
          queue.push(link);
        }
      }
    }
  }, 300_000);

  afterAll(async () => {
    await edge?.stop();
    await stack?.stop();
  }, 60_000);

  it('the other process answers the pages from the shared cache and every asset they link', async () => {
    expect(pages.length).toBeGreaterThan(15);
    for (const kind of ['/_site/islands/', '/_site/fonts/', '/media/']) {
      const linked = pages.some((p) => p.assets.some((a) => a.startsWith(kind)));
      const inCss = kind === '/_site/fonts/';
      expect(linked || inCss, kind).toBe(true);
    }
    for (const page of pages) {
      const again = await get(other.url, page.path, page.host);
      expect(again.status, `${page.host}${page.path}`).toBe(page.status);
      expect(linkedAssets(again.body), `${page.host}${page.path}`).toEqual(page.assets);
    }
    expect(await unanswered(other.url)).toEqual([]);
    // The demo's home page has blocks with instance styles: its own sheet is among the links.
    const home = pages.find((p) => p.host === 'localhost' && p.path === '/')!;
    expect(home.assets.some((a) => /^\/_site\/[a-f0-9]{20}\.css\?i=/.test(a))).toBe(true);
  });

  it('after the rendering process restarts, it answers every asset its cached pages link', async () => {
    await renderer.stop();
    renderer = await stack.serve('website');
    for (const page of pages) {
      const again = await get(renderer.url, page.path, page.host);
      expect(linkedAssets(again.body), `${page.host}${page.path}`).toEqual(page.assets);
    }
    expect(await unanswered(renderer.url)).toEqual([]);
  });

  it('through Varnish with the shipped VCL every asset is 200, and an unknown sheet is never kept', async () => {
    await other.stop();
    other = await stack.serve('website');
    edge = await startVarnish(Number(new URL(other.url).port));
    expect(await unanswered(edge.url)).toEqual([]);
    for (const unknown of [
      '/_site/0123456789abcdef0123.css',
      '/_site/0123456789abcdef0123.css?i=W10',
      '/_site/fonts/inter-400-normal.0123456789abcdef0123.woff2',
      '/_site/islands/menu.0123456789abcdef0123.js',
    ]) {
      const first = await get(edge.url, unknown, 'localhost');
      expect(first.status, unknown).toBe(404);
      expect(first.headers['cache-control'], unknown).toBe('no-store');
      expect((await get(edge.url, unknown, 'localhost')).headers['x-cache'], unknown).toBe('miss');
    }
  });
});
