import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis, type RedisHandle } from '../redis/connection.ts';
import { redisServerAvailable, startRedisServer, type TestRedisServer } from '../redis/test-server.ts';
import { captureLog } from '../testing/capture-log.ts';
import { serviceUrl } from '../testing/require-service.ts';
import { rateLimit } from './middleware.ts';
import { createRateLimiter, type RateDecision, type RateLimiter } from './rate-limiter.ts';
import { FLUSH_MS, MAX_AHEAD } from './shared-estimates.ts';

const redisUrl = serviceUrl('REDIS_URL');

function appWith(limiter: RateLimiter, spaceOf?: () => string) {
  const app = new Hono();
  app.use('/v1/*', rateLimit({ limiter, rule: 'publicApi', trustedProxies: { kind: 'none' }, spaceOf }));
  app.get('/v1/thing', (c) => c.json({ ok: true }));
  return app;
}
const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });
const get = (app: Hono, address = '198.51.100.1') => app.request('/v1/thing', {}, from(address));

describe('rate limits in memory (no REDIS_URL)', () => {
  it('answers the N+1st request in the window with 429, Retry-After and the rate headers', async () => {
    const app = appWith(
      createRateLimiter({ log: captureLog().log, rules: { publicApi: { points: 3, durationSeconds: 60 } } }),
    );
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await get(app));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    expect(answers[0]!.headers.get('RateLimit-Policy')).toBe('3;w=60');
    expect(answers[0]!.headers.get('RateLimit')).toMatch(/^limit=3, remaining=2, reset=(60|59)$/);
    expect(answers[2]!.headers.get('RateLimit')).toMatch(/^limit=3, remaining=0, reset=\d+$/);
    const refused = answers[3]!;
    expect(refused.headers.get('Retry-After')).toMatch(/^(60|59)$/);
    expect(refused.headers.get('RateLimit')).toMatch(/^limit=3, remaining=0, reset=\d+$/);
    expect(await refused.json()).toEqual({
      error: {
        key: 'rateLimit.exceeded',
        kind: 'rate_limited',
        status: 429,
        message: expect.any(String),
        details: [],
      },
    });
    // Another address has its own count.
    expect((await get(app, '2001:db8::1')).status).toBe(200);
  });

  it('counts per process: two processes each allow the limit', async () => {
    const rules = { publicApi: { points: 2, durationSeconds: 60 } };
    const one = appWith(createRateLimiter({ log: captureLog().log, rules }));
    const two = appWith(createRateLimiter({ log: captureLog().log, rules }));
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await get(one)).status, (await get(two)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it("applies a space's override, and counts per space where the rule says so", async () => {
    const limiter = createRateLimiter({
      log: captureLog().log,
      overridesFor: async (spaceId) =>
        spaceId === 'tight' ? { 'plugins.website.password': { points: 1 } } : {},
    });
    const first = await limiter.consume('plugins.website.password', '198.51.100.9', { spaceId: 'tight' });
    expect(first).toMatchObject({ allowed: true, limit: 1, windowSeconds: 600 });
    expect(
      (await limiter.consume('plugins.website.password', '198.51.100.9', { spaceId: 'tight' })).allowed,
    ).toBe(false);
    // Same address, another space: its own count under the default rule (10 per 10 minutes).
    const other = await limiter.consume('plugins.website.password', '198.51.100.9', { spaceId: 'roomy' });
    expect(other).toMatchObject({ allowed: true, limit: 10, remaining: 9 });
    expect(other.headers['RateLimit-Policy']).toBe('10;w=600');
  });

  it("counts one rule, space and address in one window, and follows a change of the space's overrides", async () => {
    let overrides: Record<string, { points: number }> = { 'plugins.website.password': { points: 3 } };
    const limiter = createRateLimiter({ log: captureLog().log, overridesFor: () => overrides });
    const rule = 'plugins.website.password';
    const count = (spaceId = 'tight') => limiter.consume(rule, '198.51.100.9', { spaceId });
    expect(await count()).toMatchObject({ allowed: true, limit: 3, remaining: 2 });
    expect(await count()).toMatchObject({ remaining: 1 });
    const third = await count();
    expect(third).toMatchObject({ allowed: true, remaining: 0 });
    expect(third.headers).toEqual({
      'RateLimit-Policy': '3;w=600',
      RateLimit: expect.stringMatching(/^limit=3, remaining=0, reset=\d+$/),
    });
    const refused = await count();
    expect(refused.allowed).toBe(false);
    expect(refused.headers['Retry-After']).toMatch(/^\d+$/);
    // Per space: the same address in another space has its own count.
    expect(await count('roomy')).toMatchObject({ allowed: true, remaining: 2 });
    // The overrides changed (a new object, as the cache hands out after a purge): the new rule applies.
    overrides = { 'plugins.website.password': { points: 50 } };
    const relaxed = await count();
    expect(relaxed).toMatchObject({ allowed: true, limit: 50 });
    expect(relaxed.headers['RateLimit-Policy']).toBe('50;w=600');
  });
});

describe.runIf(redisUrl)('rate limits in Redis', () => {
  const prefix = `verso-test-${randomBytes(4).toString('hex')}`;
  const handles: RedisHandle[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 2; i++)
      handles.push(await connectRedis({ url: redisUrl!, log: captureLog().log, prefix }));
  });
  afterAll(async () => {
    const keys = await handles[0]!.client.keys(`${prefix}:*`);
    if (keys.length) await handles[0]!.client.del(...keys);
    for (const h of handles) await h.close();
  });

  it('two processes sharing Redis share the counter', async () => {
    const rules = { publicApi: { points: 3, durationSeconds: 60 } };
    const one = appWith(createRateLimiter({ redis: handles[0], log: captureLog().log, rules }));
    const two = appWith(createRateLimiter({ redis: handles[1], log: captureLog().log, rules }));
    const statuses = [
      (await get(one)).status,
      (await get(two)).status,
      (await get(one)).status,
      (await get(two)).status,
    ];
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await get(one);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('RateLimit-Policy')).toBe('3;w=60');
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
  });

  const rules300 = { publicApi: { points: 300, durationSeconds: 60 } };
  const counter = (address: string) => handles[0]!.client.get(`${prefix}:rl:publicApi:300:60:${address}`);

  it('decided ahead of the count (issue 42), two processes taking turns: far from the limit decided at once, exact at the limit, every request counted', async () => {
    const limiters = handles.map((redis) =>
      createRateLimiter({ redis, log: captureLog().log, rules: rules300 }),
    );
    let atOnce = 0;
    const decisions: RateDecision[] = [];
    for (let i = 0; i < 340; i++) {
      const d = limiters[i % 2]!.consume('publicApi', '203.0.113.7');
      if (!(d instanceof Promise)) atOnce++;
      decisions.push(await d);
    }
    expect(decisions.filter((d) => d.allowed)).toHaveLength(300);
    expect(decisions.slice(0, 300).every((d) => d.allowed)).toBe(true);
    expect(atOnce).toBeGreaterThan(200);
    await new Promise((r) => setTimeout(r, FLUSH_MS + 50));
    expect(Number(await counter('203.0.113.7'))).toBe(340);
  });

  it('far from the limit, counts go to Redis a few at a time, each within FLUSH_MS, none lost', async () => {
    const limiter = createRateLimiter({ redis: handles[0], log: captureLog().log, rules: rules300 });
    const key = `${prefix}:rl:publicApi:300:60:203.0.113.9`;
    const sent: number[] = [];
    const monitor = await handles[1]!.client.duplicate().monitor();
    monitor.on('monitor', (_time: string, argv: string[]) => {
      if (String(argv[0]).toLowerCase() === 'evalsha' && argv[3] === key) sent.push(Number(argv[4]));
    });
    await limiter.consume('publicApi', '203.0.113.9');
    let atOnce = 0;
    for (let i = 0; i < 40; i++) {
      const d = limiter.consume('publicApi', '203.0.113.9');
      if (!(d instanceof Promise)) atOnce++;
      expect((await d).allowed).toBe(true);
      // A request a millisecond: the replies of the counts sent come back in between.
      await new Promise((r) => setTimeout(r, 1));
    }
    expect(atOnce).toBe(40);
    // One request now and then, as a cached page is asked: held until FLUSH_MS, then sent.
    for (let i = 0; i < 3; i++) {
      limiter.consume('publicApi', '203.0.113.9');
      await new Promise((r) => setTimeout(r, FLUSH_MS * 3));
    }
    expect(Number(await counter('203.0.113.9'))).toBe(44);
    monitor.disconnect();
    expect(sent.some((n) => n > 1)).toBe(true);
    // The first alone, the 40 in a row four at a time (or fewer, after FLUSH_MS), the last three alone: not 44.
    expect(sent.length).toBeLessThanOrEqual(1 + 14 + 3);
  });

  it('a burst on both processes at once lets through at most MAX_AHEAD per process beyond the rule', async () => {
    const limiters = handles.map((redis) =>
      createRateLimiter({ redis, log: captureLog().log, rules: rules300 }),
    );
    // Each process has heard of the client once, 1 and 2 counted.
    for (const l of limiters) await l.consume('publicApi', '203.0.113.8');
    const pending: Array<RateDecision | Promise<RateDecision>> = [];
    for (let i = 0; i < 250; i++)
      for (const l of limiters) pending.push(l.consume('publicApi', '203.0.113.8'));
    const allowed = (await Promise.all(pending)).filter((d) => d.allowed).length + 2;
    expect(allowed).toBeGreaterThanOrEqual(300);
    expect(allowed).toBeLessThanOrEqual(300 + 2 * MAX_AHEAD);
    await new Promise((r) => setTimeout(r, FLUSH_MS + 50));
    expect(Number(await counter('203.0.113.8'))).toBe(502);
  });
});

describe.runIf(redisServerAvailable())('rate limits while Redis is down', () => {
  let server: TestRedisServer;
  let handle: RedisHandle;
  const captured = captureLog();
  beforeAll(async () => {
    server = await startRedisServer();
    handle = await connectRedis({ url: server.url, log: captured.log });
  });
  afterAll(async () => {
    await handle.close();
    await server.stop();
  });

  it('lets requests through with one warning, and counts again once Redis is back', async () => {
    const app = appWith(
      createRateLimiter({
        redis: handle,
        log: captured.log,
        rules: { publicApi: { points: 2, durationSeconds: 60 } },
      }),
    );
    expect([(await get(app)).status, (await get(app)).status, (await get(app)).status]).toEqual([
      200, 200, 429,
    ]);
    await server.stop();
    for (let i = 0; i < 50 && handle.reachable(); i++) await new Promise((r) => setTimeout(r, 20));
    const during = [];
    for (let i = 0; i < 10; i++) during.push(await get(app));
    expect(during.every((r) => r.status === 200)).toBe(true);
    expect(during[0]!.headers.get('RateLimit-Policy')).toBe('2;w=60');
    expect(captured.warnings()).toHaveLength(1);
    await server.start();
    for (let i = 0; i < 200 && !handle.reachable(); i++) await new Promise((r) => setTimeout(r, 20));
    expect([(await get(app)).status, (await get(app)).status, (await get(app)).status]).toEqual([
      200, 200, 429,
    ]);
    expect(captured.warnings()).toHaveLength(1);
  });
});
