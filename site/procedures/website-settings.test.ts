import argon2 from 'argon2';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { allMigrations, loadPlugins } from '../../cli/plugins.ts';
import { coreProcedures } from '../../core/procedures/index.ts';
import { type RpcHarness, rpcHarness } from '../../core/rpc/test-harness.ts';
import { testDatabases } from '../../core/testing/databases.ts';
import { ids } from '../../core/testing/fixture-space.ts';
import { websiteProcedures } from './index.ts';

const plugins = loadPlugins({ website: true });
const password = 'correct horse battery';

describe.each(testDatabases())('plugins.website.settings.* on $kind', ({ open }) => {
  let h: RpcHarness;
  let editor: string;
  let admin: string;
  beforeAll(async () => {
    h = await rpcHarness({
      open,
      procedures: [...coreProcedures, ...websiteProcedures],
      plugins,
      migrations: allMigrations(plugins),
    });
    editor = await h.key({ role: 'editor' });
    admin = await h.key({ role: 'admin' });
  });
  afterAll(() => h.close());
  beforeEach(() => {
    h.cache.takePurged();
  });

  const call = async (
    body: Record<string, unknown>,
    key = editor,
  ): Promise<{ status: number; body: any }> => {
    const res = await h.call(
      body.get ? 'plugins.website.settings.get' : 'plugins.website.settings.set',
      { space: 'fixture', ...body, get: undefined },
      key,
    );
    return { status: res.status, body: await res.json() };
  };
  const storedHash = async () =>
    (
      await h.db.query<{ hash: string | null }>(
        `select settings->>'passwordHash' as hash from space_plugin_settings where space_id = $1 and environment = 'production'`,
        [ids.space],
      )
    ).rows[0]!.hash;

  it('answers the settings with hasPassword and never the hash', async () => {
    const { status, body } = await call({ get: true });
    expect(status).toBe(200);
    expect(body).toMatchObject({ mode: 'designed', revision: 1, hasPassword: false, siteName: 'Fixture' });
    expect(body).not.toHaveProperty('passwordHash');
  });

  it('refuses a password under 8 characters with its own key', async () => {
    const { status, body } = await call({ password: 'short12' });
    expect(status).toBe(422);
    expect(body.error).toMatchObject({ key: 'plugins.website.password.tooShort', kind: 'validation' });
    expect(body.error.details).toEqual([
      { key: 'plugins.website.password.tooShort', path: 'password', params: { min: 8 } },
    ]);
    expect(h.cache.takePurged()).toEqual([]);
  });

  it('sets a password as an Argon2id hash, purges design:<spaceId>, and the hash appears nowhere else', async () => {
    await h.db.query('delete from audit_entries');
    const { status, body } = await call({ password });
    expect(status).toBe(200);
    expect(body.hasPassword).toBe(true);
    expect(h.cache.takePurged()).toEqual([`design:${ids.space}`]);
    const hash = await storedHash();
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await argon2.verify(hash!, password)).toBe(true);
    expect((await call({ get: true })).body.hasPassword).toBe(true);
    const audit = await h.db.query<{ action: string; details: unknown }>(
      'select action, details from audit_entries order by id',
    );
    expect(audit.rows).toEqual([
      { action: 'plugins.website.settings.set', details: { changed: [], password: '[set]' } },
      { action: 'plugins.website.settings.get', details: {} },
    ]);
    const everything = JSON.stringify(audit.rows) + h.captured.text() + JSON.stringify(body);
    expect(everything).not.toContain(password);
    expect(everything).not.toContain(hash!);
    expect(everything).not.toContain('argon2');
  });

  it('changing the password purges design:<spaceId> again; null removes it', async () => {
    const before = await storedHash();
    await call({ password: 'another good one' });
    expect(await storedHash()).not.toBe(before);
    expect(h.cache.takePurged()).toEqual([`design:${ids.space}`]);
    const removed = await call({ password: null });
    expect(removed.body.hasPassword).toBe(false);
    expect(await storedHash()).toBeNull();
    expect(h.cache.takePurged()).toEqual([`design:${ids.space}`]);
    // Removing what is not there changes nothing and purges nothing.
    await call({ password: null });
    expect(h.cache.takePurged()).toEqual([]);
  });

  it('a mode switch purges exactly domains and redirects:<spaceId>, both ways', async () => {
    expect((await call({ mode: 'external' })).body.mode).toBe('external');
    expect(h.cache.takePurged().sort()).toEqual(['domains', `redirects:${ids.space}`]);
    await call({ mode: 'external' });
    expect(h.cache.takePurged()).toEqual([]);
    await call({ mode: 'designed' });
    expect(h.cache.takePurged().sort()).toEqual(['domains', `redirects:${ids.space}`]);
  });

  it('while the password control is off, an existing password stays and cannot be changed', async () => {
    await call({ password });
    await h.db.query(
      `insert into space_controls (space_id, key, value) values ($1, 'features.plugins.website.password', 'false')`,
      [ids.space],
    );
    try {
      h.cache.takePurged();
      const refused = await call({ password: null });
      expect(refused.status).toBe(403);
      expect(refused.body.error.key).toBe('plugins.website.password.disabled');
      expect((await call({ get: true })).body.hasPassword).toBe(true);
      expect((await call({ siteName: 'Still editable' })).status).toBe(200);
    } finally {
      await h.db.query(
        `delete from space_controls where space_id = $1 and key = 'features.plugins.website.password'`,
        [ids.space],
      );
      await call({ password: null });
    }
  });

  it('head and body code need website:code: editors are refused, admins may', async () => {
    const refused = await call({ headCode: '<script src="https://stats.example/a.js"></script>' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.key).toBe('auth.forbidden');
    expect((await call({ get: true })).body.headCode).toBe('');
    const done = await call({ headCode: '<meta name="x" content="y">', bodyCode: '<!-- b -->' }, admin);
    expect(done.status).toBe(200);
    expect(h.cache.takePurged()).toEqual([`site:pages:${ids.space}`]);
    // An editor may send the settings back unchanged, code included.
    expect(
      (await call({ headCode: '<meta name="x" content="y">', titlePattern: '{title} | {site}' })).status,
    ).toBe(200);
  });

  it('checks references to documents and assets of the space', async () => {
    const bad = await call({ homeContentId: '00000000-0000-4000-8000-0000000000ff' });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details[0].path).toBe('homeContentId');
    expect((await call({ notFoundContentId: ids.team, faviconId: ids.image })).status).toBe(200);
  });
});
