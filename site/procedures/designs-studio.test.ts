import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMigrations, loadPlugins } from '../../cli/plugins.ts';
import { validDesigns } from '../../core/designs/fixtures.ts';
import { type RpcHarness, rpcHarness } from '../../core/rpc/test-harness.ts';
import { testDatabases } from '../../core/testing/databases.ts';
import { ids } from '../../core/testing/fixture-space.ts';
import { websiteProcedures } from './index.ts';

// The studio's design procedures through the real /rpc route, keys and database: drafts (checked as import
// checks designs, all or nothing), publishing them, the revision history and restoring a revision.

const plugins = loadPlugins({ website: true });
type Json = Record<string, any>;

describe.each(testDatabases())('design drafts and revisions on $kind', ({ open }) => {
  let h: RpcHarness;
  let editor: string;
  let viewer: string;
  let blogPost: Json;
  beforeAll(async () => {
    h = await rpcHarness({
      open,
      procedures: websiteProcedures,
      plugins,
      migrations: allMigrations(plugins),
    });
    editor = await h.key({ role: 'editor', name: 'Ed' });
    viewer = await h.key({ role: 'viewer' });
    const designs = validDesigns();
    for (const [i, d] of designs.entries()) {
      await h.db.query(
        `insert into website_designs (space_id, kind, key, published, draft, position) values ($1, $2, $3, $4, null, $5)`,
        [ids.space, d.kind, d.key, JSON.stringify(d.published), i],
      );
    }
    blogPost = designs.find((d) => d.kind === 'page')!.published as Json;
    // The revision 1 snapshot holds these designs, as if they had been imported.
    await h.db.query(
      `insert into website_design_versions (space_id, revision, designs) values ($1, 1, $2::jsonb)
       on conflict (space_id, environment, revision) do update set designs = excluded.designs`,
      [ids.space, JSON.stringify(designs.map(({ kind, key, published }) => ({ kind, key, published })))],
    );
  });
  afterAll(() => h.close());

  const call = async (name: string, body: Json, key = editor) => {
    const res = await h.call(name, { space: 'fixture', ...body }, key);
    return { status: res.status, body: (await res.json()) as Json };
  };
  const row = async (kind: string, key: string) =>
    (
      await h.db.query<{ published: Json | null; draft: Json | null }>(
        `select published, draft from website_designs where space_id = $1 and kind = $2 and key = $3`,
        [ids.space, kind, key],
      )
    ).rows[0];

  it('designs.list and designs.get show what is stored', async () => {
    const list = await call('designs.list', {}, viewer);
    expect(list.status).toBe(200);
    expect(list.body.designs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'page', key: 'blog-post', published: true, draft: false }),
      ]),
    );
    const got = await call('designs.get', { kind: 'page', key: 'blog-post' }, viewer);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ published: { layout: 'default' }, draft: null });
    const missing = await call('designs.get', { kind: 'layout', key: 'nope' }, viewer);
    expect(missing.status).toBe(404);
    expect(missing.body.error.key).toBe('designs.notFound');
  });

  it('designs.saveDraft refuses an invalid draft with the path of its first problem, storing nothing', async () => {
    const badNode = structuredClone(blogPost);
    badNode.root.children[0].props.level = 9;
    const res = await call('designs.saveDraft', { kind: 'page', key: 'blog-post', draft: badNode });
    expect(res.status).toBe(422);
    expect(res.body.error.key).toBe('designs.invalid');
    expect(res.body.error.details[0].path).toMatch(/^draft\.root\.children\.0\.props/);
    // A rule across designs: a layout that does not exist.
    const noLayout = { ...structuredClone(blogPost), layout: 'missing' };
    const res2 = await call('designs.saveDraft', { kind: 'page', key: 'blog-post', draft: noLayout });
    expect(res2.status).toBe(422);
    expect(res2.body.error.details[0].path).toBe('draft.layout');
    // A token the theme does not define.
    const badToken = structuredClone(blogPost);
    badToken.root.style.base.gap = 'space:nope';
    const res3 = await call('designs.saveDraft', { kind: 'page', key: 'blog-post', draft: badToken });
    expect(res3.status).toBe(422);
    expect(res3.body.error.details[0].path).toMatch(/^draft\.root\.style\.base\.gap/);
    expect((await row('page', 'blog-post'))!.draft).toBeNull();
  });

  it('a viewer may read but not save; a key of another space may do neither', async () => {
    const refused = await call(
      'designs.saveDraft',
      { kind: 'page', key: 'blog-post', draft: blogPost },
      viewer,
    );
    expect(refused.status).toBe(403);
    const other = await h.key({ role: 'owner', spaceIds: ['00000000-0000-4000-8000-000000000000'] });
    const elsewhere = await call('designs.list', {}, other);
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.error.key).toBe('auth.spaceForbidden');
    expect((await row('page', 'blog-post'))!.draft).toBeNull();
  });

  it('saves drafts (a new key creates the design), discards them, and publishes them as a revision', async () => {
    const draft = structuredClone(blogPost);
    draft.root.children.push({
      id: 'studio-note',
      el: 'text',
      props: { text: { en: 'Added in the studio' } },
    });
    const saved = await call('designs.saveDraft', { kind: 'page', key: 'blog-post', draft });
    expect(saved.status).toBe(200);
    expect((await row('page', 'blog-post'))!.draft).toEqual(draft);
    const layout = structuredClone(validDesigns().find((d) => d.kind === 'layout')!.published);
    const created = await call('designs.saveDraft', { kind: 'layout', key: 'landing', draft: layout });
    expect(created.status).toBe(200);
    expect(await row('layout', 'landing')).toMatchObject({ published: null, draft: layout });
    const discarded = await call('designs.discardDraft', { kind: 'layout', key: 'landing' });
    expect(discarded.body).toMatchObject({ discarded: true, removed: true });
    expect(await row('layout', 'landing')).toBeUndefined();

    h.cache.takePurged();
    const published = await call('designs.publishAll', {});
    expect(published.status).toBe(200);
    expect(published.body).toEqual({ revision: 2, published: ['page/blog-post'] });
    expect(h.cache.takePurged()).toEqual([`design:${ids.space}`]);
    expect((await row('page', 'blog-post'))!.published).toEqual(draft);

    const history = await call('designs.revisions', {}, viewer);
    expect(history.body.current).toBe(2);
    expect(history.body.revisions.map((r: Json) => r.revision)).toEqual([2, 1]);
    expect(history.body.revisions[0]).toMatchObject({ by: 'Ed', changes: ['page/blog-post'], current: true });
  });

  it('designs.restore brings an earlier revision back as a new one, keeping drafts', async () => {
    const pending = structuredClone(blogPost);
    pending.root.id = 'article-draft';
    await call('designs.saveDraft', { kind: 'page', key: 'blog-post', draft: pending });
    h.cache.takePurged();
    const restored = await call('designs.restore', { revision: 1 });
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual({ revision: 3, restoredFrom: 1 });
    expect(h.cache.takePurged()).toEqual([`design:${ids.space}`]);
    expect(await row('page', 'blog-post')).toEqual({ published: blogPost, draft: pending });
    const history = await call('designs.revisions', {});
    expect(history.body.revisions[0]).toMatchObject({ revision: 3, restoredFrom: 1, current: true });
    const missing = await call('designs.restore', { revision: 99 });
    expect(missing.status).toBe(404);
    expect(missing.body.error.key).toBe('designs.revisionNotFound');
  });

  it('custom CSS: a parse error is refused with line and column; valid CSS is stored and purges the design', async () => {
    const admin = await h.key({ role: 'admin' });
    const bad = await call(
      'plugins.website.settings.set',
      { customCss: '.a { color: red }\n.b { color: }}}' },
      admin,
    );
    expect(bad.status).toBe(422);
    expect(bad.body.error.details[0]).toMatchObject({ path: 'customCss', params: { line: 2 } });
    expect(bad.body.error.message).toMatch(/line 2, column \d+/);
    const byEditor = await call('plugins.website.settings.set', { customCss: '.promo { color: red }' });
    expect(byEditor.status).toBe(403);
    h.cache.takePurged();
    const ok = await call('plugins.website.settings.set', { customCss: '.promo { color: red }' }, admin);
    expect(ok.status).toBe(200);
    expect(ok.body.customCss).toBe('.promo { color: red }');
    expect(h.cache.takePurged()).toEqual(expect.arrayContaining([`design:${ids.space}`]));
  });
});
