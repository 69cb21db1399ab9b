import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMigrations, loadPlugins } from '../../cli/plugins.ts';
import { coreProcedures } from '../../core/procedures/index.ts';
import { type RpcHarness, rpcHarness } from '../../core/rpc/test-harness.ts';
import { testDatabases } from '../../core/testing/databases.ts';
import { ids } from '../../core/testing/fixture-space.ts';
import { verifyShareToken } from '../access/share-token.ts';
import { websiteProcedures } from './index.ts';

const plugins = loadPlugins({ website: true });
const secret = 'share-test-secret-0123456789-0123456789';

describe.each(testDatabases())('plugins.website.share.create on $kind', ({ open }) => {
  let h: RpcHarness;
  let editor: string;
  beforeAll(async () => {
    h = await rpcHarness({
      open,
      procedures: [...coreProcedures, ...websiteProcedures],
      plugins,
      migrations: allMigrations(plugins),
      instance: { authSecret: () => secret, siteOrigin: (host) => `https://${host}` },
    });
    editor = await h.key({ role: 'editor' });
  });
  afterAll(() => h?.close());

  const create = async (body: Record<string, unknown>, key = editor) => {
    const res = await h.call('plugins.website.share.create', { space: 'fixture', ...body }, key);
    return { status: res.status, body: await res.json() };
  };
  const tokenOf = (url: string) => url.split('/_cms/share/')[1];

  it('signs a whole-site link for a day by default, on the primary domain; nothing is stored', async () => {
    const before = await h.db.query('select count(*)::int as n from space_plugin_settings');
    const { status, body } = await create({});
    expect(status).toBe(200);
    expect(body.url).toMatch(/^https:\/\/fixture\.test\/_cms\/share\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    const payload = verifyShareToken(secret, tokenOf(body.url))!;
    expect(payload).toMatchObject({ s: ids.space, e: 'production' });
    expect(payload.d).toBeUndefined();
    expect(payload.x - Math.floor(Date.now() / 1000)).toBeGreaterThan(86400 - 5);
    expect(payload.x - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(86400);
    expect(Date.parse(body.expiresAt)).toBe(payload.x * 1000);
    expect((await h.db.query('select count(*)::int as n from space_plugin_settings')).rows).toEqual(
      before.rows,
    );
  });

  it('binds a document link to the document, its locale and the primary domain of that locale', async () => {
    const en = await create({ id: ids.about, lifetimeSeconds: 60 });
    expect(en.status).toBe(200);
    expect(verifyShareToken(secret, tokenOf(en.body.url))).toMatchObject({ d: ids.about, l: 'en' });
    const de = await create({ id: ids.about, locale: 'de', lifetimeSeconds: 2592000 });
    expect(de.body.url).toMatch(/^https:\/\/de\.fixture\.test\//);
    expect(verifyShareToken(secret, tokenOf(de.body.url))).toMatchObject({ d: ids.about, l: 'de' });
    // The draft-only document can be shared (that is what links are for).
    expect((await create({ id: ids.hidden })).status).toBe(200);
  });

  it.each([59, 2592001, 1.5, '3600'])(
    'refuses the lifetime %j with validation.failed',
    async (lifetimeSeconds) => {
      const { status, body } = await create({ lifetimeSeconds });
      expect(status).toBe(422);
      expect(body.error.key).toBe('validation.failed');
      expect(body.error.details[0].path).toBe('lifetimeSeconds');
    },
  );

  it('refuses an unknown document, a locale the document lacks, an unknown environment and a viewer', async () => {
    expect((await create({ id: '00000000-0000-4000-8000-00000000ffff' })).body.error.key).toBe(
      'content.notFound',
    );
    expect((await create({ id: ids.englishOnly, locale: 'de' })).body.error.key).toBe('content.notFound');
    expect((await create({ id: 'not-an-id' })).status).toBe(422);
    expect((await create({ locale: 'fr' })).status).toBe(422);
    const qa = (await create({ environment: 'qa' })).body.error;
    expect(qa.key).toBe('plugins.website.environment.notFound');
    expect(qa.details).toEqual([
      {
        key: 'validation.invalid',
        path: 'environment',
        params: { message: 'not an environment of the site' },
      },
    ]);
    const viewer = await h.key({ role: 'viewer' });
    expect((await create({}, viewer)).body.error.key).toBe('auth.forbidden');
  });

  it('writes an audit entry without the token', async () => {
    await h.db.query('delete from audit_entries');
    const { body } = await create({ id: ids.about });
    const audit = await h.db.query<{ text: string }>(
      "select row_to_json(a)::text as text from audit_entries a where action = 'plugins.website.share.create'",
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]!.text).not.toContain(tokenOf(body.url)!.split('.')[1]);
    expect(audit.rows[0]!.text).toContain(ids.about);
  });
});
