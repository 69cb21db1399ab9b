import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheTags } from '../../core/cache/tags.ts';
import type { Db } from '../../core/db/types.ts';
import { testDatabases } from '../../core/testing/databases.ts';
import { deliveryIds as ids } from './delivery-fixture.ts';
import { createReader } from './reader.ts';
import { context, openReader, refusal, secret } from './reader-test-kit.ts';
import type { DeliveredAsset, DeliveredBlocks, DeliveredDocument, Reader } from './types.ts';

describe.each(testDatabases())('the reader on $kind', ({ open }) => {
  let db: Db;
  let drop: () => Promise<void>;
  let reader: Reader;
  beforeAll(async () => {
    ({ db, reader, drop } = await openReader(open));
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

  it('gives menus as a site shows them (read with their documents) with the entries and tags of the full menus', async () => {
    type Item = { label: unknown; url: string | null; content: { id: string; permalink: string } | null };
    const strip = (items: (Item & { children: Item[] })[]): unknown[] =>
      items.map((i) => ({
        label: i.label,
        url: i.url,
        content: i.content && { id: i.content.id, permalink: i.content.permalink },
        children: strip(i.children as never),
      }));
    for (const locale of ['en', 'de']) {
      const full = context(locale);
      const shown = context(locale);
      const menu = await reader.menu(full.ctx, 'main');
      const [summary] = await reader.menuSummaries(shown.ctx, ['main']);
      expect(strip(summary!.items as never)).toEqual(strip(menu!.items as never));
      expect(shown.tags).toContain(cacheTags.menu(ids.mainMenu));
      expect(shown.tags).toContain(cacheTags.document(ids.englishOnly));
    }
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
    expect(Object.keys(image?.variants ?? {})).toEqual(['thumb', 'card', 'hero', 'srcset']);
    expect(image?.variants.srcset?.avif).toMatch(
      /^https:\/\/api\.test\/media\/.+\/w320\.avif\?s=[\w-]{22} 1w$/,
    );
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
