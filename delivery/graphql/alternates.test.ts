import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../core/testing/databases.ts';
import { graphqlIds as ids } from './graphql-fixture.ts';
import { type GraphqlWorld, graphqlWorld } from './graphql-test-kit.ts';

describe.each(testDatabases())('GraphQL alternates on $kind', ({ open }) => {
  let world: GraphqlWorld;
  beforeAll(async () => {
    world = await graphqlWorld(open, { bulk: true });
    await world.post('{ __typename }');
  });
  afterAll(() => world.close());

  it('names every locale a document is published in, with its permalink there', async () => {
    const answer = await world.post(
      `{ content(id: "${ids.about}", locale: "de") { permalink alternates { locale permalink } } }`,
    );
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.content.permalink).toBe('ueber-uns');
    expect(answer.body.data.content.alternates).toEqual([
      { locale: 'en', permalink: 'about' },
      { locale: 'de', permalink: 'ueber-uns' },
    ]);
  });

  it('costs one statement for a whole page of documents', async () => {
    const count = async (parentId: string) => {
      const before = world.db.stats.queries;
      const answer = await world.post(
        `query ($p: ID!) { contents(parentId: $p, limit: 100) { items { id alternates { locale } } } }`,
        { p: parentId },
      );
      expect(answer.body.errors).toBeUndefined();
      const items = answer.body.data.contents.items as Array<{ alternates: Array<{ locale: string }> }>;
      expect(items.every((i) => i.alternates.some((a) => a.locale === 'en'))).toBe(true);
      return { items: items.length, queries: world.db.stats.queries - before };
    };
    const ten = await count(ids.bulk10);
    const hundred = await count(ids.bulk100);
    expect([ten.items, hundred.items]).toEqual([10, 100]);
    expect(hundred.queries).toBe(ten.queries);
  });
});
