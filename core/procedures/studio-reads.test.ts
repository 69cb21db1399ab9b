import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMigrations, loadPlugins } from '../../cli/plugins.ts';
import { type RpcHarness, rpcHarness } from '../rpc/test-harness.ts';
import { testDatabases } from '../testing/databases.ts';
import { ids } from '../testing/fixture-space.ts';
import { coreProcedures } from './index.ts';

const plugins = loadPlugins({ website: true });

describe.each(testDatabases())('assets.uses and menus.list on $kind', ({ open }) => {
  let h: RpcHarness;
  let viewer: string;
  beforeAll(async () => {
    h = await rpcHarness({ open, procedures: coreProcedures, plugins, migrations: allMigrations(plugins) });
    viewer = await h.key({ role: 'viewer' });
  });
  afterAll(() => h.close());
  const call = async (input: Record<string, unknown>, token = viewer) => {
    const res = await h.call('assets.uses', { space: 'fixture', ...input }, token);
    return { status: res.status, body: (await res.json()) as any };
  };

  it('names the documents (with titles), users and plugin data that use an asset, as delete’s refusal does', async () => {
    const used = await call({ id: ids.image });
    expect(used).toEqual({
      status: 200,
      body: {
        documents: [
          { id: ids.home, title: 'Home', published: true },
          { id: ids.about, title: 'About us', published: true },
        ],
        documentCount: 2,
        users: [{ id: ids.user, name: 'Ada' }],
        other: [],
      },
    });
    const refused = await h.call('assets.delete', { space: 'fixture', id: ids.image }, await h.key());
    expect(((await refused.json()) as any).error.details[0].params).toEqual(used.body);
    expect((await call({ id: ids.orphanImage })).body).toEqual({
      documents: [],
      documentCount: 0,
      users: [],
      other: [],
    });
  });

  it('answers 404 for an asset of no space it may read, 422 for a bad id, 401 without a key', async () => {
    const missing = await call({ id: '00000000-0000-4000-8000-0000000000ff' });
    expect([missing.status, missing.body.error.key]).toEqual([404, 'asset.notFound']);
    const bad = await call({ id: 'nope' });
    expect([bad.status, bad.body.error.details[0].path]).toEqual([422, 'id']);
    expect((await h.call('assets.uses', { space: 'fixture', id: ids.image }, undefined)).status).toBe(401);
  });

  it('menus.list names the space’s menus for the studio’s picker', async () => {
    const res = await h.call('menus.list', { space: 'fixture' }, viewer);
    expect(await res.json()).toEqual({
      items: [{ id: ids.mainMenu, name: 'Main', machineName: 'main', revision: expect.any(Number) }],
    });
    expect((await h.call('menus.list', { space: 'nope' }, viewer)).status).toBe(404);
  });

  it('menus.update: an empty label in a locale other than the default removes that locale’s label', async () => {
    const editor = await h.key({ role: 'editor' });
    const menu = (await (await h.call('menus.get', { space: 'fixture', key: 'main' }, viewer)).json()) as any;
    type Item = { id: string; label: Record<string, string>; children: Item[] };
    const write = (items: Item[], locale: string): unknown[] =>
      items.map((i: any) => ({
        id: i.id,
        label: i.label[locale] ?? '',
        url: i.url,
        target: i.target,
        contentId: i.contentId,
        children: write(i.children, locale),
      }));
    const about = menu.items[0];
    about.label.de = '';
    const res = await h.call(
      'menus.update',
      {
        space: 'fixture',
        key: 'main',
        locale: 'de',
        revision: menu.revision,
        items: write(menu.items, 'de'),
      },
      editor,
    );
    expect(res.status).toBe(200);
    const after = (await res.json()) as any;
    expect(after.items.map((i: Item) => i.label)).toEqual([
      { en: 'About' },
      menu.items[1].label,
      menu.items[2].label,
    ]);
  });
});
