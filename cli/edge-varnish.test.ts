import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids } from '../core/testing/fixture-space.ts';
import { freePort, runVerso } from '../core/testing/processes.ts';
import { serviceUrl } from '../core/testing/require-service.ts';
import { type RunningVarnish, startVarnish } from '../core/testing/varnish.ts';
import { Ready } from '../delivery/rest/schemas.ts';
import { type FixtureStack, fixtureStack, type StackProcess } from './testing/fixture-stack.ts';

// Debian's Varnish with varnish-modules (xkey) and the shipped deploy/varnish/verso.vcl in front of a website
// process and a public process (EDGE_CACHE=varnish), purged by a management process through Redis and
// `PURGE` with `xkey-purge`: answers come from Varnish until a publish, an unpublish or a design publish
// purges exactly what they were made from.

const databaseUrl = serviceUrl('DATABASE_URL');
const redisUrl = serviceUrl('REDIS_URL');
const demoFile = fileURLToPath(new URL('../demo/space.json', import.meta.url));

let stack: FixtureStack;
let management: StackProcess;
const processes: StackProcess[] = [];
let siteEdge: RunningVarnish;
let apiEdge: RunningVarnish;
let key: string;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function get(base: string, path: string, host?: string): Promise<Answer> {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: u.hostname, port: u.port, path, agent: false, headers: host ? { host } : {} },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Asks twice, a second apart: the second answer must come from Varnish (`Age` > 0, a hit). */
async function cachedAtEdge(base: string, path: string, host?: string): Promise<Answer> {
  await get(base, path, host);
  await sleep(1100);
  const again = await get(base, path, host);
  expect(again.headers['x-cache'], `${host ?? ''}${path}`).toBe('hit');
  expect(Number(again.headers.age), `${host ?? ''}${path}`).toBeGreaterThan(0);
  return again;
}

async function rpc(name: string, input: Record<string, unknown>): Promise<number> {
  const res = await fetch(`${management.url}/rpc/${name}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ space: 'fixture', ...input }),
  });
  expect(res.status, `${name}: ${await res.clone().text()}`).toBe(200);
  return Date.now();
}

/** Polls until `check` holds; the milliseconds it took (fails past `limitMs`). */
async function within(limitMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > limitMs) throw new Error(`not within ${limitMs} ms`);
    await sleep(25);
  }
  return Date.now() - started;
}

describe.skipIf(!databaseUrl || !redisUrl)('behind Varnish (EDGE_CACHE=varnish)', () => {
  beforeAll(async () => {
    const sitePort = await freePort();
    const apiPort = await freePort();
    stack = await fixtureStack(databaseUrl!, {
      REDIS_URL: redisUrl!,
      REDIS_KEY_PREFIX: `edge-${randomUUID().slice(0, 8)}`,
      EDGE_CACHE: 'varnish',
      EDGE_PURGE_URLS: `http://127.0.0.1:${sitePort},http://127.0.0.1:${apiPort}`,
    });
    // A second space (the demo, host localhost) whose pages a purge of the fixture must leave alone.
    const imported = await runVerso(['import', demoFile], stack.env);
    expect(imported.code, imported.stderr).toBe(0);
    key = await stack.createKey();
    const [site, api, manage] = await Promise.all([
      stack.serve('website'),
      stack.serve('public', { PUBLIC_SPACE: 'fixture' }),
      stack.serve('management'),
    ]);
    processes.push(site!, api!, manage!);
    management = manage!;
    siteEdge = await startVarnish(Number(new URL(site!.url).port), sitePort);
    apiEdge = await startVarnish(Number(new URL(api!.url).port), apiPort);
  }, 300_000);

  afterAll(async () => {
    await siteEdge?.stop();
    await apiEdge?.stop();
    await stack?.stop();
  }, 60_000);

  it('tags cacheable answers for the edge and never private ones', async () => {
    const site = processes[0]!;
    const page = await get(site.url, '/about', 'fixture.test');
    expect(page.status).toBe(200);
    const xkey = String(page.headers.xkey);
    expect(xkey.split(' ')).toContain(`doc:${ids.about}`);
    expect(xkey.split(' ')).toContain(`design:${ids.space}`);
    expect(page.headers['surrogate-control']).toMatch(/^max-age=86400, stale-while-revalidate=\d+$/);
    // Browsers keep today's Cache-Control.
    expect(page.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+/);
    const rest = await get(processes[1]!.url, '/v1/permalink/about');
    expect(rest.status).toBe(200);
    expect(String(rest.headers.xkey).split(' ')).toContain(`doc:${ids.about}`);
    // Through Varnish the tags are not shown.
    expect((await get(siteEdge.url, '/about', 'fixture.test')).headers.xkey).toBeUndefined();
    // A private answer (the site's password form post, health) carries none.
    expect((await get(site.url, '/healthz')).headers.xkey).toBeUndefined();
  });

  it('serves a page and a REST answer from Varnish; an unpublish makes both 404 within 1 s', async () => {
    await cachedAtEdge(siteEdge.url, '/news/hello', 'fixture.test');
    await cachedAtEdge(apiEdge.url, '/v1/permalink/news/hello');
    const answered = await rpc('content.unpublish', { id: ids.hello, locale: 'en' });
    const page = await within(
      1000,
      async () => (await get(siteEdge.url, '/news/hello', 'fixture.test')).status === 404,
    );
    const rest = await within(
      1000,
      async () => (await get(apiEdge.url, '/v1/permalink/news/hello')).status === 404,
    );
    expect(Date.now() - answered).toBeLessThan(2000);
    expect(page + rest).toBeLessThan(2000);
  });

  it('a design publish refreshes every page of the space; a page of another space stays cached', async () => {
    const paths = ['/', '/about', '/news'];
    for (const path of paths) await cachedAtEdge(siteEdge.url, path, 'fixture.test');
    await cachedAtEdge(siteEdge.url, '/', 'localhost');
    await rpc('designs.publishAll', {});
    for (const path of paths) {
      const fresh = await get(siteEdge.url, path, 'fixture.test');
      expect(fresh.status, path).toBe(200);
      expect(fresh.headers['x-cache'], path).toBe('miss');
    }
    const other = await get(siteEdge.url, '/', 'localhost');
    expect(other.headers['x-cache']).toBe('hit');
    expect(Number(other.headers.age)).toBeGreaterThan(0);
  });

  it('reports the edge in /readyz', async () => {
    const ready = (await (await fetch(`${management.url}/readyz`)).json()) as {
      edge?: { kind: string; status: string };
    };
    expect(ready.edge).toMatchObject({ kind: 'varnish', status: 'ok' });
    // The answer is the one /openapi.json documents.
    expect(Ready.safeParse(ready).error).toBeUndefined();
  });
});
