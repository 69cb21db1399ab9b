import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheTags } from '../../core/cache/tags.ts';
import { testDatabases } from '../../core/testing/databases.ts';
import { deliveryIds as ids } from '../reader/delivery-fixture.ts';
import { orderedFixture, orderedIds } from '../reader/ordered-fixture.ts';
import { openReader } from '../reader/reader-test-kit.ts';
import { expectError, json, openRest } from './rest-test-kit.ts';
import { AuthorList } from './schemas.ts';

describe.each(testDatabases())('GET /v1/authors on $kind', ({ open }) => {
  let rest: Awaited<ReturnType<typeof openRest>>;
  beforeAll(async () => {
    rest = await openRest(open);
  });
  afterAll(() => rest?.close());
  const authors = async (query = '') =>
    AuthorList.parse((await json(rest.api, `/v1/authors${query}`)).body).items;

  it('lists the users delivered documents name as their author, with counts and avatars', async () => {
    const en = await authors();
    expect(en.map((a) => [a.id, a.name])).toEqual([[ids.user, 'Ada']]);
    // What a filter on the author field finds is what the count says.
    const named = await json(rest.api, `/v1/content?type=page&filter[fields.author][eq]=${ids.user}`);
    expect(named.status).toBe(200);
    expect(en[0]!.count).toBe(named.body.total);
    expect(en[0]!.count).toBeGreaterThan(0);
    expect(en[0]!.avatar?.url).toMatch(/^http:\/\/[^/]+\/media\/[0-9a-f-]+\/original$/);
    // The German version of About names no author (the field is localized).
    expect(await authors('?locale=de')).toEqual([]);
    expectError(await json(rest.api, '/v1/authors?locale=fr'), 422, 'validation.failed');
  });

  it('is cached, and any publish (which purges lists:<space>) shows', async () => {
    await rest.db.query(
      `update document_versions set fields = fields - 'author' where state = 'published' and locale = 'en'`,
    );
    expect(await authors()).toHaveLength(1);
    await rest.cache.purgeTags([cacheTags.lists(ids.space)]);
    expect(await authors()).toEqual([]);
  });
});

describe.each(testDatabases())('authors of shared fields on $kind', ({ open }) => {
  it('reads an author field shared by all locales from the default locale, and counts delivered documents only', async () => {
    const { db, reader, drop } = await openReader(open, { space: orderedFixture(), blockDesigns: false });
    try {
      const ctx = (locale: string) => ({ spaceId: orderedIds.space, locale, tags: { addTags: () => {} } });
      const ada = [{ id: orderedIds.author, name: 'Ada', avatar: null, count: 1 }];
      expect(await reader.authors(ctx('en'))).toEqual(ada);
      // The German versions have no `writer`: the field is shared, so the English value counts.
      expect(await reader.authors(ctx('de'))).toEqual(ada);
      await db.query(`delete from document_versions where document_id = $1 and locale = 'de'`, [
        orderedIds.post(1),
      ]);
      expect(await reader.authors(ctx('de'))).toEqual([]);
      expect(await reader.authors(ctx('en'))).toEqual(ada);
    } finally {
      await drop();
    }
  });
});
