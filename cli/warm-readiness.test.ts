import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type Running, startVerso } from '../core/testing/processes.ts';
import { serviceUrl } from '../core/testing/require-service.ts';
import { type FixtureStack, fixtureStack } from './testing/fixture-stack.ts';
import { eventually, get, getAs, logLines } from './testing/http.ts';

const adminUrl = serviceUrl('DATABASE_URL');
const redisUrl = serviceUrl('REDIS_URL');

/**
 * Issue 42, point 5: `/readyz` turns 200 only once the process has warmed its own hot paths against the real
 * database, and the warm-up counts against no client's rate rule.
 */
describe.runIf(adminUrl)('warm readiness of `verso serve`', () => {
  let stack: FixtureStack;
  const running: Running[] = [];
  beforeAll(async () => {
    stack = await fixtureStack(adminUrl!, redisUrl ? { REDIS_URL: redisUrl } : {});
  }, 120_000);
  afterAll(async () => {
    for (const r of running) await r.stop();
    await stack?.stop();
  });

  /** Starts a process, asks `/readyz` from the moment it listens until it is ready; the answers in order. */
  const startAndPoll = async (mode: 'public' | 'website') => {
    const port = await freePort();
    const proc = await startVerso(
      ['serve'],
      { ...stack.env, SERVER_MODE: mode, PORT: String(port), HOST: '127.0.0.1' },
      /"msg":"listening"/,
      120_000,
    );
    running.push(proc);
    const url = `http://127.0.0.1:${port}`;
    const seen: Array<{ status: number; key?: string }> = [];
    for (let i = 0; i < 2000; i++) {
      const res = await get(`${url}/readyz`);
      seen.push({ status: res.status, key: res.body?.error?.key });
      if (res.status === 200) break;
      await new Promise((r) => setTimeout(r, 2));
    }
    // The line is written before readiness turns (serve.ts); the pipe may bring it a moment after the answer.
    await eventually(() => /"msg":"ready in /.test(proc.output()), 'the ready line');
    return { url, seen, proc };
  };

  it('a public process: 503 process.warmingUp while it warms lists and GraphQL, 200 once it logged ready', async () => {
    const { url, seen, proc } = await startAndPoll('public');
    expect(seen[0]).toMatchObject({ status: 503, key: 'process.warmingUp' });
    expect(seen.at(-1)).toMatchObject({ status: 200 });
    expect(seen.filter((s) => s.status === 503).every((s) => s.key === 'process.warmingUp')).toBe(true);
    const ready = logLines(proc.output()).find((l) => /^ready in \d+ ms$/.test(l.msg));
    expect(ready?.warmUp).toMatchObject({ unexpected: {} });
    expect((ready!.warmUp as { requests: number }).requests).toBeGreaterThanOrEqual(2);
    expect(ready?.msToReady).toBeGreaterThan(0);
    // The warm-up's lists counted against no client: the first visitor has the whole window.
    const first = await get(`${url}/v1/content?limit=1&offset=0`);
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit')).toMatch(/^limit=300, remaining=299, /);
  }, 120_000);

  it('a website process: 503 while it renders pages, 200 once it logged ready; then serves the page', async () => {
    const { url, seen, proc } = await startAndPoll('website');
    expect(seen[0]).toMatchObject({ status: 503, key: 'process.warmingUp' });
    expect(seen.at(-1)).toMatchObject({ status: 200 });
    const ready = logLines(proc.output()).find((l) => /^ready in \d+ ms$/.test(l.msg));
    expect(ready?.warmUp).toMatchObject({ unexpected: {} });
    expect((ready!.warmUp as { requests: number }).requests).toBeGreaterThanOrEqual(1);
    // The home page, and pages of other designs it links to (the fixture's home links its about page).
    const pages = (ready!.warmUp as { pages: string[] }).pages;
    expect(pages).toContain('fixture.test/');
    expect(pages.filter((p) => !p.endsWith('/')).length, pages.join(' ')).toBeGreaterThan(0);
    const page = await getAs('fixture.test', `${url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('ratelimit')).toMatch(/^limit=1200, remaining=1199, /);
  }, 120_000);
});
