import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustedProxies } from '../net/trusted-proxies.ts';
import { connectRedis, type RedisHandle } from '../redis/connection.ts';
import { captureLog } from '../testing/capture-log.ts';
import { serviceUrl } from '../testing/require-service.ts';
import { incomingAddressOf, rateLimit } from './middleware.ts';
import { createRateLimiter, type RateLimiter } from './rate-limiter.ts';

describe('incomingAddressOf', () => {
  it('is the client address of each request on a connection, as its forwarding headers say, however they change', () => {
    const addressOf = incomingAddressOf(parseTrustedProxies('10.0.0.0/8'));
    const proxy = { remoteAddress: '10.1.2.3' };
    const direct = { remoteAddress: '203.0.113.9' };
    const on = (socket: object, headers: Record<string, string | string[] | undefined>) =>
      addressOf({ socket, headers } as never);
    expect(on(proxy, { 'x-forwarded-for': '198.51.100.1' })).toBe('198.51.100.1');
    expect(on(proxy, { 'x-forwarded-for': '198.51.100.1' })).toBe('198.51.100.1');
    expect(on(proxy, { 'x-forwarded-for': '198.51.100.2' })).toBe('198.51.100.2');
    expect(on(proxy, {})).toBe('10.1.2.3');
    expect(on(proxy, { 'x-real-ip': '198.51.100.3' })).toBe('198.51.100.3');
    expect(on(proxy, { 'x-forwarded-for': ['198.51.100.4', '198.51.100.5'] })).toBe('198.51.100.5');
    // Not a trusted proxy: its headers are not believed.
    expect(on(direct, { 'x-forwarded-for': '198.51.100.1' })).toBe('203.0.113.9');
  });
});

describe.runIf(serviceUrl('REDIS_URL'))('rateLimit counted in Redis', () => {
  let redis: RedisHandle;
  const log = captureLog();
  beforeAll(async () => {
    redis = await connectRedis({
      url: serviceUrl('REDIS_URL')!,
      log: log.log,
      prefix: `verso-test-rl-${randomBytes(4).toString('hex')}`,
    });
  });
  afterAll(() => redis.close());

  let apps = 0;
  /** An app with two requests a minute: what its routes ran, and when the Redis decisions came. */
  function app() {
    // A window of its own length is a counter of its own (the key names the rule).
    apps += 1;
    const limiter = createRateLimiter({
      redis,
      log: log.log,
      rules: { sitePages: { points: 2, durationSeconds: 60 + apps } },
    });
    const runs: string[] = [];
    const decided: number[] = [];
    const started: number[] = [];
    const timed: RateLimiter = {
      consume(...a) {
        const decision = limiter.consume(...a);
        if (decision instanceof Promise) void decision.then(() => decided.push(performance.now()));
        return decision;
      },
    };
    const hono = new Hono();
    hono.use(requestId());
    hono.use(rateLimit({ limiter: timed, rule: 'sitePages', trustedProxies: undefined }));
    hono.get('/page', async (c) => {
      started.push(performance.now());
      runs.push('GET');
      c.header('ETag', 'W/"page"');
      c.header('Cache-Control', 'public, max-age=60');
      await new Promise((r) => setTimeout(r, 5));
      return c.text('the page');
    });
    hono.post('/form', (c) => {
      runs.push('POST');
      return c.text('posted');
    });
    return { hono, runs, decided, started };
  }

  it('runs a GET while its count is on its way to Redis, and answers it with the rate headers', async () => {
    const { hono, decided, started } = app();
    const res = await hono.request('/page');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('the page');
    expect(res.headers.get('RateLimit')).toMatch(/remaining=1/);
    expect(res.headers.get('RateLimit-Policy')).toBeTruthy();
    expect(started[0]!).toBeLessThan(decided[0]!);
  });

  it('refused, drops the answer of the GET it ran for a 429 with none of its headers', async () => {
    const { hono, runs } = app();
    await hono.request('/page');
    await hono.request('/page');
    const refused = await hono.request('/page');
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { key: string } }).error.key).toBe('rateLimit.exceeded');
    expect(refused.headers.get('Cache-Control')).toBe('no-store');
    expect(refused.headers.get('ETag')).toBeNull();
    expect(refused.headers.get('Content-Type')).toBe('application/json');
    expect(refused.headers.get('Retry-After')).toBeTruthy();
    expect(refused.headers.get('X-Request-Id')).toBeTruthy();
    expect(runs).toEqual(['GET', 'GET', 'GET']);
    // Refused lately: the next ones wait for their decision, and the route does not run.
    expect((await hono.request('/page')).status).toBe(429);
    expect((await hono.request('/form', { method: 'POST' })).status).toBe(429);
    expect(runs).toEqual(['GET', 'GET', 'GET']);
  });

  it('never runs a POST before its decision', async () => {
    const { hono, runs } = app();
    expect((await hono.request('/form', { method: 'POST' })).status).toBe(200);
    expect((await hono.request('/form', { method: 'POST' })).status).toBe(200);
    expect((await hono.request('/form', { method: 'POST' })).status).toBe(429);
    expect(runs).toEqual(['POST', 'POST']);
  });
});
