import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis } from '../../redis/connection.ts';
import { captureLog } from '../../testing/capture-log.ts';
import { serviceUrl } from '../../testing/require-service.ts';
import { memoryCache } from '../memory-cache.ts';
import type { TaggedCache } from '../tagged-cache.ts';
import { shortTag } from './edge-headers.ts';
import { cloudflarePurger, fastlyPurger } from './edge-purgers.ts';
import { forwardPurges } from './edge-purges.ts';
import { edgeStatusOf } from './edge-status.ts';

// Purges forwarded to Fastly's and Cloudflare's purge APIs, as their public docs define the requests, checked
// against a local HTTP server that records what it gets and can fail on purpose.

interface Received {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

let server: Server;
let base: string;
const received: Received[] = [];
/** Status codes to answer the next requests with (then 200). */
let failures: number[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const status = failures.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: status === 200 ? 'ok' : 'error', success: status === 200 }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const caches: TaggedCache[] = [];
afterEach(async () => {
  received.length = 0;
  failures = [];
  for (const c of caches.splice(0)) await c.close();
});

const until = async (check: () => boolean | Promise<boolean>, ms = 5000) => {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

const TOKEN = 'secret-token-0123456789';

describe('purges forwarded to Fastly', () => {
  it('POSTs the keys in Surrogate-Key with Fastly-Key, every tag as it is and in its short form', async () => {
    const cache = forwardPurges(memoryCache({ defaultTtlSeconds: 60 }), {
      purger: fastlyPurger({ serviceId: 'svc 1', token: TOKEN, apiUrl: base }),
      log: captureLog().log,
    });
    caches.push(cache);
    await cache.purgeTags(['doc:a', 'lists:s']);
    expect(received).toHaveLength(1);
    const [req] = received;
    expect(req!.method).toBe('POST');
    expect(req!.url).toBe('/service/svc%201/purge');
    expect(req!.headers['fastly-key']).toBe(TOKEN);
    expect(String(req!.headers['surrogate-key']).split(' ').sort()).toEqual(
      ['doc:a', 'lists:s', shortTag('doc:a'), shortTag('lists:s')].sort(),
    );
  });

  it('sends at most 256 keys per call', async () => {
    const cache = forwardPurges(memoryCache({ defaultTtlSeconds: 60 }), {
      purger: fastlyPurger({ serviceId: 'svc', token: TOKEN, apiUrl: base }),
      log: captureLog().log,
    });
    caches.push(cache);
    await cache.purgeTags(Array.from({ length: 200 }, (_, i) => `doc:${i}`));
    expect(received.map((r) => String(r.headers['surrogate-key']).split(' ').length)).toEqual([256, 144]);
  });

  it('retries after a 500 with backoff; the purge itself never fails; /readyz sees the failure, then ok', async () => {
    const log = captureLog();
    const cache = forwardPurges(memoryCache({ defaultTtlSeconds: 60 }), {
      purger: fastlyPurger({ serviceId: 'svc', token: TOKEN, apiUrl: base }),
      log: log.log,
      backoffMs: 50,
      waitMs: 1000,
    });
    caches.push(cache);
    failures = [500, 500];
    await cache.purgeTags(['doc:x']);
    const status = edgeStatusOf(cache)!;
    expect(await status()).toMatchObject({ kind: 'fastly', status: 'failing', pending: 1 });
    await until(() => received.length === 3);
    await until(async () => (await status()).status === 'ok');
    expect(await status()).toMatchObject({ status: 'ok', pending: 0, lastError: 'fastly: HTTP 500' });
    const warnings = log.warnings();
    expect(warnings[0]).toMatchObject({ msg: 'edge purge failed; it is retried', tags: ['doc:x'] });
    expect(log.text()).not.toContain(TOKEN);
  });
});

describe('purges forwarded to Cloudflare', () => {
  it('POSTs {"tags": [...]} to purge_cache with a bearer token, 30 tags per call', async () => {
    const cache = forwardPurges(memoryCache({ defaultTtlSeconds: 60 }), {
      purger: cloudflarePurger({ zoneId: 'zone1', token: TOKEN, apiUrl: `${base}/client/v4` }),
      log: captureLog().log,
    });
    caches.push(cache);
    await cache.purgeTags(Array.from({ length: 20 }, (_, i) => `doc:${i}`));
    expect(received).toHaveLength(2);
    for (const req of received) {
      expect(req.method).toBe('POST');
      expect(req.url).toBe('/client/v4/zones/zone1/purge_cache');
      expect(req.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(req.headers['content-type']).toBe('application/json');
    }
    const tags = received.flatMap((r) => (JSON.parse(r.body) as { tags: string[] }).tags);
    expect(received.map((r) => (JSON.parse(r.body) as { tags: string[] }).tags.length)).toEqual([30, 10]);
    expect(tags).toContain('doc:7');
    expect(tags).toContain(shortTag('doc:7'));
  });

  it('gives up after its retries and logs the tags it could not purge', async () => {
    const log = captureLog();
    const cache = forwardPurges(memoryCache({ defaultTtlSeconds: 60 }), {
      purger: cloudflarePurger({ zoneId: 'z', token: TOKEN, apiUrl: base }),
      log: log.log,
      retries: 2,
      backoffMs: 20,
      waitMs: 100,
    });
    caches.push(cache);
    failures = [500, 500, 500, 500];
    await cache.purgeTags(['design:s']);
    await until(() => log.lines().some((l) => l.level === 50));
    const error = log.lines().find((l) => l.level === 50)!;
    expect(error).toMatchObject({ edge: 'cloudflare', tags: ['design:s'], err: 'cloudflare: HTTP 500' });
    expect(received).toHaveLength(3);
    expect(await edgeStatusOf(cache)!()).toMatchObject({ status: 'failing', pending: 0 });
  });
});

const redisUrl = serviceUrl('REDIS_URL');
describe.skipIf(!redisUrl)('retries through the job queue (Redis)', () => {
  it('a failed purge is retried by the bullmq worker until the edge takes it', async () => {
    const log = captureLog();
    const redis = await connectRedis({ url: redisUrl!, log: log.log, prefix: `edge-test-${Date.now()}` });
    const cache = forwardPurges(memoryCache({ defaultTtlSeconds: 60 }), {
      purger: fastlyPurger({ serviceId: 'svc', token: TOKEN, apiUrl: base }),
      log: log.log,
      redis,
      backoffMs: 50,
      waitMs: 500,
    });
    try {
      failures = [500, 503];
      await cache.purgeTags(['doc:q']);
      await until(() => received.length === 3, 15_000);
      await until(async () => (await edgeStatusOf(cache)!()).status === 'ok', 5000);
      expect(received.every((r) => String(r.headers['surrogate-key']).includes('doc:q'))).toBe(true);
    } finally {
      await cache.close();
      await redis.close();
    }
  }, 30_000);

  it('every process reports the edge as it is: a success elsewhere clears a failure here', async () => {
    const log = captureLog();
    const prefix = `edge-status-${Date.now()}`;
    const redisA = await connectRedis({ url: redisUrl!, log: log.log, prefix });
    const redisB = await connectRedis({ url: redisUrl!, log: log.log, prefix });
    const purger = fastlyPurger({ serviceId: 'svc', token: TOKEN, apiUrl: base });
    // No retries: only the other process's next purge can tell this one that the edge is back.
    const a = forwardPurges(memoryCache({ defaultTtlSeconds: 60 }), {
      purger,
      log: log.log,
      redis: redisA,
      retries: 0,
    });
    const b = forwardPurges(memoryCache({ defaultTtlSeconds: 60 }), {
      purger,
      log: log.log,
      redis: redisB,
      retries: 0,
    });
    try {
      // The edge is down until the list is emptied (the retry job fails as well meanwhile).
      failures = Array(50).fill(503);
      await a.purgeTags(['doc:down']);
      await until(async () => (await edgeStatusOf(b)!()).status === 'failing', 5000);
      expect((await edgeStatusOf(a)!()).status).toBe('failing');
      // The queued retry of doc:down fails too, and is the last failure: were it still on its way when the edge
      // comes back, its failure would be newer than b's success below (CI, under load).
      await until(
        async () => log.lines().some((l) => l.msg.startsWith('edge purge failed for good')),
        10_000,
      );
      failures = [];
      await b.purgeTags(['doc:back']);
      await until(async () => (await edgeStatusOf(a)!()).status === 'ok', 5000);
      expect(await edgeStatusOf(b)!()).toMatchObject({ status: 'ok' });
    } finally {
      await a.close();
      await b.close();
      await redisA.close();
      await redisB.close();
    }
  }, 30_000);
});
