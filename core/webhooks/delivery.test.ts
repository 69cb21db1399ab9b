import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMigrations, loadPlugins } from '../../cli/plugins.ts';
import { allProcedures } from '../../cli/procedures.ts';
import { connectRedis, type RedisHandle } from '../redis/connection.ts';
import { type RpcHarness, rpcHarness } from '../rpc/test-harness.ts';
import { captureLog } from '../testing/capture-log.ts';
import { testDatabases } from '../testing/databases.ts';
import { ids } from '../testing/fixture-space.ts';
import { serviceUrl } from '../testing/require-service.ts';
import { startWebhookDelivery } from './delivery-worker.ts';
import type { DeliveryRunner } from './polled-delivery.ts';
import { startReceiver, type TestReceiver } from './test-receiver.ts';

const plugins = loadPlugins({ website: true });
const redisUrl = serviceUrl('REDIS_URL');
const dbs = testDatabases();
const modes = [
  ...dbs.map((d) => ({ name: `${d.kind}, database polled`, open: d.open, withRedis: false })),
  ...(redisUrl
    ? [{ name: `${dbs.at(-1)!.kind}, bullmq on Redis`, open: dbs.at(-1)!.open, withRedis: true }]
    : []),
];
const instance = {
  authSecret: () => 'a'.repeat(32),
  siteOrigin: (host: string) => `http://${host}`,
  allowPrivateWebhooks: true,
};
/** The test schedule: the real factors (5 s → 250 ms), so retries come after 250, 1500 and 6000 ms. */
const retryBaseMs = 250;

interface Json {
  [k: string]: unknown;
}

describe.each(modes)('webhook delivery ($name)', ({ open, withRedis }) => {
  let h: RpcHarness;
  let key: string;
  let redis: RedisHandle | undefined;
  let runner: DeliveryRunner;
  const receivers: TestReceiver[] = [];
  const log = captureLog();

  beforeAll(async () => {
    h = await rpcHarness({
      open,
      procedures: allProcedures(plugins),
      plugins,
      migrations: allMigrations(plugins),
      instance,
    });
    key = await h.key({ role: 'owner' });
    if (withRedis) {
      const prefix = `verso-test-${randomBytes(4).toString('hex')}`;
      redis = await connectRedis({ url: redisUrl!, log: log.log, prefix });
    }
    runner = await startWebhookDelivery({ db: h.db, log: log.log, redis, allowPrivate: true, retryBaseMs });
  }, 120_000);
  afterAll(async () => {
    await runner?.stop();
    for (const r of receivers) await r.close();
    if (redis) {
      const keys = await redis.client.keys(`${redis.prefix}:*`);
      if (keys.length) await redis.client.del(...keys);
      await redis.close();
    }
    await h?.close();
  });

  const call = async (name: string, body: Json) => {
    const res = await h.call(name, { space: 'fixture', ...body }, key);
    return { status: res.status, body: (await res.json()) as Json };
  };
  /** The hook's deliveries once `ready` holds of them (the receiver has its request before the attempt is recorded). */
  const deliveriesOf = async (id: unknown, ready: (items: Array<Json & { attempts: Json[] }>) => boolean) => {
    for (let i = 0; ; i++) {
      const res = await call('webhooks.deliveries', { id });
      const items = res.body.items as Array<Json & { attempts: Json[] }>;
      if (ready(items) || i === 100) return items;
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const receiver = async (...args: Parameters<typeof startReceiver>) => {
    const r = await startReceiver(...args);
    receivers.push(r);
    return r;
  };

  it('sends content.published to a loopback receiver within 1 s of the answer, verified by standardwebhooks', async () => {
    const rx = await receiver();
    const created = await call('webhooks.create', { url: rx.url, events: ['content.published'] });
    expect(created.status).toBe(200);
    const secret = created.body.secret as string;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const published = await call('content.publish', { id: ids.about, locale: 'en' });
    expect(published.status).toBe(200);
    const answeredAt = Date.now();
    const [got] = await rx.waitFor(1, 5_000);
    expect(got!.at - answeredAt).toBeLessThan(1000);
    const headers = Object.fromEntries(
      ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((n) => [n, String(got!.headers[n])]),
    );
    const verified = new Webhook(secret).verify(got!.body, headers) as Json;
    expect(verified).toMatchObject({
      type: 'content.published',
      data: { id: ids.about, type: 'page', locale: 'en', permalinks: { en: 'about' } },
    });
    expect((verified.data as { locales: string[] }).locales).toContain('en');
    // A body changed in transit, or another hook's secret, does not verify.
    expect(() => new Webhook(secret).verify(got!.body.replace('about', 'abuot'), headers)).toThrow();
    const [one] = await deliveriesOf(created.body.id, (items) => items[0]?.status === 'delivered');
    expect(one).toMatchObject({ id: headers['webhook-id'], event: 'content.published', status: 'delivered' });
    expect(one!.attempts).toEqual([
      expect.objectContaining({
        attempt: 1,
        status: 204,
        error: null,
        body: '',
        durationMs: expect.any(Number),
      }),
    ]);
    await call('webhooks.delete', { id: created.body.id });
  });

  it('retries a receiver answering 500 with growing waits, and records every attempt', async () => {
    const rx = await receiver(() => ({ status: 500, body: 'x'.repeat(3000) }));
    const created = await call('webhooks.create', { url: rx.url, events: ['content.unpublished'] });
    const res = await call('content.unpublish', { id: ids.about, locale: 'en' });
    expect(res.status).toBe(200);
    const got = await rx.waitFor(4, 20_000);
    // Every attempt carries the same message id, signed anew.
    expect(new Set(got.map((g) => g.headers['webhook-id'])).size).toBe(1);
    const gaps = got.slice(1).map((g, i) => g.at - got[i]!.at);
    const expected = [1, 6, 24].map((f) => f * retryBaseMs);
    gaps.forEach((gap, i) => {
      expect(gap).toBeGreaterThanOrEqual(expected[i]! - 20);
      // Late by at most 1.5 s (a loaded two-core machine; the polled sender also looks every second).
      expect(gap).toBeLessThan(expected[i]! + 1500);
    });
    expect(gaps[1]!).toBeGreaterThan(gaps[0]!);
    expect(gaps[2]!).toBeGreaterThan(gaps[1]!);
    const [one] = await deliveriesOf(created.body.id, (items) => (items[0]?.attempts.length ?? 0) >= 4);
    expect(one!.status).toBe('pending');
    // With Redis the retries are bullmq jobs: the next one waits in the queue's delayed set (queued just after
    // the attempt is recorded).
    if (redis) {
      const delayed = `${redis.prefix}:jobs:webhooks:delayed`;
      for (let i = 0; i < 100 && (await redis.client.zcard(delayed)) === 0; i++)
        await new Promise((r) => setTimeout(r, 20));
      expect(await redis.client.zcard(delayed)).toBe(1);
    }
    expect(one!.nextAttemptAt).toEqual(expect.any(String));
    expect(one!.attempts.length).toBeGreaterThanOrEqual(4);
    for (const [i, a] of one!.attempts.entries()) {
      expect(a).toMatchObject({ attempt: i + 1, status: 500, error: null });
      expect(a.body).toBe('x'.repeat(1024));
      expect(Date.parse(a.at as string)).toBeGreaterThan(Date.now() - 60_000);
    }
    expect((one!.payload as Json).data).toMatchObject({
      id: ids.about,
      locale: 'en',
      // The page alone is taken down; its child stops being delivered with it (content.unpublish).
      unpublished: [ids.about],
      hidden: [ids.team],
    });
    await call('webhooks.delete', { id: created.body.id });
  }, 30_000);

  it('sends designs.published with the new revision', async () => {
    const rx = await receiver();
    const created = await call('webhooks.create', { url: rx.url, events: ['designs.published'] });
    const res = await call('designs.publishAll', {});
    expect(res.status).toBe(200);
    const [got] = await rx.waitFor(1, 5_000);
    const verified = new Webhook(created.body.secret as string).verify(
      got!.body,
      got!.headers as Record<string, string>,
    ) as Json;
    expect(verified).toMatchObject({ type: 'designs.published', data: { revision: res.body.revision } });
    await call('webhooks.delete', { id: created.body.id });
  });
});
