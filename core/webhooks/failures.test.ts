import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { allMigrations, loadPlugins } from '../../cli/plugins.ts';
import { coreProcedures } from '../procedures/index.ts';
import { type RpcHarness, rpcHarness } from '../rpc/test-harness.ts';
import { captureLog } from '../testing/capture-log.ts';
import { testDatabases } from '../testing/databases.ts';
import { ids } from '../testing/fixture-space.ts';
import { type StartWebhookDeliveryArgs, startWebhookDelivery } from './delivery-worker.ts';
import { emitWebhookEvent } from './events.ts';
import type { DeliveryRunner } from './polled-delivery.ts';
import { newWebhookSecret } from './signing.ts';
import { startReceiver, type TestReceiver } from './test-receiver.ts';

const plugins = loadPlugins({ website: true });

interface Json {
  [k: string]: unknown;
}

describe.each(testDatabases())('webhook failures on $kind', ({ open }) => {
  let h: RpcHarness;
  let key: string;
  let runner: DeliveryRunner | undefined;
  let rx: TestReceiver | undefined;
  const log = captureLog();
  beforeAll(async () => {
    h = await rpcHarness({ open, procedures: coreProcedures, plugins, migrations: allMigrations(plugins) });
    key = await h.key({ role: 'owner' });
  }, 120_000);
  afterEach(async () => {
    await runner?.stop();
    await rx?.close();
    await h.db.query('delete from webhooks');
  });
  afterAll(() => h?.close());

  const start = async (args: Partial<StartWebhookDeliveryArgs>) => {
    runner = await startWebhookDelivery({
      db: h.db,
      log: log.log,
      allowPrivate: false,
      retryBaseMs: 50,
      ...args,
    });
  };
  /** A hook as saved earlier (when its name may have resolved elsewhere): straight into the table. */
  const hook = async (url: string) =>
    (
      await h.db.query<{ id: string }>(
        `insert into webhooks (space_id, url, events, secret) values ($1, $2, '{content.published}', $3) returning id::text as id`,
        [ids.space, url, newWebhookSecret()],
      )
    ).rows[0]!.id;
  const emit = () => emitWebhookEvent({ db: h.db }, ids.space, 'content.published', { id: ids.about });
  const deliveries = async (id: string, ready: (items: Array<Json & { attempts: Json[] }>) => boolean) => {
    for (let i = 0; ; i++) {
      const res = await h.call('webhooks.deliveries', { space: 'fixture', id }, key);
      const items = ((await res.json()) as { items: Array<Json & { attempts: Json[] }> }).items;
      if (ready(items) || i === 200) return items;
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  it('checks the address again when delivering: a name or address that is private now is refused, nothing sent', async () => {
    rx = await startReceiver();
    const byAddress = await hook(rx.url);
    const byName = await hook(`http://localhost:${rx.port}/hook`);
    await start({ retryDelaysMs: [60_000] });
    expect(await emit()).toBe(2);
    for (const [id, address] of [
      [byAddress, '127.0.0.1'],
      [byName, 'localhost'],
    ] as const) {
      const [one] = await deliveries(id, (items) => items[0]?.attempts.length === 1);
      expect(one!.status).toBe('pending');
      expect(one!.attempts[0]).toMatchObject({ attempt: 1, status: null });
      expect(one!.attempts[0]!.error).toMatch(/^address refused: resolves to (127\.0\.0\.1|::1), a loopback/);
      if (address === '127.0.0.1') expect(one!.attempts[0]!.error).toContain('127.0.0.1');
    }
    expect(rx.received).toEqual([]);
  });

  it('disables a hook whose every attempt of a delivery failed, says why in webhooks.list, and sends it nothing more', async () => {
    rx = await startReceiver(() => ({ status: 500, body: 'down' }));
    const id = await hook(rx.url);
    await start({ allowPrivate: true, retryDelaysMs: [50, 100] });
    expect(await emit()).toBe(1);
    const [one] = await deliveries(id, (items) => items[0]?.status === 'failed');
    expect(one!.attempts.map((a) => a.status)).toEqual([500, 500, 500]);
    expect(one!.nextAttemptAt).toBeNull();
    const list = await h.call('webhooks.list', { space: 'fixture' }, key);
    const [shown] = ((await list.json()) as { items: Json[] }).items;
    expect(shown!.disabledAt).toEqual(expect.any(String));
    expect(shown!.disabledReason).toMatch(
      /^All 3 attempts to deliver content\.published .* failed over .*; the last answered HTTP 500\.$/,
    );
    expect(
      log.lines().some((l) => l.msg === 'webhook disabled: it failed for a day' && l.webhookId === id),
    ).toBe(true);
    expect(await emit()).toBe(0);
    // Turned back on, it is sent events again.
    await h.call('webhooks.update', { space: 'fixture', id, enabled: true }, key);
    expect(await emit()).toBe(1);
  });

  it('keeps a hook that succeeded while a delivery was failing', async () => {
    // The first delivery's three attempts fail; the second delivery succeeds in between.
    rx = await startReceiver((r) => ({ status: JSON.parse(r.body).data.id === 'b' ? 200 : 500 }));
    const id = await hook(rx.url);
    await start({ allowPrivate: true, retryDelaysMs: [300, 300] });
    await emitWebhookEvent({ db: h.db }, ids.space, 'content.published', { id: 'a' });
    await emitWebhookEvent({ db: h.db }, ids.space, 'content.published', { id: 'b' });
    const items = await deliveries(id, (all) => all.some((d) => d.status === 'failed'));
    expect(items.filter((d) => d.status === 'delivered')).toHaveLength(1);
    const row = await h.db.query<{ disabled_at: Date | null }>(
      'select disabled_at from webhooks where id = $1',
      [id],
    );
    expect(row.rows[0]!.disabled_at).toBeNull();
  });
});
