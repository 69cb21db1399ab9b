import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { allMigrations, loadPlugins } from '../../cli/plugins.ts';
import { AppError } from '../errors/app-error.ts';
import { type RpcHarness, rpcHarness } from '../rpc/test-harness.ts';
import { dottedPath } from '../space-format/document-fields.ts';
import { importSpace } from '../space-format/import.ts';
import { parseSpaceFile } from '../space-format/validate.ts';
import { testDatabases } from '../testing/databases.ts';
import { fixtureSpace, ids } from '../testing/fixture-space.ts';
import { coreProcedures } from './index.ts';
import { MENU_DEPTH_MAX } from './menus.ts';

const plugins = loadPlugins({ website: true });
const item = (n: string) => `00000000-0000-4000-8000-0000000000${n}`;
const NOWHERE = '00000000-0000-4000-8000-0000000000ff';

/** An item nested `depth` levels deep (1: a single item without children). */
const nested = (depth: number): Record<string, unknown> => {
  let node: Record<string, unknown> = { label: 'x' };
  for (let i = 1; i < depth; i++) node = { label: 'x', children: [node] };
  return node;
};

describe.each(testDatabases())('menus.* and assets.* on $kind', ({ open }) => {
  let h: RpcHarness;
  let key: string;
  let viewer: string;
  beforeAll(async () => {
    h = await rpcHarness({ open, procedures: coreProcedures, plugins, migrations: allMigrations(plugins) });
    key = await h.key({ role: 'editor' });
    viewer = await h.key({ role: 'viewer' });
  });
  afterAll(() => h.close());
  beforeEach(() => {
    h.cache.takePurged();
  });

  const call = async (name: string, input: Record<string, unknown>, token = key) => {
    const res = await h.call(name, { space: 'fixture', ...input }, token);
    return { status: res.status, body: (await res.json()) as any };
  };
  const get = async () => (await call('menus.get', { key: 'main' }, viewer)).body;
  /** Every stored menu row and item, to show that a refused write stored nothing. */
  const snapshot = async () =>
    (
      await h.db.query(
        `select m.revision::text, i.id, i.parent_id, i.position, i.label::text, i.url, i.target, i.content_id
         from menus m left join menu_items i on i.menu_id = m.id order by m.id, i.id`,
      )
    ).rows;

  it('reads a menu as a tree with its labels per locale and a revision', async () => {
    const menu = await get();
    expect(menu).toEqual({
      id: ids.mainMenu,
      name: 'Main',
      machineName: 'main',
      revision: 1,
      items: [
        {
          id: item('d2'),
          label: { en: 'About', de: 'Über uns' },
          contentId: ids.about,
          url: null,
          target: '_self',
          // A plain label serves every locale.
          children: [
            {
              id: item('d3'),
              label: { en: 'Team', de: 'Team' },
              contentId: ids.team,
              url: null,
              target: '_self',
              children: [],
            },
          ],
        },
        expect.objectContaining({ id: item('d4'), contentId: ids.englishOnly }),
        expect.objectContaining({ id: item('d5'), url: 'https://github.com', target: '_blank' }),
      ],
    });
    const missing = await call('menus.get', { key: 'nope' });
    expect([missing.status, missing.body.error.key]).toEqual([404, 'menu.notFound']);
  });

  it('replaces the tree and one locale’s labels, keeps the others, purges menu:<id> alone', async () => {
    const updated = await call('menus.update', {
      key: 'main',
      locale: 'de',
      revision: 1,
      items: [
        { id: item('d5'), label: 'GitHub', url: 'https://github.com', target: '_blank' },
        {
          id: item('d2'),
          label: 'Wir',
          contentId: ids.about,
          children: [{ id: item('d3'), label: 'Leute', contentId: ids.team }],
        },
        { label: 'Neuigkeiten', contentId: ids.news },
      ],
    });
    expect(updated.status).toBe(200);
    const menu = updated.body;
    expect(menu.revision).toBe(2);
    expect(menu.items.map((i: { label: unknown }) => i.label)).toEqual([
      // Unchanged in German, so still one label for every locale.
      { en: 'GitHub', de: 'GitHub' },
      { en: 'About', de: 'Wir' },
      { de: 'Neuigkeiten' },
    ]);
    expect(menu.items[1].children[0].label).toEqual({ en: 'Team', de: 'Leute' });
    expect(menu.items[2]).toMatchObject({ contentId: ids.news, url: null, target: '_self', children: [] });
    expect(menu.items[2].id).toMatch(/^[0-9a-f-]{36}$/);
    // The item left out is gone.
    expect((await h.db.query('select 1 from menu_items where id = $1', [item('d4')])).rows).toEqual([]);
    expect(h.cache.takePurged()).toEqual([`menu:${ids.mainMenu}`]);
    expect(await get()).toEqual(menu);
    const audit = await h.db.query<{ target: string; details: unknown }>(
      `select target, details from audit_entries where action = 'menus.update'`,
    );
    expect(audit.rows).toEqual([{ target: ids.mainMenu, details: { key: 'main', locale: 'de', items: 4 } }]);
  });

  it('refuses a stale revision with 409 and the current revision, and stores nothing', async () => {
    const before = await snapshot();
    const stale = await call('menus.update', { key: 'main', locale: 'en', revision: 1, items: [] });
    expect([stale.status, stale.body.error.key]).toEqual([409, 'menu.conflict']);
    expect(stale.body.error.details[0]).toEqual({
      key: 'menu.conflict',
      path: 'revision',
      params: { revision: 2 },
    });
    expect(await snapshot()).toEqual(before);
    expect(h.cache.takePurged()).toEqual([]);
  });

  it('refuses bad items with 422 and the path of the first problem, storing nothing', async () => {
    const before = await snapshot();
    const { revision } = await get();
    // The items of the last allowed level may have no children.
    const tooDeep = `items.0${'.children.0'.repeat(MENU_DEPTH_MAX - 1)}.children`;
    const cases: Array<[unknown[], string, string, string | RegExp]> = [
      [
        [{ label: 'x', contentId: NOWHERE }],
        'menu.invalid',
        'items.0.contentId',
        `no document with id ${NOWHERE}`,
      ],
      [
        [{ label: 'x', children: [{ id: NOWHERE, label: 'y' }] }],
        'menu.invalid',
        'items.0.children.0.id',
        /no item/,
      ],
      [
        [
          { id: item('d5'), label: 'a' },
          { id: item('d5'), label: 'b' },
        ],
        'menu.invalid',
        'items.1.id',
        'duplicate',
      ],
      [[{ label: 'x', url: 'javascript:alert(1)' }], 'validation.failed', 'items.0.url', /http\(s\)/],
      [[{ label: 'x', url: '/a', contentId: ids.about }], 'validation.failed', 'items.0', /either url/],
      [[{ label: 'x', target: '_top' }], 'validation.failed', 'items.0.target', /_self/],
      [[{ label: 'x', colour: 'red' }], 'validation.failed', 'items.0', /colour/],
      [[{ url: '/a' }], 'validation.failed', 'items.0.label', /string/],
      [[nested(MENU_DEPTH_MAX + 1)], 'validation.failed', tooDeep, /at most 32/],
    ];
    for (const [items, errorKey, path, message] of cases) {
      const res = await call('menus.update', { key: 'main', locale: 'en', revision, items });
      expect([res.status, res.body.error.key], JSON.stringify(items).slice(0, 80)).toEqual([422, errorKey]);
      expect(res.body.error.details[0].path).toEqual(path);
      expect(res.body.error.details[0].params.message).toMatch(message);
    }
    // Deep enough to exhaust the stack of an unbounded schema (and of JSON.stringify here): still a 422.
    const deep = `${'{"label":"x","children":['.repeat(3000)}{"label":"x"}${']}'.repeat(3000)}`;
    const body = `{"space":"fixture","key":"main","locale":"en","revision":${revision},"items":[${deep}]}`;
    const res = await h.call('menus.update', body, key);
    expect(res.status).toBe(422);
    expect(((await res.json()) as any).error.details[0].path).toBe(tooDeep);
    const foreign = await call('menus.update', { key: 'main', locale: 'fr', revision, items: [] });
    expect([foreign.status, foreign.body.error.details[0].path]).toEqual([422, 'locale']);
    const writable = await call('menus.update', { key: 'main', locale: 'en', revision, items: [] }, viewer);
    expect([writable.status, writable.body.error.key]).toEqual([403, 'auth.forbidden']);
    const missing = await call('menus.update', { key: 'nope', locale: 'en', revision, items: [] });
    expect([missing.status, missing.body.error.key]).toEqual([404, 'menu.notFound']);
    expect(await snapshot()).toEqual(before);
    expect(h.cache.takePurged()).toEqual([]);
  });

  it('refuses what the import refuses in a menu, with the same message at the same path', async () => {
    const { revision } = await get();
    const bad = [
      { label: 'x', url: null, target: '_self', contentId: NOWHERE, children: [] },
      { label: 'x', url: 'data:text/html,hi', target: '_self', contentId: null, children: [] },
    ];
    for (const [i, written] of bad.entries()) {
      const file = fixtureSpace() as { menus: Array<{ items: unknown[] }> };
      file.menus[0]!.items = [{ id: item(`e${i}`), ...written }];
      let imported: AppError | undefined;
      try {
        parseSpaceFile(file, plugins);
      } catch (err) {
        imported = err as AppError;
      }
      expect(imported).toBeInstanceOf(AppError);
      const importDetail = imported!.details[0]!;
      const res = await call('menus.update', { key: 'main', locale: 'en', revision, items: [written] });
      expect(res.status).toBe(422);
      expect(res.body.error.details[0].path).toBe(dottedPath(importDetail.path!).replace(/^menus\.0\./, ''));
      expect(res.body.error.details[0].params.message).toBe(importDetail.params.message);
    }
  });

  /** Every stored asset row, to show that a refused write stored nothing. */
  const assetRows = async () =>
    (
      await h.db.query(
        'select id, filename, alt, focal_point::text, crop::text, storage_key from assets order by id',
      )
    ).rows;
  /** The `assets.changed` deliveries written since the last call, as their `data`. */
  const events = async () => {
    const res = await h.db.query<{ body: string }>(
      `delete from webhook_deliveries where event = 'assets.changed' returning body`,
    );
    return res.rows.map((r) => JSON.parse(r.body).data);
  };

  it('lists assets newest first, searched by file name and alt, with the documents that use them', async () => {
    await h.db.query(
      `insert into webhooks (space_id, url, events, secret) values ($1, 'http://127.0.0.1:9/', '{assets.changed}', 'whsec_eA==')`,
      [ids.space],
    );
    const all = await call('assets.list', {}, viewer);
    expect(all.status).toBe(200);
    expect(all.body).toEqual({
      items: [
        {
          id: ids.orphanImage,
          filename: 'orphan.png',
          mimeType: 'image/png',
          size: 70,
          width: 1,
          height: 1,
          alt: '',
          focalPoint: null,
          crop: null,
          createdAt: expect.any(String),
          usedBy: { total: 0, published: 0, documents: [] },
        },
        expect.objectContaining({
          id: ids.image,
          alt: 'A dot',
          focalPoint: { x: 0.5, y: 0.5 },
          // The home page's hero; about's block, and its author, whose avatar it is.
          usedBy: { total: 2, published: 2, documents: [ids.home, ids.about] },
        }),
      ],
      nextCursor: null,
    });
    const byAlt = await call('assets.list', { search: 'a DOT' });
    expect(byAlt.body.items.map((a: { id: string }) => a.id)).toEqual([ids.image]);
    const byName = await call('assets.list', { search: 'orphan.png' });
    expect(byName.body.items.map((a: { id: string }) => a.id)).toEqual([ids.orphanImage]);
    expect((await call('assets.list', { search: '%' })).body.items).toEqual([]);
    const first = await call('assets.list', { limit: 1 });
    expect(first.body.items.map((a: { id: string }) => a.id)).toEqual([ids.orphanImage]);
    const second = await call('assets.list', { limit: 1, cursor: first.body.nextCursor });
    expect(second.body).toMatchObject({ items: [{ id: ids.image }], nextCursor: null });
    const bad = await call('assets.list', { cursor: 'bm9wZQ' });
    expect([bad.status, bad.body.error.details[0].path]).toEqual([422, 'cursor']);
  });

  it('updates alt, focal point and crop, purging asset:<id> alone and recording assets.changed', async () => {
    const updated = await call('assets.update', {
      id: ids.image,
      alt: 'A black dot',
      focalPoint: { x: 0.25, y: 1 },
      crop: { x: 0, y: 0.1, width: 1, height: 0.5 },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id: ids.image,
      alt: 'A black dot',
      focalPoint: { x: 0.25, y: 1 },
      crop: { x: 0, y: 0.1, width: 1, height: 0.5 },
      usedBy: { total: 2 },
    });
    expect(h.cache.takePurged()).toEqual([`asset:${ids.image}`]);
    expect(await events()).toEqual([
      { id: ids.image, change: 'updated', filename: 'dot.png', mimeType: 'image/png' },
    ]);
    // Only what is given changes; null clears.
    const cleared = await call('assets.update', { id: ids.image, crop: null });
    expect(cleared.body).toMatchObject({ alt: 'A black dot', focalPoint: { x: 0.25, y: 1 }, crop: null });
    await events();
  });

  it('refuses bad asset changes with 422 and a path, changing nothing', async () => {
    const before = await assetRows();
    h.cache.takePurged();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ id: ids.image, focalPoint: { x: 1.5, y: 0 } }, 'focalPoint.x'],
      [{ id: ids.image, focalPoint: { x: 0.5 } }, 'focalPoint.y'],
      [{ id: ids.image, crop: { x: 0, y: 0, width: 1 } }, 'crop.height'],
      [{ id: ids.image, crop: { x: 0, y: 0, width: 1, height: 1, z: 1 } }, 'crop'],
      [{ id: ids.image, alt: 'x'.repeat(1001) }, 'alt'],
      [{ id: ids.image, alt: 3 }, 'alt'],
      [{ id: ids.image }, '(root)'],
      [{ id: 'nope', alt: '' }, 'id'],
    ];
    for (const [input, path] of cases) {
      const res = await call('assets.update', input);
      expect([res.status, res.body.error.details[0].path], JSON.stringify(input)).toEqual([422, path]);
    }
    const missing = await call('assets.update', { id: NOWHERE, alt: '' });
    expect([missing.status, missing.body.error.key]).toEqual([404, 'asset.notFound']);
    expect(await assetRows()).toEqual(before);
    expect(h.cache.takePurged()).toEqual([]);
    expect(await events()).toEqual([]);
  });

  it('refuses to delete an asset while anything uses it, naming what does, drafts included', async () => {
    const before = await assetRows();
    const used = await call('assets.delete', { id: ids.image });
    expect([used.status, used.body.error.key]).toEqual([409, 'asset.inUse']);
    expect(used.body.error.details[0].params).toEqual({
      documents: [
        { id: ids.home, title: 'Home', published: true },
        { id: ids.about, title: 'About us', published: true },
      ],
      documentCount: 2,
      users: [{ id: ids.user, name: 'Ada' }],
      other: [],
    });
    expect(used.body.error.message).toMatch(/"Home", "About us", the avatar of Ada/);

    // A draft that uses it: the draft would be published as it is, and the export must import again.
    const team = (await call('content.get', { id: ids.team })).body;
    const draft = await call('content.update', {
      id: ids.team,
      locale: 'en',
      revision: team.revision,
      fields: { hero: ids.orphanImage },
    });
    expect(draft.status).toBe(200);
    const drafted = await call('assets.delete', { id: ids.orphanImage });
    expect(drafted.status).toBe(409);
    expect(drafted.body.error.details[0].params.documents).toEqual([
      { id: ids.team, title: expect.any(String), published: false },
    ]);
    expect(drafted.body.error.message).toMatch(/\(draft\)/);
    expect((await call('content.discardDraft', { id: ids.team, locale: 'en' })).status).toBe(200);

    // The website's settings (favicon) use it too.
    await h.db.query(
      `update space_plugin_settings set settings = settings || jsonb_build_object('faviconId', $2::text)
       where space_id = $1 and plugin_id = 'website' and environment = 'production'`,
      [ids.space, ids.orphanImage],
    );
    const favicon = await call('assets.delete', { id: ids.orphanImage });
    expect([favicon.status, favicon.body.error.details[0].params.other]).toEqual([409, ['website settings']]);
    await h.db.query(
      `update space_plugin_settings set settings = settings - 'faviconId' where space_id = $1`,
      [ids.space],
    );
    expect(await assetRows()).toEqual(before);
    expect(h.cache.takePurged()).toEqual([]);
    expect(await events()).toEqual([]);
  });

  it('deletes an unused asset, and its file once no other asset has the same bytes', async () => {
    const [shared] = (
      await h.db.query<{ storage_key: string }>('select storage_key from assets where id = $1', [
        ids.orphanImage,
      ])
    ).rows;
    const gone = await call('assets.delete', { id: ids.orphanImage });
    expect(gone.body).toEqual({ id: ids.orphanImage, deleted: true, fileRemoved: false });
    // The fixture's two assets are the same bytes: the other one still needs the file.
    expect(await h.storage.has(shared!.storage_key)).toBe(true);
    expect(h.cache.takePurged()).toEqual([`asset:${ids.orphanImage}`]);
    expect(await events()).toEqual([
      { id: ids.orphanImage, change: 'deleted', filename: 'orphan.png', mimeType: 'image/png' },
    ]);
    const again = await call('assets.delete', { id: ids.orphanImage });
    expect([again.status, again.body.error.key]).toEqual([404, 'asset.notFound']);

    const own = 'e'.repeat(64);
    await h.storage.put(own, new Uint8Array([1, 2, 3]));
    await h.db.query(
      `insert into assets (id, space_id, filename, mime_type, size, storage_key, sha256)
       values ($1, $2, 'notes.pdf', 'application/pdf', 3, $3, $3)`,
      [NOWHERE, ids.space, own],
    );
    const removed = await call('assets.delete', { id: NOWHERE });
    expect(removed.body).toEqual({ id: NOWHERE, deleted: true, fileRemoved: true });
    expect(await h.storage.has(own)).toBe(false);
    await events();
    const audit = await h.db.query<{ action: string; target: string }>(
      `select action, target from audit_entries where action in ('assets.update', 'assets.delete') order by id`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual([
      'assets.update',
      'assets.update',
      'assets.delete',
      'assets.delete',
    ]);
  });

  it('an import that replaces the space raises the menu’s revision past what an editor read', async () => {
    const { revision } = await get();
    await importSpace(h.db, parseSpaceFile(fixtureSpace(), plugins), {
      replace: true,
      baseDir: process.cwd(),
      storage: h.storage,
      plugins,
    });
    const after = await get();
    expect(after.revision).toBe(revision + 1);
    const stale = await call('menus.update', { key: 'main', locale: 'en', revision, items: [] });
    expect(stale.status).toBe(409);
  });
});
