import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheTags } from '../../core/cache/tags.ts';
import { testDatabases } from '../../core/testing/databases.ts';
import { deliveryIds as ids } from '../reader/delivery-fixture.ts';
import { expectError, json, openRest } from './rest-test-kit.ts';
import { TagList } from './schemas.ts';

describe.each(testDatabases())('GET /v1/tags on $kind', ({ open }) => {
  let rest: Awaited<ReturnType<typeof openRest>>;
  beforeAll(async () => {
    rest = await openRest(open);
  });
  afterAll(() => rest?.close());
  const tags = async (query = '') => TagList.parse((await json(rest.api, `/v1/tags${query}`)).body).items;

  it('lists the tags of delivered documents per locale, with their counts, by name', async () => {
    const en = await tags();
    expect(en.map((t) => t.slug)).toEqual(
      [...en].sort((a, b) => a.name.localeCompare(b.name)).map((t) => t.slug),
    );
    const bySlug = Object.fromEntries(en.map((t) => [t.slug, t.count]));
    // What the list filter finds is what the count says.
    for (const [slug, count] of Object.entries(bySlug)) {
      const listed = await json(rest.api, `/v1/content?tags=${slug}&limit=100`);
      expect(listed.body.total, slug).toBe(count);
    }
    expect(bySlug.people).toBe(1);
    // Ada (people) is published in German too; the English-only post's tags are not German ones.
    const de = await tags('?locale=de');
    expect(de.find((t) => t.slug === 'people')?.count).toBe(1);
    for (const t of de) {
      const listed = await json(rest.api, `/v1/content?tags=${t.slug}&locale=de&limit=100`);
      expect(listed.body.total, t.slug).toBe(t.count);
    }
    expectError(await json(rest.api, '/v1/tags?locale=fr'), 422, 'validation.failed');
  });

  it('is cached, and any publish (which purges lists:<space>) shows', async () => {
    const before = (await tags()).find((t) => t.slug === 'people')?.count;
    await rest.db.query(
      `update document_versions set state = 'draft' where document_id = $1 and locale = 'en' and state = 'published'`,
      [ids.lead],
    );
    await rest.db.query(`delete from delivered_documents where document_id = $1 and locale = 'en'`, [
      ids.lead,
    ]);
    expect((await tags()).find((t) => t.slug === 'people')?.count).toBe(before);
    await rest.cache.purgeTags([cacheTags.lists(ids.space)]);
    expect((await tags()).find((t) => t.slug === 'people')).toBeUndefined();
  });
});
