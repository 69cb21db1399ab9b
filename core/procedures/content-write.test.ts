import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { allMigrations, loadPlugins } from '../../cli/plugins.ts';
import { type RpcHarness, rpcHarness } from '../rpc/test-harness.ts';
import { dottedPath } from '../space-format/document-fields.ts';
import { badFieldCases, spoil } from '../testing/bad-field-cases.ts';
import { testDatabases } from '../testing/databases.ts';
import { ids } from '../testing/fixture-space.ts';
import { coreProcedures } from './index.ts';

const plugins = loadPlugins({ website: true });

describe.each(testDatabases())('content writing procedures on $kind', ({ open }) => {
  let h: RpcHarness;
  let key: string;
  let viewer: string;
  /** The blog post the first test creates and publishes under news. */
  let post: string;
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
  /** Everything stored about documents, to show that a refused write stored nothing. */
  const snapshot = async () =>
    (
      await h.db.query(
        `select d.id, d.parent_id, d.position, d.revision::text, v.locale, v.state, v.title, v.slug, v.fields::text,
           (select string_agg(t.slug, ',' order by dt.position) from document_tags dt join tags t on t.id = dt.tag_id
            where dt.document_id = d.id) as tags
         from documents d left join document_versions v on v.document_id = d.id
         order by d.id, v.locale, v.state`,
      )
    ).rows;

  it('creates a document with a draft, then updates and publishes it; revisions count the writes', async () => {
    const created = await call('content.create', {
      type: 'blog-post',
      parentId: ids.news,
      locale: 'en',
      title: 'Hello world',
      fields: { meta_description: 'Second post', mood: 'bold' },
      tags: [{ name: 'Company', slug: 'company' }],
    });
    expect(created.status).toBe(200);
    const doc = created.body;
    post = doc.id;
    expect(doc).toMatchObject({
      type: 'blog-post',
      parentId: ids.news,
      position: 2,
      revision: 1,
      tags: [{ name: 'Company', slug: 'company' }],
      locales: { en: { published: null, draft: { title: 'Hello world', slug: 'hello-world' } } },
    });
    const again = await call('content.create', {
      type: 'blog-post',
      parentId: ids.news,
      locale: 'en',
      title: 'Hello',
    });
    // "hello" is taken by a sibling: the slug made from the title gets -2.
    expect(again.body.locales.en.draft.slug).toBe('hello-2');
    // A draft is delivered nowhere: nothing to purge.
    expect(h.cache.takePurged()).toEqual([]);

    const updated = await call('content.update', {
      id: doc.id,
      locale: 'en',
      revision: 1,
      title: 'Hello again',
      fields: { meta_description: 'Changed', mood: 'calm' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.revision).toBe(2);
    expect(updated.body.locales.en.draft).toMatchObject({ title: 'Hello again', slug: 'hello-world' });
    expect(h.cache.takePurged()).toEqual([]);

    const published = await call('content.publish', { id: doc.id, locale: 'en' });
    expect(published.status).toBe(200);
    const got = await call('content.get', { id: doc.id }, viewer);
    expect(got.body.locales.en).toMatchObject({
      draft: null,
      published: { title: 'Hello again', fields: { meta_description: 'Changed', mood: 'calm' } },
    });
    const delivered = await h.db.query<{ slugs: string[] }>(
      'select slugs from delivered_documents where document_id = $1',
      [doc.id],
    );
    expect(delivered.rows).toEqual([{ slugs: ['news', 'hello-world'] }]);
  });

  it('refuses a stale revision with 409 and the current revision, and stores nothing', async () => {
    const got = (await call('content.get', { id: ids.hello })).body;
    const first = await call('content.update', {
      id: ids.hello,
      locale: 'en',
      revision: got.revision,
      title: 'Editor A',
    });
    expect(first.status).toBe(200);
    const before = await snapshot();
    const stale = await call('content.update', {
      id: ids.hello,
      locale: 'en',
      revision: got.revision,
      title: 'Editor B',
      tags: [{ name: 'Other', slug: 'other' }],
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.key).toBe('content.conflict');
    expect(stale.body.error.details[0].params).toEqual({ revision: got.revision + 1 });
    expect(await snapshot()).toEqual(before);
    expect(h.cache.takePurged()).toEqual([]);
  });

  it('lets one of two simultaneous updates of the same revision through, the other is 409', async () => {
    const { revision } = (await call('content.get', { id: ids.team })).body;
    const answers = await Promise.all(
      ['A', 'B'].map((t) =>
        call('content.update', { id: ids.team, locale: 'en', revision, title: `Team ${t}` }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!.body.locales.en.draft.title;
    expect((await call('content.get', { id: ids.team })).body.locales.en.draft.title).toBe(winner);
  });

  it('refuses the import’s bad field values at the same paths, in create and update, storing nothing', async () => {
    const before = await snapshot();
    for (const c of badFieldCases) {
      const source = (await call('content.get', { id: [ids.home, ids.about][c.document]! })).body;
      const fields = structuredClone(source.locales.en.published.fields);
      spoil(fields, c);
      const path = dottedPath(c.path);
      const created = await call('content.create', { type: 'page', locale: 'en', title: 'Bad', fields });
      const updated = await call('content.update', {
        id: source.id,
        locale: 'en',
        revision: source.revision,
        fields,
      });
      for (const answer of [created, updated]) {
        expect([answer.status, answer.body.error.key]).toEqual([422, 'content.invalid']);
        expect(answer.body.error.details[0].path).toBe(path);
        expect(answer.body.error.details[0].params.message).toMatch(c.message);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an unknown type, a chosen slug a sibling holds, and a foreign parent', async () => {
    const bad = [
      [{ type: 'nope', locale: 'en', title: 'X' }, 'type'],
      [{ type: 'page', locale: 'en', title: 'X', slug: 'about' }, 'slug'],
      [
        { type: 'page', locale: 'en', title: 'X', parentId: '00000000-0000-4000-8000-0000000000ff' },
        'parentId',
      ],
    ] as const;
    for (const [input, path] of bad) {
      const res = await call('content.create', input);
      expect([res.status, res.body.error.details[0].path]).toEqual([422, path]);
    }
  });

  it('moves a subtree, purging exactly the documents whose permalinks change, and refuses cycles', async () => {
    const cycle = await call('content.move', { id: ids.about, parentId: ids.team, position: 0 });
    expect([cycle.status, cycle.body.error.key, cycle.body.error.details[0].path]).toEqual([
      422,
      'content.invalid',
      'parentId',
    ]);
    const moved = await call('content.move', { id: ids.news, parentId: ids.home, position: 3 });
    expect(moved.status).toBe(200);
    // The delivered part of the subtree: not the draft-only post created above.
    expect(h.cache.takePurged().sort()).toEqual(
      [
        `doc:${ids.news}`,
        `doc:${ids.hello}`,
        `doc:${ids.englishOnly}`,
        `doc:${post}`,
        `lists:${ids.space}`,
      ].sort(),
    );
    const hello = await h.db.query<{ locale: string; slugs: string[] }>(
      'select locale, slugs from delivered_documents where document_id = $1 order by locale',
      [ids.hello],
    );
    expect(hello.rows).toEqual([
      { locale: 'de', slugs: ['start', 'neuigkeiten', 'hallo'] },
      { locale: 'en', slugs: ['home', 'news', 'hello'] },
    ]);
    // A new position under the same parent reorders lists: the document and the lists.
    expect((await call('content.move', { id: ids.news, parentId: ids.home, position: 1 })).status).toBe(200);
    expect(h.cache.takePurged().sort()).toEqual([`doc:${ids.news}`, `lists:${ids.space}`].sort());
  });

  it('deletes: 409 while there are children, then with them, purging the delivered ones', async () => {
    const refused = await call('content.delete', { id: ids.news });
    expect([refused.status, refused.body.error.key]).toEqual([409, 'content.hasChildren']);
    expect(h.cache.takePurged()).toEqual([]);
    const children = (await call('content.list', { parentId: ids.news })).body.items.map((i: any) => i.id);
    const res = await call('content.delete', { id: ids.news, withChildren: true });
    expect(res.status).toBe(200);
    expect([...res.body.deleted].sort()).toEqual([ids.news, ...children].sort());
    expect(children).toHaveLength(4);
    expect(h.cache.takePurged().sort()).toEqual(
      [
        `doc:${ids.news}`,
        `doc:${ids.hello}`,
        `doc:${ids.englishOnly}`,
        `doc:${post}`,
        `lists:${ids.space}`,
      ].sort(),
    );
    const left = await h.db.query('select 1 from documents where id = any($1::uuid[])', [res.body.deleted]);
    expect(left.rows).toEqual([]);
    // A document only drafted was delivered nowhere: deleting it purges nothing.
    expect((await call('content.delete', { id: ids.hidden })).status).toBe(200);
    expect(h.cache.takePurged()).toEqual([]);
  });

  it('discards a draft, keeping the published version', async () => {
    const doc = (await call('content.get', { id: ids.about })).body;
    expect(doc.locales.en.draft).not.toBeNull();
    const res = await call('content.discardDraft', { id: ids.about, locale: 'en' });
    expect(res.body.locales.en).toMatchObject({ draft: null, published: { title: 'About us' } });
    expect(res.body.revision).toBe(doc.revision + 1);
    expect((await call('content.discardDraft', { id: ids.about, locale: 'en' })).status).toBe(404);
    expect(h.cache.takePurged()).toEqual([]);
  });

  it('lists the tree with drafts, per locale, in pages', async () => {
    const roots = (await call('content.list', {}, viewer)).body;
    expect(roots.items.map((i: any) => i.id)).toContain(ids.about);
    const about = roots.items.find((i: any) => i.id === ids.about);
    expect(about.locales.de).toMatchObject({ title: 'Über uns', hasDraft: false, published: true });
    const pages: string[] = [];
    let cursor: string | undefined;
    do {
      const page = (await call('content.list', { limit: 1, ...(cursor ? { cursor } : {}) }, viewer)).body;
      expect(page.items.length).toBeLessThanOrEqual(1);
      pages.push(...page.items.map((i: any) => i.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(pages).toEqual(roots.items.map((i: any) => i.id));
    const found = (await call('content.list', { search: 'über', locale: 'de' }, viewer)).body.items;
    expect(found.map((i: any) => i.id)).toEqual([ids.about]);
    expect((await call('content.list', { cursor: 'nonsense' }, viewer)).status).toBe(422);
    expect((await call('content.list', { limit: 1000 }, viewer)).status).toBe(422);
  });

  it('needs space:write to write, and records each write with its actor', async () => {
    const res = await call('content.create', { type: 'page', locale: 'en', title: 'X' }, viewer);
    expect(res.status).toBe(403);
    const audit = await h.db.query<{ action: string; actor: string }>(
      `select action, actor from audit_entries where action like 'content.%' order by id`,
    );
    const actions = new Set(audit.rows.map((r) => r.action));
    for (const name of [
      'content.create',
      'content.update',
      'content.move',
      'content.delete',
      'content.discardDraft',
    ])
      expect(actions).toContain(name);
    expect(audit.rows.every((r) => r.actor.startsWith('apiKey:'))).toBe(true);
  });
  it('keeps a draft without a required field, and refuses to publish it until the field has a value', async () => {
    const page = `update content_types set fields = jsonb_set(fields, '{0,required}', $1::jsonb)
      where kind = 'content' and name = 'page'`;
    await h.db.query(page, ['true']);
    try {
      const created = await call('content.create', {
        type: 'page',
        locale: 'en',
        title: 'Incomplete',
        fields: {},
      });
      expect(created.status).toBe(200);
      const before = await snapshot();
      const refused = await call('content.publish', { id: created.body.id, locale: 'en' });
      expect([refused.status, refused.body.error.key, refused.body.error.details[0].path]).toEqual([
        422,
        'content.invalid',
        'fields.summary',
      ]);
      expect(refused.body.error.details[0].params.message).toBe('required');
      expect(await snapshot()).toEqual(before);
      const updated = await call('content.update', {
        id: created.body.id,
        locale: 'en',
        revision: created.body.revision,
        fields: { summary: 'Now complete' },
      });
      expect(updated.status).toBe(200);
      expect((await call('content.publish', { id: created.body.id, locale: 'en' })).status).toBe(200);
    } finally {
      await h.db.query(page, ['false']);
    }
  });
});
