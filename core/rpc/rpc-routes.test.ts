import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMigrations, loadPlugins } from '../../cli/plugins.ts';
import { createApiKey } from '../auth/api-keys.ts';
import { coreProcedures } from '../procedures/index.ts';
import { testDatabases } from '../testing/databases.ts';
import { ids } from '../testing/fixture-space.ts';
import { type RpcHarness, rpcHarness } from './test-harness.ts';

const plugins = loadPlugins({ website: true });
const publish = { space: 'fixture', id: ids.about, locale: 'en' };

describe.each(testDatabases())('POST /rpc/<name> on $kind', ({ open }) => {
  let h: RpcHarness;
  beforeAll(async () => {
    h = await rpcHarness({ open, procedures: coreProcedures, plugins, migrations: allMigrations(plugins) });
  });
  afterAll(() => h.close());

  const errorOf = async (res: Response) => ({
    status: res.status,
    ...((await res.json()) as { error: { key: string; details: unknown[] } & Record<string, unknown> }).error,
  });

  it('refuses a call without a key, with a malformed, unknown or wrong key, and with an expired key', async () => {
    expect(await errorOf(await h.call('redirects.list', { space: 'fixture' }, undefined))).toMatchObject({
      status: 401,
      key: 'auth.required',
      kind: 'unauthorized',
    });
    const real = await h.key();
    const wrongSecret = `${real.slice(0, 17)}${'A'.repeat(real.length - 17)}`;
    for (const token of ['nonsense', 'vso_000000000000_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', wrongSecret]) {
      expect(await errorOf(await h.call('redirects.list', { space: 'fixture' }, token))).toMatchObject({
        status: 401,
        key: 'auth.invalid',
      });
    }
    const { token: expired } = await createApiKey(h.db, {
      role: 'owner',
      expiresAt: new Date(Date.now() - 1000),
    });
    expect(await errorOf(await h.call('redirects.list', { space: 'fixture' }, expired))).toMatchObject({
      status: 401,
      key: 'auth.invalid',
    });
    const { token: later } = await createApiKey(h.db, {
      role: 'owner',
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect((await h.call('redirects.list', { space: 'fixture' }, later)).status).toBe(200);
  });

  it('answers an unknown procedure, a body that is not JSON and an invalid input with the error body', async () => {
    const key = await h.key();
    expect(await errorOf(await h.call('content.explode', {}, key))).toMatchObject({
      status: 404,
      key: 'procedure.notFound',
    });
    expect(await errorOf(await h.call('content.publish', '{not json', key))).toMatchObject({
      status: 400,
      key: 'request.malformed',
    });
    const invalid = await errorOf(
      await h.call('content.publish', { space: 'fixture', id: 'nope', extra: 1 }, key),
    );
    expect(invalid).toMatchObject({ status: 422, key: 'validation.failed', kind: 'validation' });
    expect(invalid.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: 'validation.invalid', path: 'id' }),
        expect.objectContaining({ key: 'validation.invalid', path: 'locale' }),
      ]),
    );
    expect(
      await errorOf(await h.call('content.publish', { ...publish, space: 'nowhere' }, key)),
    ).toMatchObject({
      status: 404,
      key: 'space.notFound',
    });
  });

  it('checks permissions by role and by the key, and a restriction binds a superadmin too', async () => {
    const viewer = await h.key({ role: 'viewer' });
    expect(await errorOf(await h.call('content.publish', publish, viewer))).toMatchObject({
      status: 403,
      key: 'auth.forbidden',
    });
    expect((await h.call('redirects.list', { space: 'fixture' }, viewer)).status).toBe(200);
    const readOnlySuper = await h.key({ role: 'superadmin', permissions: ['space:read'] });
    expect(await errorOf(await h.call('content.publish', publish, readOnlySuper))).toMatchObject({
      status: 403,
      key: 'auth.forbidden',
    });
    const otherSpaceSuper = await h.key({
      role: 'superadmin',
      spaceIds: ['00000000-0000-4000-8000-00000000ffff'],
    });
    expect(
      await errorOf(await h.call('redirects.list', { space: 'fixture' }, otherSpaceSuper)),
    ).toMatchObject({
      status: 403,
      key: 'auth.spaceForbidden',
    });
    const thisSpace = await h.key({
      role: 'editor',
      spaceIds: [ids.space],
      permissions: ['space:read', 'space:write'],
    });
    expect((await h.call('content.publish', { ...publish, space: ids.space }, thisSpace)).status).toBe(200);
  });

  it('audits each successful call: who, what, when, in which space', async () => {
    const { token, id } = await createApiKey(h.db, { role: 'admin', name: 'ci' });
    await h.db.query('delete from audit_entries');
    expect((await h.call('content.publish', publish, token)).status).toBe(200);
    expect((await h.call('content.publish', { ...publish, locale: 'xx' }, token)).status).toBe(422);
    const rows = await h.db.query<Record<string, unknown>>(
      'select actor, action, space_id, target, details, at from audit_entries',
    );
    expect(rows.rows).toEqual([
      {
        actor: `apiKey:${id} (ci)`,
        action: 'content.publish',
        space_id: ids.space,
        target: ids.about,
        details: { locale: 'en' },
        at: expect.any(Date),
      },
    ]);
  });
});
