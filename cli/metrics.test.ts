import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceUrl } from '../core/testing/require-service.ts';
import { type FixtureStack, fixtureStack, type StackProcess } from './testing/fixture-stack.ts';

// `GET /metrics` (scope `metrics`, METRICS_ALLOWED_IPS) on real `verso serve` processes sharing PostgreSQL
// and Redis: what a request, a cached answer, a render, a purge and a rate refusal leave in the figures.

const databaseUrl = serviceUrl('DATABASE_URL');
const redisUrl = serviceUrl('REDIS_URL');
const OUTSIDER = '203.0.113.9';

let stack: FixtureStack;
let site: StackProcess;
let api: StackProcess;
let management: StackProcess;
let key: string;

/** A sample's value by its name and labels as Prometheus writes them, e.g. `x_total{kind="page",status="200"}`. */
function sample(text: string, name: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

async function metricsOf(proc: StackProcess): Promise<string> {
  const res = await fetch(`${proc.url}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  expect(res.headers.get('cache-control')).toBe('no-store');
  return res.text();
}

/** A site request with its own Host header (fetch keeps the URL's). */
function page(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; type: string; cacheControl: string | undefined; body: string }> {
  const url = new URL(site.url);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path, headers: { host: 'fixture.test', ...headers } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers['content-type']),
            cacheControl: res.headers['cache-control'],
            body,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe.skipIf(!databaseUrl || !redisUrl)('metrics', () => {
  beforeAll(async () => {
    stack = await fixtureStack(databaseUrl!, {
      REDIS_URL: redisUrl!,
      REDIS_KEY_PREFIX: `metrics-${randomUUID().slice(0, 8)}`,
      // Behind a proxy at 127.0.0.1: the forwarded address is the client's, so a test can be an outsider.
      TRUSTED_PROXIES: '127.0.0.1',
      METRICS_ALLOWED_IPS: '127.0.0.1, ::1',
    });
    key = await stack.createKey();
    [site, api, management] = await Promise.all([
      stack.serve('website', { SCOPES: 'media,metrics' }),
      stack.serve('public', { PUBLIC_SPACE: 'fixture', SCOPES: 'graphql,media,metrics' }),
      stack.serve('management', { SCOPES: 'rpc,auth,metrics' }),
    ]);
  }, 240_000);

  afterAll(async () => {
    await stack?.stop();
  }, 60_000);

  it('counts pages by status, the replayed answer as a hit, the render, the pool and Redis', async () => {
    expect((await page('/')).status).toBe(200);
    expect((await page('/')).status).toBe(200);
    expect((await page('/no-such-page')).status).toBe(404);
    const text = await metricsOf(site);
    expect(sample(text, 'verso_http_requests_total{kind="page",status="200"}')).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'verso_http_requests_total{kind="page",status="404"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'verso_http_request_duration_seconds_count{kind="page"}')).toBeGreaterThanOrEqual(3);
    // The second `/` was replayed in front of Hono; the first went through the slow path.
    expect(sample(text, 'verso_cache_lookups_total{tier="answer",result="hit"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'verso_cache_lookups_total{tier="answer",result="miss"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'verso_cache_lookups_total{tier="front",result="miss"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'verso_page_render_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'verso_db_pool_connections{state="max"}')).toBe(10);
    expect(sample(text, 'verso_redis_up')).toBe(1);
    expect(sample(text, 'verso_process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('counts REST answers on the public process', async () => {
    const computed = 'verso_cache_lookups_total{tier="redis",result="miss"}';
    const before = sample(await metricsOf(api), computed) ?? 0;
    expect((await fetch(`${api.url}/v1/content?type=page`)).status).toBeLessThan(500);
    const text = await metricsOf(api);
    expect(text).toMatch(/^verso_http_requests_total\{kind="rest",status="\d{3}"\} [1-9]/m);
    // A new address is computed from the database: a `redis` miss, although Redis was not asked (no process wrote
    // the key, core/cache/written-keys.ts).
    expect(sample(text, computed)).toBeGreaterThan(before);
  });

  it('counts a purge sent by management and received by the other processes, with its delay', async () => {
    const before = sample(await metricsOf(site), 'verso_purges_received_total') ?? 0;
    const res = await fetch(`${management.url}/rpc/redirects.create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ space: 'fixture', locale: 'en', fromPath: '/old-metrics', toPath: '/' }),
    });
    expect(res.status).toBe(200);
    const sent = await metricsOf(management);
    expect(sample(sent, 'verso_purges_sent_total')).toBeGreaterThanOrEqual(1);
    expect(sample(sent, 'verso_purge_wait_seconds_count')).toBeGreaterThanOrEqual(1);
    // The purge returned after every process had applied it (purge-acks.ts), so it is counted already.
    const received = await metricsOf(site);
    expect(sample(received, 'verso_purges_received_total')).toBe(before + 1);
    expect(sample(received, 'verso_purge_delay_seconds_count')).toBe(before + 1);
  });

  it('counts rate-limit refusals by rule', async () => {
    const outsider = { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7' };
    let refused = 0;
    for (let i = 0; i < 12; i++) {
      const res = await fetch(`${management.url}/auth/session`, {
        method: 'POST',
        headers: outsider,
        body: JSON.stringify({ key: 'vso_not_a_key' }),
      });
      if (res.status === 429) refused++;
    }
    expect(refused).toBeGreaterThan(0);
    const text = await metricsOf(management);
    expect(sample(text, 'verso_rate_limit_refusals_total{rule="signIn"}')).toBe(refused);
  });

  it('is not there for an address outside METRICS_ALLOWED_IPS: 404, or the site page of that path', async () => {
    const outsider = { 'x-forwarded-for': OUTSIDER };
    const onApi = await fetch(`${api.url}/metrics`, { headers: outsider });
    expect(onApi.status).toBe(404);
    // Not kept by a cache in front, which would hand the refusal to the allowed scraper.
    expect(onApi.headers.get('cache-control')).toBe('no-store');
    expect(((await onApi.json()) as { error: { key: string } }).error.key).toBe('route.notFound');
    const onSite = await page('/metrics', outsider);
    expect(onSite.status).toBe(404);
    expect(onSite.cacheControl).toBe('no-store');
    expect(onSite.type).toContain('text/html');
    expect(onSite.body).not.toContain('verso_http_requests_total');
  });

  it('is not mounted without the scope', async () => {
    const plain = await stack.serve('public', { PUBLIC_SPACE: 'fixture' });
    try {
      expect((await fetch(`${plain.url}/metrics`)).status).toBe(404);
    } finally {
      await plain.stop();
    }
  });
});
