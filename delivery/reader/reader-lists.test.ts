import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheTags } from '../../core/cache/tags.ts';
import { testDatabases } from '../../core/testing/databases.ts';
import { deliveryIds as ids } from './delivery-fixture.ts';
import { context, openReader, refusal } from './reader-test-kit.ts';
import type { Reader } from './types.ts';

describe.each(testDatabases())("the reader's lists on $kind", ({ open }) => {
  let drop: () => Promise<void>;
  let reader: Reader;
  beforeAll(async () => {
    ({ reader, drop } = await openReader(open));
  });
  afterAll(() => drop());

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
    // "roast" is only in the body of About (a search-contributing rich-text field), quoted: a whole word (unquoted,
    // the last word is also a prefix, and Ada's summary says "roastery": delivery/rest/search.test.ts).
    expect((await list({ search: '"roast"' })).items.map((d) => d.id)).toEqual([ids.about]);
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
});
