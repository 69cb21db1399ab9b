import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids } from '../core/testing/fixture-space.ts';
import { freePort } from '../core/testing/processes.ts';
import { serviceUrl } from '../core/testing/require-service.ts';
import { type RunningVarnish, startVarnish, vclFor } from '../core/testing/varnish.ts';
import { type FixtureStack, fixtureStack, type StackProcess } from './testing/fixture-stack.ts';
import { togglePost } from './testing/toggle-post.ts';

// Issue 39, part 3: two website and two public processes and a management process on PostgreSQL and Redis.
// One document is unpublished and published in turn; after each change some processes are asked, in an order
// that makes each of them miss some changes while another one writes the shared entry. Once a procedure has
// answered, every process answers the new state (operations.md), directly and through Varnish with a
// round-robin director over both website processes (whose misses then alternate between them).

const databaseUrl = serviceUrl('DATABASE_URL');
const redisUrl = serviceUrl('REDIS_URL');
const CHANGES = 50;
const HOST = 'fixture.test';
// One name for both public processes, as behind a balancer: a REST answer's cache key holds its origin.
const API_HOST = 'api.fixture.test';

let stack: FixtureStack;
let management: StackProcess;
let sites: StackProcess[] = [];
let apis: StackProcess[] = [];
let edge: RunningVarnish;
let key: string;

function get(base: string, path: string, host?: string): Promise<{ status: number; body: string }> {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: u.hostname, port: u.port, path, agent: false, headers: host ? { host } : {} },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const change = (i: number) => togglePost(management.url, key, i);

/** What is stale in a page answer (200 with the post, or 404), if anything. */
function pageStale(answer: { status: number; body: string }, published: boolean): string | undefined {
  const fresh = published
    ? answer.status === 200 && answer.body.includes('Hello world')
    : answer.status === 404;
  return fresh ? undefined : `${answer.status}`;
}

/** Of a pair of processes, who is asked after change `i` and in which order: each misses every third change or so. */
function asked<T>(pair: T[], i: number): T[] {
  const first = pair[i % 2]!;
  const second = pair[(i + 1) % 2]!;
  return i % 3 === 0 ? [first, second] : [first];
}

describe.skipIf(!databaseUrl || !redisUrl)('freshness across processes (two website, two public)', () => {
  beforeAll(async () => {
    const edgePort = await freePort();
    stack = await fixtureStack(databaseUrl!, {
      REDIS_URL: redisUrl!,
      REDIS_KEY_PREFIX: `fresh-${randomUUID().slice(0, 8)}`,
      EDGE_CACHE: 'varnish',
      EDGE_PURGE_URLS: `http://127.0.0.1:${edgePort}`,
    });
    key = await stack.createKey();
    const started = await Promise.all([
      stack.serve('website'),
      stack.serve('website'),
      stack.serve('public', { PUBLIC_SPACE: 'fixture' }),
      stack.serve('public', { PUBLIC_SPACE: 'fixture' }),
      stack.serve('management'),
    ]);
    sites = started.slice(0, 2);
    apis = started.slice(2, 4);
    management = started[4]!;
    // The shipped VCL with its director enabled (the lines between BEGIN and END director uncommented).
    const [a, b] = sites.map((s) => Number(new URL(s.url).port));
    const vcl = vclFor(a!)
      .replace(/# BEGIN director\n([\s\S]*?)# END director/g, (_all, block: string) =>
        block.replace(/^(\s*)# ?/gm, '$1'),
      )
      .replace(
        /backend second \{[^}]*\}/,
        `backend second {\n    .host = "127.0.0.1";\n    .port = "${b}";\n}`,
      );
    expect(vcl).toMatch(/^\s*set req\.backend_hint = site\.backend\(\);$/m);
    expect(vcl).toMatch(/^\s*new site = directors\.round_robin\(\);$/m);
    edge = await startVarnish(a!, edgePort, vcl);
  }, 300_000);

  afterAll(async () => {
    await edge?.stop();
    await stack?.stop();
  }, 60_000);

  it(`answers the new state at once on every process, pages and REST, over ${CHANGES} changes`, async () => {
    const path = '/news/hello';
    // Every process has the page and the REST answers cached before the first change.
    for (const s of sites) expect((await get(s.url, path, HOST)).status).toBe(200);
    for (const p of apis) expect((await get(p.url, `/v1/permalink${path}`, API_HOST)).status).toBe(200);
    for (const p of apis) expect((await get(p.url, `/v1/content/${ids.hello}`, API_HOST)).status).toBe(200);
    const stale: string[] = [];
    let answers = 0;
    for (let i = 0; i < CHANGES; i++) {
      const published = await change(i);
      for (const s of asked(sites, i)) {
        const got = pageStale(await get(s.url, path, HOST), published);
        answers++;
        if (got) stale.push(`change ${i} site ${sites.indexOf(s)}: ${got}`);
      }
      for (const p of asked(apis, i)) {
        for (const rest of [`/v1/permalink${path}`, `/v1/content/${ids.hello}`]) {
          const { status } = await get(p.url, rest, API_HOST);
          answers++;
          if (status !== (published ? 200 : 404))
            stale.push(`change ${i} api ${apis.indexOf(p)} ${rest}: ${status}`);
        }
      }
    }
    expect(answers).toBeGreaterThan(CHANGES * 3);
    expect(stale).toEqual([]);
  }, 120_000);

  it(`answers the new state through Varnish with a director over both website processes, over ${CHANGES} changes`, async () => {
    const path = '/news/hello';
    const stale: string[] = [];
    const start = await get(edge.url, path, HOST);
    const base = start.status === 200 ? 0 : 1;
    for (let i = base; i < base + CHANGES; i++) {
      const published = await change(i);
      // The first ask misses (the purge dropped the page) and goes to the next backend in turn; the second
      // is a hit of what it fetched.
      for (let n = 0; n < 2; n++) {
        const got = pageStale(await get(edge.url, path, HOST), published);
        if (got) stale.push(`change ${i} ask ${n}: ${got}`);
      }
      // A process asked directly now and then, so that the shared entry is not always written by the one
      // Varnish asks next.
      if (i % 4 === 0) {
        const direct = i % 8 === 0 ? 0 : 1;
        const got = pageStale(await get(sites[direct]!.url, path, HOST), published);
        if (got) stale.push(`change ${i} site ${direct}: ${got}`);
      }
    }
    expect(stale).toEqual([]);
  }, 120_000);
});
