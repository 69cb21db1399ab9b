import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMigrations, loadPlugins } from '../../cli/plugins.ts';
import { cacheTags } from '../../core/cache/tags.ts';
import type { Db } from '../../core/db/types.ts';
import { AppError } from '../../core/errors/app-error.ts';
import { memoryStorage } from '../../core/media/memory-storage.ts';
import { importSpace } from '../../core/space-format/import.ts';
import { parseSpaceFile } from '../../core/space-format/validate.ts';
import { migrated, testDatabases } from '../../core/testing/databases.ts';
import { deliveryFixture, deliveryIds as ids } from './delivery-fixture.ts';
import { createReader } from './reader.ts';
import type { DeliveredAsset, DeliveredBlocks, DeliveredDocument, ReadContext, Reader } from './types.ts';

const plugins = loadPlugins({ website: true });
const secret = 'a-media-secret-of-at-least-32-characters';

function context(locale = 'en', extra: Partial<ReadContext> = {}) {
  const tags = new Set<string>();
  const ctx: ReadContext = {
    spaceId: ids.space,
    locale,
    tags: {
      addTags: (t) => {
        for (const x of t) tags.add(x);
      },
    },
    ...extra,
  };
  return { ctx, tags };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe.each(testDatabases())('the reader on $kind', ({ open }) => {
  let db: Db;
  let drop: () => Promise<void>;
  let reader: Reader;
  beforeAll(async () => {
    ({ db, drop } = await migrated(open, allMigrations(plugins)));
    await importSpace(db, parseSpaceFile(deliveryFixture(), plugins), {
      baseDir: process.cwd(),
      storage: memoryStorage(),
      plugins,
    });
    reader = createReader({ db, mediaSecret: () => secret, blockDesigns: true });
  });
  afterAll(() => drop());

  it('finds documents by nested permalink, per locale, and the home by the empty path', async () => {
    const en = context('en').ctx;
    const de = context('de').ctx;
    expect((await reader.byPermalink(en, 'about/team/ada'))?.id).toBe(ids.lead);
    expect((await reader.byPermalink(en, '/about/team/'))?.permalink).toBe('about/team');
    expect((await reader.byPermalink(de, 'ueber-uns/team/ada'))?.permalink).toBe('ueber-uns/team/ada');
    expect(await reader.byPermalink(de, 'about/team')).toBeNull();
    expect(await reader.byPermalink(en, 'about/nobody')).toBeNull();
    expect(await reader.byPermalink(en, 'about//team')).toBeNull();
    const home = await reader.byPermalink(en, '');
    expect(home).toMatchObject({ id: ids.home, permalink: 'home', title: 'Home' });
    expect(await reader.home(de)).toMatchObject({
      id: ids.home,
      permalink: 'start',
      title: 'Start',
      locale: 'de',
    });
  });

  it('delivers a document published in one locale only there, and nothing under an unpublished parent', async () => {
    expect((await reader.byId(context('en').ctx, ids.englishOnly))?.permalink).toBe('news/english-only');
    expect(await reader.byId(context('de').ctx, ids.englishOnly)).toBeNull();
    expect(await reader.byId(context('en').ctx, ids.hidden)).toBeNull();
    expect(await reader.byId(context('en').ctx, ids.hiddenChild)).toBeNull();
    expect(await reader.byPermalink(context('en').ctx, 'unpublished/secret-child')).toBeNull();
    const all = await reader.list(context('en').ctx, { limit: 100, offset: 0 });
    expect(all.items.map((d) => d.id)).not.toContain(ids.hiddenChild);
  });

  it('shapes a document: public fields only, links with href, blocks with design instead of ext', async () => {
    const { ctx, tags } = context('en');
    const about = (await reader.byId(ctx, ids.about)) as DeliveredDocument;
    expect(about).toMatchObject({
      id: ids.about,
      type: 'page',
      title: 'About us',
      slug: 'about',
      permalink: 'about',
      locale: 'en',
      parentId: null,
      publishedAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      tags: [{ name: 'Company', slug: 'company' }],
    });
    expect(about.draft).toBeUndefined();
    expect(Object.keys(about.fields)).toEqual([
      'summary',
      'body',
      'hero',
      'related',
      'author',
      'cta',
      'content',
      'rank',
    ]);
    expect(JSON.stringify(about)).not.toContain('secret plan');
    expect(about.fields.related).toEqual([ids.team, ids.englishOnly]);
    expect(about.fields.author).toBe(ids.user);
    expect(about.fields.cta).toEqual({
      url: null,
      contentId: ids.team,
      label: 'Meet the team',
      target: '_self',
      href: '/about/team',
    });
    expect(JSON.stringify(about.fields.body)).toContain('"href":"/about/team"');
    const blocks = about.fields.content as DeliveredBlocks;
    expect(blocks.grid).toBeNull();
    expect(blocks.blocks.map((b) => b.type)).toEqual(['hero', 'columns', 'faq']);
    expect(blocks.blocks[0]).toMatchObject({
      design: { variant: 'imageLeft', style: null },
      fields: { heading: 'Hi', image: ids.image, link: ids.team },
    });
    expect(blocks.blocks[1]?.design).toBeUndefined();
    expect(JSON.stringify(blocks)).not.toContain('"ext"');
    expect(tags).toEqual(
      new Set([cacheTags.registry, cacheTags.document(ids.about), cacheTags.document(ids.team)]),
    );
  });

  it('leaves blocks without a design when the website plugin is off', async () => {
    const plain = createReader({ db, mediaSecret: () => secret, blockDesigns: false });
    const about = (await plain.byId(context('en').ctx, ids.about)) as DeliveredDocument;
    expect(JSON.stringify(about.fields.content)).not.toContain('design');
  });

  it('expands relations at the top level, inside blocks at any depth and inside repeaters', async () => {
    const { ctx, tags } = context('en');
    const about = (await reader.byId(ctx, ids.about, [
      'related',
      'author',
      'image',
      'link',
      'see',
    ])) as DeliveredDocument;
    const related = about.fields.related as DeliveredDocument[];
    expect(related.map((d) => [d.id, d.permalink])).toEqual([
      [ids.team, 'about/team'],
      [ids.englishOnly, 'news/english-only'],
    ]);
    expect(about.fields.author).toMatchObject({ id: ids.user, name: 'Ada', avatar: { id: ids.image } });
    const blocks = (about.fields.content as DeliveredBlocks).blocks;
    const image = blocks[0]!.fields.image as DeliveredAsset;
    expect(image).toMatchObject({
      id: ids.image,
      url: `/media/${ids.image}/original`,
      filename: 'dot.png',
      mimeType: 'image/png',
      alt: 'A dot',
      width: 1,
      height: 1,
    });
    expect(image.variants.card).toMatch(new RegExp(`^/media/${ids.image}/card\\.webp\\?s=[\\w-]{22}$`));
    expect((blocks[0]!.fields.link as DeliveredDocument).id).toBe(ids.team);
    const inner = (blocks[1]!.fields.blocks as DeliveredBlocks).blocks[0];
    expect((inner!.fields.link as DeliveredDocument).permalink).toBe('news/hello');
    const item = (blocks[2]!.fields.items as Array<{ fields: Record<string, unknown> }>)[0];
    const see = item!.fields.see as DeliveredDocument;
    // Expanded documents keep their own relations as ids, and their links still resolve.
    expect(see.id).toBe(ids.about);
    expect(see.fields.related).toEqual([ids.team, ids.englishOnly]);
    expect((see.fields.cta as { href: string }).href).toBe('/about/team');
    for (const id of [ids.team, ids.englishOnly, ids.hello, ids.news, ids.about])
      expect(tags).toContain(cacheTags.document(id));
    expect(tags).toContain(cacheTags.asset(ids.image));
  });

  it('leaves out related documents that are not delivered in the locale', async () => {
    const about = (await reader.byId(context('de').ctx, ids.about, ['related'])) as DeliveredDocument;
    expect(about.fields.related).toBeNull();
    const en = (await reader.byId(context('en').ctx, ids.about, ['related'])) as DeliveredDocument;
    await db.query(`update document_versions set state = 'draft' where document_id = $1 and locale = 'en'`, [
      ids.englishOnly,
    ]);
    try {
      const after = (await reader.byId(context('en').ctx, ids.about, ['related'])) as DeliveredDocument;
      expect((en.fields.related as DeliveredDocument[]).map((d) => d.id)).toEqual([
        ids.team,
        ids.englishOnly,
      ]);
      expect((after.fields.related as DeliveredDocument[]).map((d) => d.id)).toEqual([ids.team]);
    } finally {
      await db.query(
        `update document_versions set state = 'published' where document_id = $1 and locale = 'en'`,
        [ids.englishOnly],
      );
    }
  });

  it('lists in tree order with type, parentId, under, tags, search, limit and offset', async () => {
    const en = () => context('en').ctx;
    const list = (q: Partial<Parameters<Reader['list']>[1]>) =>
      reader.list(en(), { limit: 25, offset: 0, ...q });
    const all = await list({});
    expect(all.items.map((d) => d.permalink)).toEqual([
      'home',
      'about',
      'about/team',
      'about/team/ada',
      'news',
      'news/hello',
      'news/english-only',
    ]);
    expect(all).toMatchObject({ total: 7, limit: 25, offset: 0 });
    expect((await list({ type: 'blog-post' })).items.map((d) => d.id)).toEqual([ids.hello, ids.englishOnly]);
    expect((await list({ parentId: ids.about })).items.map((d) => d.id)).toEqual([ids.team]);
    expect((await list({ under: ids.about })).items.map((d) => d.id)).toEqual([ids.team, ids.lead]);
    expect((await list({ tags: ['people', 'announcements'] })).items.map((d) => d.id)).toEqual([
      ids.lead,
      ids.hello,
    ]);
    // "roast" is only in the body of About (a search-contributing rich-text field).
    expect((await list({ search: 'roast' })).items.map((d) => d.id)).toEqual([ids.about]);
    // "announcements" is only the name of a tag of Hello world.
    expect((await list({ search: 'announcements' })).items.map((d) => d.id)).toEqual([ids.hello]);
    const page = await list({ limit: 2, offset: 2 });
    expect(page).toMatchObject({ total: 7, limit: 2, offset: 2 });
    expect(page.items.map((d) => d.permalink)).toEqual(['about/team', 'about/team/ada']);
    expect(await list({ offset: 50 })).toMatchObject({ items: [], total: 7 });
    const de = await reader.list(context('de').ctx, { limit: 25, offset: 0, type: 'blog-post' });
    expect(de.items.map((d) => d.permalink)).toEqual(['neuigkeiten/hallo']);
  });

  it('refuses limits out of range and unknown types', async () => {
    for (const limit of [0, 101, 2.5]) {
      const err = await refusal(reader.list(context().ctx, { limit, offset: 0 }));
      expect(err.key).toBe('validation.failed');
      expect(err.details).toEqual([
        { key: 'validation.invalid', params: expect.objectContaining({ min: 1, max: 100 }), path: 'limit' },
      ]);
    }
    expect((await refusal(reader.list(context().ctx, { limit: 25, offset: -1 }))).details[0]?.path).toBe(
      'offset',
    );
    expect((await refusal(reader.list(context().ctx, { limit: 25, offset: 0, type: 'nope' }))).key).toBe(
      'contentType.notFound',
    );
  });

  it('records the lists tag on answers that any publish may change, and only on those', async () => {
    const missing = context();
    expect(await reader.byPermalink(missing.ctx, 'about/nobody')).toBeNull();
    expect(missing.tags).toContain(cacheTags.lists(ids.space));
    const listed = context();
    await reader.list(listed.ctx, { limit: 25, offset: 0 });
    expect(listed.tags).toContain(cacheTags.lists(ids.space));
    const children = context();
    await reader.children(children.ctx, [ids.news]);
    expect(children.tags).toContain(cacheTags.lists(ids.space));
    // A document found, with its alternates, related documents and assets: the tags of what it read.
    const page = context();
    const doc = (await reader.byPermalink(page.ctx, 'about/team', undefined, { related: true }))!;
    await reader.alternates(page.ctx, [doc.id], [doc]);
    await reader.byIds(page.ctx, [ids.hello], undefined, [doc]);
    await reader.referencedAssets(page.ctx, [ids.image], [doc]);
    expect(page.tags).not.toContain(cacheTags.lists(ids.space));
    expect(page.tags).toContain(cacheTags.document(ids.about));
  });

  it('tags what was asked by id and is not delivered with that id, so that its publish ends the answer', async () => {
    const dead = '00000000-0000-4000-8000-00000000DEAD';
    const missing = context();
    expect(await reader.byId(missing.ctx, dead)).toBeNull();
    expect([...missing.tags]).toEqual([cacheTags.registry, cacheTags.document(dead.toLowerCase())]);
    const de = context('de');
    expect(await reader.byId(de.ctx, ids.englishOnly)).toBeNull();
    expect((await reader.byIds(de.ctx, [ids.about, ids.englishOnly])).size).toBe(1);
    expect((await reader.alternates(de.ctx, [ids.hiddenChild])).size).toBe(0);
    expect(de.tags).toContain(cacheTags.document(ids.englishOnly));
    expect(de.tags).toContain(cacheTags.document(ids.hiddenChild));
    expect(de.tags).not.toContain(cacheTags.lists(ids.space));
    // An asset the public may not see (no published content names it): its use, which a publish purges.
    const asset = context();
    expect(await reader.asset(asset.ctx, ids.orphanImage)).toBeNull();
    expect([...asset.tags].sort()).toEqual(
      [cacheTags.asset(ids.orphanImage), cacheTags.assetUse(ids.orphanImage)].sort(),
    );
  });

  it('resolves menus for the locale, leaving out entries not delivered there', async () => {
    const { ctx, tags } = context('en');
    const en = await reader.menu(ctx, 'main');
    expect(en?.items.map((i) => i.label)).toEqual(['About', 'Only English', 'GitHub']);
    expect(en?.items[0]?.children.map((i) => [i.label, i.content?.permalink])).toEqual([
      ['Team', 'about/team'],
    ]);
    expect(en?.items[2]).toMatchObject({
      url: 'https://github.com',
      target: '_blank',
      content: null,
      children: [],
    });
    expect(tags).toContain(cacheTags.menu(ids.mainMenu));
    const deTags = context('de');
    const de = await reader.menu(deTags.ctx, 'main');
    expect(de?.items.map((i) => [i.label, i.content?.permalink ?? i.url])).toEqual([
      ['Über uns', 'ueber-uns'],
      ['GitHub', 'https://github.com'],
    ]);
    // The entries left out come back when their documents are published in the locale: their tags, not the lists.
    expect(deTags.tags).toContain(cacheTags.document(ids.englishOnly));
    expect(deTags.tags).not.toContain(cacheTags.lists(ids.space));
    expect(await reader.menu(context().ctx, 'nope')).toBeNull();
  });

  it('answers redirects per locale, a redirect to a document pointing at its address', async () => {
    const { ctx, tags } = context('en');
    expect(await reader.redirects(ctx)).toEqual([
      { locale: 'en', fromPath: '/old-about', toPath: '/about', status: 301, contentId: null },
    ]);
    expect(tags).toContain(cacheTags.redirects(ids.space));
    const de = context('de');
    expect(await reader.redirects(de.ctx)).toEqual([
      { locale: 'de', fromPath: '/alt', toPath: '/ueber-uns', status: 302, contentId: ids.about },
    ]);
    // The target's address came with the redirects: its document (and ancestors) and new content tag them.
    expect(de.tags).toContain(cacheTags.document(ids.about));
    expect(de.tags).not.toContain(cacheTags.lists(ids.space));
  });

  it('points a redirect at nothing while its document is not delivered, for the public and in previews', async () => {
    await db.query(
      `insert into redirects (space_id, locale, from_path, to_path, status, content_id, position)
       values ($1, 'en', '/secret', null, 302, $2, 9), ($1, 'en', '/team-old', null, 301, $3, 10)`,
      [ids.space, ids.hiddenChild, ids.team],
    );
    try {
      const expected = [
        { locale: 'en', fromPath: '/old-about', toPath: '/about', status: 301, contentId: null },
        { locale: 'en', fromPath: '/secret', toPath: null, status: 302, contentId: ids.hiddenChild },
        { locale: 'en', fromPath: '/team-old', toPath: '/about/team', status: 301, contentId: ids.team },
      ];
      const published = context('en');
      expect(await reader.redirects(published.ctx)).toEqual(expected);
      expect(published.tags).toContain(cacheTags.document(ids.about));
      // The target not delivered: its publish gives the redirect an address.
      expect(published.tags).toContain(cacheTags.document(ids.hiddenChild));
      // A preview of one document walks the tree for the targets and finds the same.
      expect(await reader.redirects(context('en', { drafts: { documentId: ids.team } }).ctx)).toEqual(
        expected,
      );
    } finally {
      await db.query(`delete from redirects where from_path in ('/secret', '/team-old')`);
    }
  });

  it('delivers assets that published content references, with signed variants, and no others', async () => {
    const { ctx, tags } = context('en', { origin: 'https://api.test' });
    const image = await reader.asset(ctx, ids.image);
    expect(image?.url).toBe(`https://api.test/media/${ids.image}/original`);
    expect(Object.keys(image?.variants ?? {})).toEqual(['thumb', 'card', 'hero']);
    expect(image?.variants.hero).toMatch(/^https:\/\/api\.test\/media\/.+\/hero\.webp\?s=/);
    expect(tags).toContain(cacheTags.asset(ids.image));
    expect(await reader.asset(context().ctx, ids.orphanImage)).toBeNull();
    // A share-link preview sees every asset of the space.
    expect((await reader.asset(context('en', { drafts: 'all' }).ctx, ids.orphanImage))?.id).toBe(
      ids.orphanImage,
    );
    expect([...(await reader.assets(context().ctx, [ids.image, ids.orphanImage])).keys()]).toEqual([
      ids.image,
    ]);
  });

  it('reads users with their avatars, children and alternates in batches', async () => {
    const users = await reader.users(context().ctx, [ids.user]);
    expect(users.get(ids.user)).toMatchObject({ id: ids.user, name: 'Ada', avatar: { id: ids.image } });
    const children = await reader.children(context().ctx, [ids.news, ids.about]);
    expect(children.get(ids.news)?.map((d) => d.id)).toEqual([ids.hello, ids.englishOnly]);
    expect(children.get(ids.about)?.map((d) => d.id)).toEqual([ids.team]);
    const alternates = await reader.alternates(context().ctx, [ids.about, ids.englishOnly, ids.hiddenChild]);
    expect(alternates.get(ids.about)).toEqual({ en: 'about', de: 'ueber-uns' });
    expect(alternates.get(ids.englishOnly)).toEqual({ en: 'news/english-only' });
    expect(alternates.has(ids.hiddenChild)).toBe(false);
    const byIds = await reader.byIds(context('de').ctx, [ids.about, ids.englishOnly]);
    expect([...byIds.keys()]).toEqual([ids.about]);
  });

  it('shows drafts only through a share-link context', async () => {
    const all = context('en', { drafts: 'all' }).ctx;
    expect(await reader.byId(all, ids.about)).toMatchObject({ title: 'About us (draft)', draft: true });
    expect((await reader.byId(all, ids.hiddenChild))?.permalink).toBe('unpublished/secret-child');
    const one = context('en', { drafts: { documentId: ids.about } }).ctx;
    expect((await reader.byId(one, ids.about))?.title).toBe('About us (draft)');
    expect(await reader.byId(one, ids.hidden)).toBeNull();
    expect((await reader.byId(context().ctx, ids.about))?.title).toBe('About us');
  });

  it('describes the content model with public fields only', async () => {
    const model = await reader.contentModel(ids.space);
    expect(model.schemaVersion).toBe(1);
    expect(model.contentTypes.map((t) => t.name)).toEqual(['page', 'blog-post']);
    expect(model.blockTypes.map((t) => t.name)).toEqual(['hero', 'columns', 'faq']);
    const page = model.contentTypes[0]?.fields as Array<{ name: string }>;
    expect(page.map((f) => f.name)).not.toContain('internal_notes');
    expect(page.find((f) => f.name === 'rank')).toEqual({
      name: 'rank',
      type: 'number',
      localized: false,
      multiple: false,
    });
  });

  it('answers contentType.notFound for documents of types the running registry has not reloaded', async () => {
    const fresh = createReader({ db, mediaSecret: () => secret, blockDesigns: true });
    await fresh.contentModel(ids.space);
    const eventId = '00000000-0000-4000-8000-0000000000e7';
    await db.query(
      `insert into content_types (space_id, kind, name, title, fields, position) values ($1, 'content', 'event', 'Event', '[]', 9)`,
      [ids.space],
    );
    await db.query(
      `insert into documents (id, space_id, type, parent_id, position) values ($1, $2, 'event', null, 9)`,
      [eventId, ids.space],
    );
    await db.query(
      `insert into document_versions (document_id, locale, state, title, slug) values ($1, 'en', 'published', 'Launch', 'launch')`,
      [eventId],
    );
    await db.query('update registry_state set schema_version = schema_version + 1');
    try {
      expect((await refusal(fresh.byId(context().ctx, eventId))).key).toBe('contentType.notFound');
      expect((await refusal(fresh.byPermalink(context().ctx, 'launch'))).key).toBe('contentType.notFound');
      expect(
        (await fresh.list(context().ctx, { limit: 100, offset: 0 })).items.map((d) => d.id),
      ).not.toContain(eventId);
      expect(await fresh.schemaVersion()).toBe(1);
      await fresh.reloadRegistry();
      expect(await fresh.schemaVersion()).toBe(2);
      expect((await fresh.byId(context().ctx, eventId))?.type).toBe('event');
      expect((await fresh.contentModel(ids.space)).contentTypes.map((t) => t.name)).toContain('event');
    } finally {
      await db.query('delete from documents where id = $1', [eventId]);
      await db.query(`delete from content_types where space_id = $1 and name = 'event'`, [ids.space]);
      await db.query('update registry_state set schema_version = 1');
    }
  });
});
