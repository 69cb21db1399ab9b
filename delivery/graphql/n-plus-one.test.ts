import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../core/testing/databases.ts';
import { graphqlIds as ids } from './graphql-fixture.ts';
import { type GraphqlWorld, graphqlWorld } from './graphql-test-kit.ts';
import { requestReads } from './request-reads.ts';

/** A `contents` page selecting relations, images, users, links, parent, children and blocks two levels deep. */
const query = `query Page($parentId: ID!, $locale: String) {
  contents(parentId: $parentId, locale: $locale, limit: 100) {
    total
    items {
      id title parent { title } children { id }
      ... on Page {
        hero { url thumb: variant(preset: "thumb") }
        related { title permalink }
        author { name avatar { url } }
        cta { href content { title } }
        content {
          blocks {
            typeName
            ... on Hero { heading image { url card: variant(preset: "card") } link { title } }
            ... on Columns { blocks { blocks { ... on Hero { heading image { alt } link { title } } } } }
            ... on Faq { items { question see { title children { title } } } }
          }
        }
      }
    }
  }
}`;

describe.each(testDatabases())('GraphQL database queries on $kind', ({ open }) => {
  let world: GraphqlWorld;
  beforeAll(async () => {
    world = await graphqlWorld(open, { bulk: true });
    // Warm the registry and the schema: the counts below are of reading content only.
    await world.post('{ __typename }');
  });
  afterAll(() => world.close());

  /** The reads of a new request in the fixture's space. */
  const freshReads = () =>
    requestReads({ reader: world.reader, spaceId: ids.space, defaultLocale: 'en', tags: { addTags() {} } });

  const counted = async (variables: Record<string, unknown>) => {
    const before = world.db.stats.queries;
    const answer = await world.post(query, variables);
    expect(answer.body.errors).toBeUndefined();
    return { queries: world.db.stats.queries - before, data: answer.body.data };
  };

  it('costs the same number of queries for 10 documents as for 100 (no N+1)', async () => {
    const ten = await counted({ parentId: ids.bulk10 });
    const hundred = await counted({ parentId: ids.bulk100 });
    expect(ten.data.contents.items).toHaveLength(10);
    expect(hundred.data.contents.items).toHaveLength(100);
    expect(hundred.queries).toBe(ten.queries);
    // Everything was resolved, at every level.
    const last = hundred.data.contents.items[99];
    expect(last).toMatchObject({
      title: 'Bulk 99',
      parent: { title: 'bulk-100' },
      children: [],
      hero: { url: expect.stringMatching(/\/original$/), thumb: expect.stringMatching(/\/thumb\.webp\?s=/) },
      related: [{ title: 'Team' }, { title: 'About us' }],
      author: { name: 'Ada', avatar: { url: expect.any(String) } },
      cta: { href: '/about/team', content: { title: 'Team' } },
    });
    const [hero, columns, faq] = last.content.blocks;
    expect(hero).toMatchObject({
      heading: 'Hero 99',
      image: { card: expect.stringMatching(/\/card\.webp/) },
      link: { title: 'About us' },
    });
    expect(columns.blocks.blocks[0]).toEqual({
      heading: 'Inner',
      image: { alt: 'A dot' },
      link: { title: 'Hello world' },
    });
    expect(faq.items[0]).toEqual({
      question: 'Why?',
      see: { title: 'News', children: [{ title: 'Hello world' }, { title: 'English only' }] },
    });
    // A small constant: the list, then one batch per relation level (documents, assets, users, children).
    expect(hundred.queries).toBeLessThanOrEqual(20);
  });

  it('reads a page of documents with their images, links and authors in one statement', async () => {
    const before = world.db.stats.queries;
    const answer = await world.post(`{ contents(parentId: "${ids.bulk10}") { items { title
      ... on Page { hero { url card: variant(preset: "card") } author { name avatar { url } } cta { href }
        content { blocks { ... on Hero { image { alt } } } } } } } }`);
    expect(answer.body.errors).toBeUndefined();
    const items = answer.body.data.contents.items;
    expect(items).toHaveLength(10);
    expect(items[9]).toMatchObject({
      title: 'Bulk 9',
      hero: { url: expect.stringMatching(/\/original$/), card: expect.stringMatching(/\/card\.webp\?s=/) },
      author: { name: 'Ada', avatar: { url: expect.any(String) } },
      cta: { href: '/about/team' },
      content: { blocks: [{ image: { alt: 'A dot' } }, {}, {}] },
    });
    expect(world.db.stats.queries - before).toBe(1);
  });

  it('reads an asset or user that the documents read so far did not bring', async () => {
    const reads = freshReads();
    const page = await world.reader.list(reads.context('en'), {
      parentId: ids.bulk10,
      limit: 10,
      offset: 0,
      carry: true,
    });
    reads.remember(page.items);
    const before = world.db.stats.queries;
    // Named by the page's fields: brought with it.
    expect((await reads.fieldAsset(ids.image))?.filename).toBe('dot.png');
    expect((await reads.user(ids.user))?.name).toBe('Ada');
    expect(world.db.stats.queries - before).toBe(0);
    // Named by no document of the page (as by a relation read later): read on its own.
    expect((await reads.fieldAsset(ids.orphanImage))?.filename).toBe('orphan.png');
    expect(world.db.stats.queries - before).toBe(1);
  });

  it('reads an absent asset once when a document read so far came without its assets', async () => {
    const reads = freshReads();
    // Without `carry`: the page's rows bring no assets or users.
    const page = await world.reader.list(reads.context('en'), { parentId: ids.bulk10, limit: 10, offset: 0 });
    reads.remember(page.items);
    const before = world.db.stats.queries;
    expect(await reads.fieldAsset('00000000-0000-4000-8000-00000000dead')).toBeNull();
    expect(world.db.stats.queries - before).toBe(1);
    expect((await reads.fieldAsset(ids.image))?.filename).toBe('dot.png');
    expect(world.db.stats.queries - before).toBe(2);
  });

  it('answers an identical query from the cache without touching the database', async () => {
    const first = await counted({ parentId: ids.bulk10, locale: 'en' });
    const again = await counted({ locale: 'en', parentId: ids.bulk10 });
    expect(first.queries).toBeGreaterThan(0);
    expect(again.queries).toBe(0);
    expect(again.data).toEqual(first.data);
  });
});
