import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../core/testing/databases.ts';
import { graphqlIds as ids } from './graphql-fixture.ts';
import { dataOf, type GraphqlWorld, graphqlWorld, refusalOf } from './graphql-test-kit.ts';

const page = `id typeName title slug permalink locale status publishedAt updatedAt tags { name slug }`;

describe.each(testDatabases())('GraphQL queries on $kind', ({ open }) => {
  let world: GraphqlWorld;
  const data = (query: string, variables?: Record<string, unknown>, operationName?: string) =>
    dataOf(world, query, variables, operationName);
  const refusal = (query: string, variables?: Record<string, unknown>) => refusalOf(world, query, variables);
  beforeAll(async () => {
    world = await graphqlWorld(open);
  });
  afterAll(() => world.close());

  describe('contentByPermalink', () => {
    it('answers the document at a permalink with every ContentNode field', async () => {
      const { contentByPermalink: doc } = await data(
        `{ contentByPermalink(permalink: "about/team/ada") { ${page} } }`,
      );
      expect(doc).toEqual({
        id: ids.lead,
        typeName: 'page',
        title: 'Ada Lovelace',
        slug: 'ada',
        permalink: 'about/team/ada',
        locale: 'en',
        status: 'PUBLISHED',
        publishedAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
        tags: [{ name: 'People', slug: 'people' }],
      });
    });

    it('answers the home page for "" (and "/"), in the requested locale', async () => {
      const d = await data(`{
        en: contentByPermalink(permalink: "") { id title }
        slash: contentByPermalink(permalink: "/") { id }
        de: contentByPermalink(permalink: "", locale: "de") { id title locale }
      }`);
      expect(d).toEqual({
        en: { id: ids.home, title: 'Home' },
        slash: { id: ids.home },
        de: { id: ids.home, title: 'Start', locale: 'de' },
      });
    });

    it('reads permalinks of the locale; null when nothing is published there', async () => {
      const d = await data(`{
        de: contentByPermalink(permalink: "ueber-uns/team", locale: "de") { id permalink }
        enPathInDe: contentByPermalink(permalink: "about", locale: "de") { id }
        none: contentByPermalink(permalink: "nothing/here") { id }
        unpublished: contentByPermalink(permalink: "unpublished") { id }
        leadingSlash: contentByPermalink(permalink: "/about/") { id }
      }`);
      expect(d).toEqual({
        de: { id: ids.team, permalink: 'ueber-uns/team' },
        enPathInDe: null,
        none: null,
        unpublished: null,
        leadingSlash: { id: ids.about },
      });
    });

    it('refuses a locale the space does not have, naming it', async () => {
      const { error } = await refusal(`{ contentByPermalink(permalink: "about", locale: "fr") { id } }`);
      expect(error.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        key: 'validation.failed',
        details: [{ key: 'validation.invalid', path: 'locale' }],
      });
      expect(error.path).toEqual(['contentByPermalink']);
    });
  });

  describe('content', () => {
    it('answers one document by id in a locale; null where it is not published', async () => {
      const d = await data(
        `query ($id: ID!) {
          en: content(id: $id) { title locale }
          de: content(id: $id, locale: "de") { title locale }
          englishOnlyDe: content(id: "${ids.englishOnly}", locale: "de") { id }
          hidden: content(id: "${ids.hidden}") { id }
          underHidden: content(id: "${ids.hiddenChild}") { id }
          missing: content(id: "00000000-0000-4000-8000-00000000ffff") { id }
        }`,
        { id: ids.about },
      );
      expect(d).toEqual({
        en: { title: 'About us', locale: 'en' },
        de: { title: 'Über uns', locale: 'de' },
        englishOnlyDe: null,
        hidden: null,
        underHidden: null,
        missing: null,
      });
    });

    it('refuses an id that is not an id, naming the argument', async () => {
      const { error } = await refusal(`{ content(id: "nope") { id } }`);
      expect(error.extensions).toMatchObject({
        key: 'validation.failed',
        details: [{ key: 'validation.invalid', path: 'id' }],
      });
    });

    it('relates parent and children in the same locale', async () => {
      const { content } = await data(
        `{ content(id: "${ids.team}", locale: "de") { parent { id title } children { id permalink } } }`,
      );
      expect(content).toEqual({
        parent: { id: ids.about, title: 'Über uns' },
        children: [{ id: ids.lead, permalink: 'ueber-uns/team/ada' }],
      });
    });
  });

  describe('contents', () => {
    const idsOf = (list: { items: { id: string }[] }) => list.items.map((i) => i.id);

    it('lists published documents in tree order with total, limit and offset', async () => {
      const { contents } = await data(`{ contents { total limit offset items { id } } }`);
      expect(contents).toMatchObject({ total: 8, limit: 25, offset: 0 });
      expect(new Set(idsOf(contents))).toEqual(
        new Set([ids.home, ids.about, ids.team, ids.lead, ids.news, ids.hello, ids.englishOnly, ids.clash]),
      );
    });

    it('filters by type, parentId, under, tags, search and locale', async () => {
      const d = await data(`{
        type: contents(type: "blog-post") { items { id } }
        parent: contents(parentId: "${ids.news}") { items { id } }
        under: contents(under: "${ids.about}") { items { id } }
        tags: contents(tags: ["people", "company"]) { items { id } }
        search: contents(search: "Willkommen", locale: "de") { items { id } }
        de: contents(parentId: "${ids.news}", locale: "de") { items { id locale } }
      }`);
      expect(idsOf(d.type)).toEqual([ids.hello, ids.englishOnly]);
      expect(idsOf(d.parent)).toEqual([ids.hello, ids.englishOnly]);
      expect(new Set(idsOf(d.under))).toEqual(new Set([ids.team, ids.lead]));
      expect(new Set(idsOf(d.tags))).toEqual(new Set([ids.about, ids.lead]));
      expect(idsOf(d.search)).toEqual([ids.home]);
      expect(d.de.items).toEqual([{ id: ids.hello, locale: 'de' }]);
    });

    it('pages with limit and offset', async () => {
      const d = await data(`{
        all: contents(parentId: "${ids.news}") { items { id } }
        first: contents(parentId: "${ids.news}", limit: 1) { total limit items { id } }
        second: contents(parentId: "${ids.news}", limit: 1, offset: 1) { offset items { id } }
      }`);
      expect(d.first).toEqual({ total: 2, limit: 1, items: [d.all.items[0]] });
      expect(d.second).toEqual({ offset: 1, items: [d.all.items[1]] });
    });

    it('refuses a limit above 100 or below 1 (not clamped), and a negative offset, naming the argument', async () => {
      for (const [args, path] of [
        ['limit: 101', 'limit'],
        ['limit: 0', 'limit'],
        ['offset: -1', 'offset'],
      ] as const) {
        const { error, data: partial } = await refusal(
          `{ contents(${args}) { total } menu(name: "main") { id } }`,
        );
        expect(error.extensions).toMatchObject({
          code: 'BAD_USER_INPUT',
          key: 'validation.failed',
          details: [{ key: 'validation.invalid', path }],
        });
        // The other root field still answers.
        expect(partial).toEqual({ contents: null, menu: { id: ids.mainMenu } });
      }
      const { contents } = await data(`{ contents(limit: 100) { limit } }`);
      expect(contents.limit).toBe(100);
    });

    it('answers contentType.notFound for an unknown type', async () => {
      const { error } = await refusal(`{ contents(type: "nope") { total } }`);
      expect(error.extensions).toMatchObject({ code: 'NOT_FOUND', key: 'contentType.notFound' });
    });

    it('selects type fields with inline fragments on two types, clashing names included', async () => {
      const { contents } = await data(`{
        contents(limit: 100) {
          items {
            __typename id
            ... on Page { summary }
            ... on BlogPost { metaDescription mood }
            ... on BlogPost2 { title fieldTitle metaDescription metaDescription2 }
          }
        }
      }`);
      const byId = new Map(contents.items.map((i: { id: string }) => [i.id, i]));
      expect(byId.get(ids.about)).toEqual({ __typename: 'Page', id: ids.about, summary: 'Who we are' });
      expect(byId.get(ids.hello)).toEqual({
        __typename: 'BlogPost',
        id: ids.hello,
        metaDescription: 'First post',
        mood: 'calm',
      });
      expect(byId.get(ids.clash)).toEqual({
        __typename: 'BlogPost2',
        id: ids.clash,
        title: 'Legacy post',
        fieldTitle: 'Field title',
        metaDescription: 'snake',
        metaDescription2: 'camel',
      });
    });
  });

  describe('type fields', () => {
    it('resolves relations, links, rich text, users and blocks as objects, at every depth', async () => {
      const { content } = await data(`{
        content(id: "${ids.about}") {
          ... on Page {
            related { id title }
            author { id name avatar { id } }
            cta { url contentId label target href content { id } }
            body
            content {
              grid
              blocks {
                blockId typeName layout design { variant style }
                ... on Hero { heading image { id } link { id } }
                ... on Columns { blocks { blocks { typeName ... on Hero { heading link { permalink } } } } }
                ... on Faq { items { itemId question answer see { id } } }
              }
            }
          }
        }
      }`);
      expect(content.related).toEqual([
        { id: ids.team, title: 'Team' },
        { id: ids.englishOnly, title: 'English only' },
      ]);
      expect(content.author).toEqual({ id: ids.user, name: 'Ada', avatar: { id: ids.image } });
      expect(content.cta).toEqual({
        url: null,
        contentId: ids.team,
        label: 'Meet the team',
        target: '_self',
        href: '/about/team',
        content: { id: ids.team },
      });
      expect(content.body.type).toBe('doc');
      expect(JSON.stringify(content.body)).toContain('/about/team');
      const [hero, columns, faq] = content.content.blocks;
      expect(content.content.grid).toBeNull();
      expect(hero).toMatchObject({
        typeName: 'hero',
        heading: 'Hi',
        image: { id: ids.image },
        link: { id: ids.team },
        design: { variant: 'imageLeft', style: null },
        layout: null,
      });
      expect(columns.blocks.blocks).toEqual([
        { typeName: 'hero', heading: 'Inner', link: { permalink: 'news/hello' } },
      ]);
      expect(faq.items).toEqual([
        {
          itemId: '00000000-0000-4000-8000-00000000f001',
          question: 'Why?',
          answer: null,
          see: { id: ids.about },
        },
      ]);
    });

    it('leaves out related documents not published in the locale', async () => {
      const { content } = await data(
        `{ content(id: "${ids.about}", locale: "de") { ... on Page { related { id } } } }`,
      );
      expect(content.related).toEqual([]);
    });

    it('has no restricted field: selecting one is a validation error', async () => {
      const { status, error } = await refusal(
        `{ content(id: "${ids.about}") { ... on Page { internalNotes } } }`,
      );
      expect(status).toBe(400);
      expect(error.extensions).toEqual({ code: 'GRAPHQL_VALIDATION_FAILED', key: 'graphql.query.invalid' });
      expect(error.message).toBe('Cannot query field "internalNotes" on type "Page".');
    });
  });

  describe('menu and asset', () => {
    it('answers a menu with entries, hrefs and documents in the locale; null for an unknown name', async () => {
      const d = await data(`{
        en: menu(name: "main") { id name machineName items { id label url target href content { id title } children { label href } } }
        de: menu(name: "main", locale: "de") { items { label href content { title } } }
        none: menu(name: "nope") { id }
      }`);
      expect(d.en).toMatchObject({ id: ids.mainMenu, name: 'Main', machineName: 'main' });
      expect(d.en.items).toEqual([
        {
          id: '00000000-0000-4000-8000-0000000000d2',
          label: 'About',
          url: null,
          target: '_self',
          href: '/about',
          content: { id: ids.about, title: 'About us' },
          children: [{ label: 'Team', href: '/about/team' }],
        },
        {
          id: '00000000-0000-4000-8000-0000000000d4',
          label: 'Only English',
          url: null,
          target: '_self',
          href: '/news/english-only',
          content: { id: ids.englishOnly, title: 'English only' },
          children: [],
        },
        {
          id: '00000000-0000-4000-8000-0000000000d5',
          label: 'GitHub',
          url: 'https://github.com',
          target: '_blank',
          href: 'https://github.com',
          content: null,
          children: [],
        },
      ]);
      expect(d.de.items[0]).toEqual({
        label: 'Über uns',
        href: '/ueber-uns',
        content: { title: 'Über uns' },
      });
      expect(d.none).toBeNull();
    });

    it('answers an asset that published content references; null otherwise', async () => {
      const d = await data(`{
        image: asset(id: "${ids.image}") { id filename }
        orphan: asset(id: "${ids.orphanImage}") { id }
      }`);
      expect(d).toEqual({ image: { id: ids.image, filename: 'dot.png' }, orphan: null });
    });
  });

  describe('operations', () => {
    it('refuses mutations and subscriptions', async () => {
      for (const op of ['mutation { publish }', 'subscription { changed }']) {
        const { status, error } = await refusal(op);
        expect(status).toBe(400);
        expect(error.extensions).toEqual({
          code: 'GRAPHQL_VALIDATION_FAILED',
          key: 'graphql.operation.unsupported',
        });
      }
    });

    it('answers variables and a chosen operation of several', async () => {
      const both = `query A { a: content(id: "${ids.home}") { id } } query B($id: ID!) { b: content(id: $id) { title } }`;
      expect(await data(both, { id: ids.team }, 'B')).toEqual({ b: { title: 'Team' } });
      expect(await data(both, undefined, 'A')).toEqual({ a: { id: ids.home } });
      const { status, error } = await refusal(both);
      expect(status).toBe(400);
      expect(error.extensions.key).toBe('graphql.request.invalid');
    });
  });
});
