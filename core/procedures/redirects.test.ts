import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMigrations, loadPlugins } from '../../cli/plugins.ts';
import { type RpcHarness, rpcHarness } from '../rpc/test-harness.ts';
import { testDatabases } from '../testing/databases.ts';
import { ids } from '../testing/fixture-space.ts';
import { coreProcedures } from './index.ts';

const plugins = loadPlugins({ website: true });

describe.each(testDatabases())('redirects.* on $kind', ({ open }) => {
  let h: RpcHarness;
  let key: string;
  beforeAll(async () => {
    h = await rpcHarness({ open, procedures: coreProcedures, plugins, migrations: allMigrations(plugins) });
    key = await h.key({ role: 'editor' });
  });
  afterAll(() => h.close());
  const json = async (res: Response) => (await res.json()) as Record<string, any>;

  it('lists, creates and deletes, purging redirects:<spaceId> on every change', async () => {
    const list = await json(await h.call('redirects.list', { space: 'fixture', locale: 'en' }, key));
    expect(list.items).toEqual([
      {
        id: expect.any(String),
        locale: 'en',
        fromPath: '/old-about',
        toPath: '/about',
        status: 301,
        contentId: null,
      },
    ]);
    h.cache.takePurged();
    const created = await h.call(
      'redirects.create',
      { space: 'fixture', locale: 'de', fromPath: '/alt-team', contentId: ids.team, status: 308 },
      key,
    );
    expect(created.status).toBe(200);
    const redirect = await json(created);
    expect(redirect).toMatchObject({
      locale: 'de',
      fromPath: '/alt-team',
      toPath: null,
      contentId: ids.team,
      status: 308,
    });
    expect(h.cache.takePurged()).toEqual([`redirects:${ids.space}`]);
    expect((await json(await h.call('redirects.list', { space: 'fixture' }, key))).items).toHaveLength(3);
    const gone = await h.call('redirects.delete', { space: 'fixture', id: redirect.id }, key);
    expect(await json(gone)).toEqual({ id: redirect.id, deleted: true });
    expect(h.cache.takePurged()).toEqual([`redirects:${ids.space}`]);
  });

  it('updates a redirect: given fields replace stored ones, checked like a new one, all or nothing', async () => {
    const created = await json(
      await h.call(
        'redirects.create',
        { space: 'fixture', locale: 'en', fromPath: '/promo', toPath: '/about' },
        key,
      ),
    );
    h.cache.takePurged();
    const moved = await h.call(
      'redirects.update',
      { space: 'fixture', id: created.id, contentId: ids.team, status: 302 },
      key,
    );
    expect(moved.status).toBe(200);
    expect(await json(moved)).toMatchObject({
      fromPath: '/promo',
      toPath: null,
      contentId: ids.team,
      status: 302,
    });
    expect(h.cache.takePurged()).toEqual([`redirects:${ids.space}`]);
    const refusals: Array<[Record<string, unknown>, number]> = [
      [{ fromPath: '/old-about' }, 409], // taken by another redirect of the locale
      [{ toPath: 'javascript:alert(1)' }, 422],
      [{ contentId: '00000000-0000-4000-8000-000000000000' }, 422],
      [{ toPath: null }, 422], // no target left
      [{ status: 200 }, 422],
    ];
    for (const [change, status] of refusals) {
      const res = await h.call('redirects.update', { space: 'fixture', id: created.id, ...change }, key);
      expect(res.status, JSON.stringify(change)).toBe(status);
    }
    expect(h.cache.takePurged()).toEqual([]);
    const stored = (await json(await h.call('redirects.list', { space: 'fixture', locale: 'en' }, key)))
      .items;
    expect(stored.find((r: { id: string }) => r.id === created.id)).toMatchObject({
      fromPath: '/promo',
      contentId: ids.team,
    });
    const missing = await h.call(
      'redirects.update',
      { space: 'fixture', id: '00000000-0000-4000-8000-000000000000', status: 301 },
      key,
    );
    expect(missing.status).toBe(404);
    await h.call('redirects.delete', { space: 'fixture', id: created.id }, key);
    h.cache.takePurged();
  });

  it('refuses duplicates, bad targets and unknown ids with the error body', async () => {
    const dup = await h.call(
      'redirects.create',
      { space: 'fixture', locale: 'en', fromPath: '/old-about', toPath: '/x' },
      key,
    );
    expect(dup.status).toBe(409);
    expect((await json(dup)).error.key).toBe('redirect.exists');
    const both = await h.call(
      'redirects.create',
      { space: 'fixture', locale: 'en', fromPath: '/y', toPath: '/x', contentId: ids.team },
      key,
    );
    expect(both.status).toBe(422);
    const script = await h.call(
      'redirects.create',
      { space: 'fixture', locale: 'en', fromPath: '/y', toPath: 'javascript:alert(1)' },
      key,
    );
    expect((await json(script)).error.details[0].path).toBe('toPath');
    const foreignDoc = await h.call(
      'redirects.create',
      { space: 'fixture', locale: 'en', fromPath: '/y', contentId: '00000000-0000-4000-8000-0000000000ff' },
      key,
    );
    expect((await json(foreignDoc)).error.details[0].path).toBe('contentId');
    const missing = await h.call(
      'redirects.delete',
      { space: 'fixture', id: '00000000-0000-4000-8000-0000000000ff' },
      key,
    );
    expect((await json(missing)).error.key).toBe('redirect.notFound');
    expect(h.cache.takePurged()).toEqual([]);
  });
});
