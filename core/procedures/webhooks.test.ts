import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMigrations, loadPlugins } from '../../cli/plugins.ts';
import { type RpcHarness, rpcHarness } from '../rpc/test-harness.ts';
import { testDatabases } from '../testing/databases.ts';
import { coreProcedures } from './index.ts';

const plugins = loadPlugins({ website: true });

interface Json {
  [k: string]: unknown;
}

describe.each(testDatabases())('webhooks.* procedures on $kind', ({ open }) => {
  let h: RpcHarness;
  let owner: string;
  // The instance's WEBHOOK_ALLOW_PRIVATE, switched by the tests (the routes keep this object).
  const instance = {
    authSecret: () => 'a'.repeat(32),
    siteOrigin: (x: string) => x,
    allowPrivateWebhooks: false,
  };
  beforeAll(async () => {
    h = await rpcHarness({
      open,
      procedures: coreProcedures,
      plugins,
      migrations: allMigrations(plugins),
      instance,
    });
    owner = await h.key({ role: 'owner' });
  }, 120_000);
  afterAll(() => h?.close());

  const call = async (name: string, body: Json, key = owner) => {
    const res = await h.call(name, { space: 'fixture', ...body }, key);
    return { status: res.status, body: (await res.json()) as Json & { error: Json & { details: Json[] } } };
  };
  const stored = async () =>
    (await h.db.query<{ url: string }>('select url from webhooks order by url')).rows;

  it('need webhooks:manage: owners and admins hold it, editors and viewers do not, nor a key limited to others', async () => {
    const admin = await h.key({ role: 'admin' });
    const editor = await h.key({ role: 'editor' });
    const viewer = await h.key({ role: 'viewer' });
    const limited = await h.key({
      role: 'owner',
      permissions: ['space:read', 'space:write', 'website:code'],
    });
    expect((await call('webhooks.list', {}, admin)).status).toBe(200);
    const id = '00000000-0000-4000-8000-000000000001';
    const inputs: Array<[string, Json]> = [
      ['webhooks.list', {}],
      ['webhooks.create', { url: 'http://127.0.0.1:9/', events: ['content.published'] }],
      ['webhooks.update', { id, description: 'x' }],
      ['webhooks.delete', { id }],
      ['webhooks.deliveries', { id }],
    ];
    for (const key of [editor, viewer, limited]) {
      for (const [name, input] of inputs) {
        const res = await call(name, input, key);
        expect(res.status, name).toBe(403);
        expect(res.body.error.message).toContain('webhooks:manage');
      }
    }
    expect(await stored()).toEqual([]);
  });

  it('refuses loopback, private and link-local addresses with 422 unless WEBHOOK_ALLOW_PRIVATE, storing nothing', async () => {
    const refused = [
      'http://127.0.0.1:9/hook',
      'http://[::1]:9/hook',
      'http://10.1.2.3/hook',
      'http://192.168.0.10/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[fe80::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://0.0.0.0:9/',
      'http://localhost:9/hook',
    ];
    for (const url of refused) {
      const res = await call('webhooks.create', { url, events: ['content.published'] });
      expect(res.status, url).toBe(422);
      expect(res.body.error.key).toBe('webhook.addressRefused');
      expect(res.body.error.details[0]).toMatchObject({ key: 'webhook.addressRefused', path: 'url' });
    }
    expect(await stored()).toEqual([]);
    instance.allowPrivateWebhooks = true;
    try {
      const ok = await call('webhooks.create', {
        url: 'http://localhost:9/hook',
        events: ['content.published'],
      });
      expect(ok.status).toBe(200);
      instance.allowPrivateWebhooks = false;
      // A change of address is checked as a new one.
      const moved = await call('webhooks.update', { id: ok.body.id, url: 'http://10.0.0.1/hook' });
      expect(moved.status).toBe(422);
      expect(moved.body.error.key).toBe('webhook.addressRefused');
      expect(await stored()).toEqual([{ url: 'http://localhost:9/hook' }]);
      await call('webhooks.delete', { id: ok.body.id });
    } finally {
      instance.allowPrivateWebhooks = false;
    }
  });

  it('refuses addresses that are not http(s), carry credentials, and unknown or no events', async () => {
    const bad: Array<[Json, string]> = [
      [{ url: 'ftp://example.com/', events: ['content.published'] }, 'url'],
      [{ url: 'https://user:pw@example.com/', events: ['content.published'] }, 'url'],
      [{ url: 'not a url', events: ['content.published'] }, 'url'],
      [{ url: 'https://example.com/', events: [] }, 'events'],
      [{ url: 'https://example.com/', events: ['content.exploded'] }, 'events.0'],
    ];
    for (const [input, path] of bad) {
      const res = await call('webhooks.create', input);
      expect(res.status).toBe(422);
      expect(res.body.error.key).toBe('validation.failed');
      expect(res.body.error.details[0]!.path).toBe(path);
    }
    expect(await stored()).toEqual([]);
  });

  it('creates with a secret shown once, lists, updates, turns off and on, deletes', async () => {
    instance.allowPrivateWebhooks = true;
    try {
      const created = await call('webhooks.create', {
        url: 'http://127.0.0.1:9/a',
        events: ['content.published', 'content.published', 'assets.changed'],
        description: 'search index',
      });
      expect(created.status).toBe(200);
      const secret = created.body.secret as string;
      expect(created.body).toMatchObject({
        url: 'http://127.0.0.1:9/a',
        events: ['content.published', 'assets.changed'],
        description: 'search index',
        disabledAt: null,
        disabledReason: null,
        lastSuccessAt: null,
      });
      const list = await call('webhooks.list', {});
      const { secret: _shownOnce, ...shown } = created.body;
      expect(list.body.items).toEqual([shown]);
      expect(JSON.stringify(list.body)).not.toContain(secret.slice(6));
      const audit = await h.db.query<{ details: unknown }>(
        `select details from audit_entries where action like 'webhooks.%'`,
      );
      expect(JSON.stringify(audit.rows)).not.toContain(secret.slice(6));

      const id = created.body.id;
      const updated = await call('webhooks.update', { id, events: ['designs.published'], description: '' });
      expect(updated.body).toMatchObject({
        events: ['designs.published'],
        description: '',
        url: 'http://127.0.0.1:9/a',
      });
      const off = await call('webhooks.update', { id, enabled: false });
      expect(off.body.disabledAt).toEqual(expect.any(String));
      expect(off.body.disabledReason).toBe('Turned off by webhooks.update.');
      const on = await call('webhooks.update', { id, enabled: true });
      expect(on.body).toMatchObject({ disabledAt: null, disabledReason: null });
      expect((await call('webhooks.deliveries', { id })).body).toEqual({ items: [], nextCursor: null });

      expect((await call('webhooks.delete', { id })).body).toEqual({ id, deleted: true });
      for (const name of ['webhooks.delete', 'webhooks.deliveries']) {
        const res = await call(name, { id });
        expect(res.status).toBe(404);
        expect(res.body.error.key).toBe('webhook.notFound');
      }
      expect((await call('webhooks.update', { id, description: 'x' })).status).toBe(404);
    } finally {
      instance.allowPrivateWebhooks = false;
    }
  });

  it('records content.draftSaved for create and update, and content.deleted with what the document was', async () => {
    instance.allowPrivateWebhooks = true;
    const hook = await call('webhooks.create', {
      url: 'http://127.0.0.1:9/authoring',
      events: ['content.draftSaved', 'content.deleted'],
    });
    instance.allowPrivateWebhooks = false;
    expect(hook.status).toBe(200);
    const created = await call('content.create', { type: 'page', locale: 'en', title: 'Hooked', fields: {} });
    expect(created.status).toBe(200);
    const id = created.body.id as string;
    const updated = await call('content.update', {
      id,
      locale: 'en',
      revision: created.body.revision,
      title: 'Hooked again',
    });
    expect(updated.status).toBe(200);
    expect((await call('content.delete', { id })).status).toBe(200);
    const sent = await h.db.query<{ event: string; body: { type: string; data: Json } }>(
      `select event, body::jsonb as body from webhook_deliveries where webhook_id = $1 order by created_at, id`,
      [hook.body.id],
    );
    expect(sent.rows.map((r) => r.event)).toEqual([
      'content.draftSaved',
      'content.draftSaved',
      'content.deleted',
    ]);
    expect(sent.rows[0]!.body.data).toMatchObject({ id, type: 'page', locale: 'en' });
    expect(sent.rows[2]!.body).toMatchObject({
      type: 'content.deleted',
      data: { id, type: 'page', locales: [] },
    });
    await call('webhooks.delete', { id: hook.body.id });
  });
});
