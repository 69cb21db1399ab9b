import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../core/db/types.ts';
import { testDatabases } from '../../core/testing/databases.ts';
import { orderedFixture, orderedIds } from './ordered-fixture.ts';
import { openReader, refusal } from './reader-test-kit.ts';
import type { ListQuery, Reader } from './types.ts';

/**
 * Sync (docs/delivery-api.md, "Sync"): `updatedSince`, cursor pages that hold under publishes, unpublishes and
 * moves between page reads, and the list of documents no longer delivered (the delivery journal, migration 0018).
 */

const n = (...posts: number[]) => posts.map(orderedIds.post);
const post = orderedIds.post;

describe.each(testDatabases())('sync on $kind', ({ open }) => {
  let db: Db;
  let drop: () => Promise<void>;
  let reader: Reader;
  beforeAll(async () => {
    ({ db, reader, drop } = await openReader(open, { space: orderedFixture(), blockDesigns: false }));
  });
  afterAll(() => drop());

  const ctx = (locale = 'en') => ({ spaceId: orderedIds.space, locale, tags: { addTags: () => {} } });
  let drafts = false;
  const list = (query: Partial<ListQuery>, locale = 'en') =>
    reader.list(
      { ...ctx(locale), ...(drafts ? { drafts: 'all' as const } : {}) },
      { type: 'post', limit: 25, offset: 0, ...query },
    );
  /** Every page of a list by cursor, with `between` run after each page; the ids in page order. */
  async function walk(
    query: Partial<ListQuery>,
    between: (page: number) => Promise<unknown> = async () => {},
  ) {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 20; page++) {
      const r = await list({ ...query, ...(cursor ? { cursor } : {}) });
      seen.push(...r.items.map((d) => d.id));
      if (r.cursor === null) return seen;
      cursor = r.cursor;
      await between(page);
    }
    throw new Error('the walk did not end');
  }
  const unpublish = (id: string, locale = 'en') =>
    db.query(`delete from document_versions where document_id = $1 and locale = $2 and state = 'published'`, [
      id,
      locale,
    ]);
  const publish = (id: string, locale = 'en') =>
    db.query(
      `insert into document_versions (document_id, locale, state, title, slug, fields, published_at, updated_at)
       values ($1, $2, 'published', 'Again', $3, '{}', now(), now())`,
      [id, locale, `again-${id.slice(-4)}`],
    );
  const dbNow = async () =>
    (await db.query<{ t: Date }>('select clock_timestamp() as t')).rows[0]!.t.toISOString();
  const deleted = async (since: string, extra: { type?: string; locale?: string } = {}) => {
    const r = await reader.deleted(ctx(extra.locale), { since, limit: 100, ...extra });
    return r.items.map((d) => d.id);
  };

  it('walks every order by cursor in the order offsets give, ties and missing values included', async () => {
    for (const [order, preview] of [
      [undefined, true],
      ['-fields.featured,title', true],
      ['publishedAt', true],
    ] as const) {
      // Previews walk the tree (positions as numbers, not bytes): the same pages.
      drafts = preview;
      const q = order ? { order } : {};
      const all = (await list(q)).items.map((d) => d.id);
      expect(await walk({ ...q, limit: 2 }), order).toEqual(all);
      drafts = false;
      expect(all).toEqual((await list(q)).items.map((d) => d.id));
    }
    for (const order of [
      undefined,
      'publishedAt',
      '-publishedAt',
      'title',
      '-title',
      '-position',
      'fields.rating',
      '-fields.rating',
      'fields.featured',
      '-fields.featured,title',
      'fields.subtitle,-publishedAt',
      '-fields.released,fields.rating',
      // One field term: ranges of the field values' index, a boolean, a text and a time among them.
      '-fields.featured',
      'fields.subtitle',
      '-fields.subtitle',
      'fields.released',
      '-fields.released',
    ]) {
      const q = order ? { order } : {};
      const all = (await list(q)).items.map((d) => d.id);
      expect(all, order).toHaveLength(5);
      expect(await walk({ ...q, limit: 1 }), order).toEqual(all);
      expect(await walk({ ...q, limit: 2 }), order).toEqual(all);
    }
    // The best match first (ts_rank), then by id descending.
    const searched = { search: 'apple or news or howto', order: 'relevance' };
    const ranked = (await list(searched)).items.map((d) => d.id);
    expect(ranked.length).toBeGreaterThan(2);
    expect(await walk({ ...searched, limit: 1 })).toEqual(ranked);
    const last = await list({ order: 'title', limit: 5 });
    expect(last.cursor).toBeNull();
    const first = await list({ order: 'title', limit: 2 });
    expect(first).toMatchObject({ total: 5, offset: 0, limit: 2 });
    const second = await list({ order: 'title', limit: 2, cursor: first.cursor! });
    // The total stays that of the whole list.
    expect(second.total).toBe(5);
  });

  it('refuses a cursor of another list, a tampered one, and one with an offset, with 400 query.invalid', async () => {
    const { cursor } = await list({ order: 'title', limit: 2 });
    const reason = async (query: Partial<ListQuery>) => {
      const err = await refusal(list(query));
      expect(err.key).toBe('query.invalid');
      return err.details[0]?.params.reason;
    };
    expect(await reason({ order: '-title', cursor: cursor! })).toBe('other_list');
    expect(await reason({ order: 'title', cursor: cursor!, offset: 2 })).toBe('with_offset');
    expect(await reason({ order: 'title', cursor: 'garbage' })).toBe('not_a_cursor');
    const [hash, , id] = JSON.parse(Buffer.from(cursor!, 'base64url').toString()) as string[];
    const forged = (key: unknown[]) => Buffer.from(JSON.stringify(key)).toString('base64url');
    expect(await reason({ order: 'title', cursor: forged([hash, 'x', 'not-an-id']) })).toBe('not_a_cursor');
    const timeHash = JSON.parse(
      Buffer.from((await list({ order: 'publishedAt', limit: 1 })).cursor!, 'base64url').toString(),
    )[0];
    for (const bad of ['2026-02-30T00:00:00Z', 'soon', '2026-01-01T00:00:00+00:00; drop table x'])
      expect(await reason({ order: 'publishedAt', cursor: forged([timeHash, bad, id]) })).toBe(
        'not_a_cursor',
      );
  });

  it('refuses a bad updatedSince with 422, and orders by updatedAt with it', async () => {
    for (const bad of ['yesterday', '2026-02-30', '2026-13-01T00:00:00Z']) {
      const err = await refusal(list({ updatedSince: bad }));
      expect(err.key).toBe('validation.failed');
      expect(err.details[0]).toMatchObject({ path: 'updatedSince' });
    }
    // The import delivered every post just now (journaled as delivered since then): all of them changed since March.
    expect((await list({ updatedSince: '2026-03-01' })).total).toBe(5);
    // As if the import were long ago (housekeeping trims the journal after 90 days): by their updatedAt alone.
    await db.query('delete from delivery_journal');
    const r = await list({ updatedSince: '2026-03-01' });
    expect(r.items.map((d) => d.id)).toEqual(n(1, 4, 2));
    expect(r.total).toBe(3);
    const recent = new Set(n(1, 2, 4));
    const byTitle = (await list({ order: '-title' })).items.map((d) => d.id).filter((id) => recent.has(id));
    expect((await list({ updatedSince: '2026-03-01', order: '-title' })).items.map((d) => d.id)).toEqual(
      byTitle,
    );
  });

  it('a cursor walk neither skips nor repeats an unchanged document while others are published, unpublished and moved', async () => {
    const start = new Date(Date.now() - 1000).toISOString();
    // Tree order, two a page: after the first page (posts 1, 2), post 1 moves to the end, post 2 is unpublished,
    // and a new post is published first in the tree; after the second, post 4 moves first.
    const fresh = '00000000-0000-4000-8000-00000000f0b9';
    const seen = await walk({ limit: 2 }, async (page) => {
      if (page === 0) {
        await db.query('update documents set position = 10 where id = $1', [post(1)]);
        await unpublish(post(2));
        await db.query(
          `insert into documents (id, space_id, type, parent_id, position, created_at) values ($1, $2, 'post', $3, 0, now())`,
          [fresh, orderedIds.space, orderedIds.blog],
        );
        await publish(fresh);
      }
      if (page === 1) await db.query('update documents set position = -1 where id = $1', [post(4)]);
    });
    // Unchanged posts 3 and 5 once each; post 1 (moved past the cursor) again; the others are before it.
    expect(seen.filter((id) => id === post(3) || id === post(5))).toEqual(n(3, 5));
    expect(seen).toEqual([...n(1, 2), post(3), post(4), post(5), post(1)]);

    // A move recomputes the index but delivers the same documents: no removal. The unpublished one is.
    expect(await deleted(start)).toEqual(n(2));
    const removed = await reader.deleted(ctx(), { since: start, limit: 10 });
    expect(removed.items[0]).toMatchObject({ id: post(2), type: 'post', locale: 'en' });
    expect(Date.parse(removed.items[0]!.deletedAt)).toBeGreaterThan(Date.parse(start));
    expect(await deleted(start, { locale: 'de' })).toEqual([]);
    expect(await deleted(new Date(Date.now() + 60_000).toISOString())).toEqual([]);

    // Published again: no longer deleted, and changed since then.
    const before = await dbNow();
    await publish(post(2));
    expect(await deleted(start)).toEqual([]);
    expect((await list({ updatedSince: before })).items.map((d) => d.id)).toEqual([post(2)]);
  });

  it('lists what a parent unpublish and a delete removed, and updatedSince what came back with the parent', async () => {
    const start = new Date(Date.now() - 1000).toISOString();
    await unpublish(orderedIds.blog, 'de');
    const gone = await deleted(start, { locale: 'de' });
    expect(new Set(gone)).toEqual(new Set([orderedIds.blog, ...n(1, 2, 3, 4, 5)]));
    expect(await deleted(start, { locale: 'de', type: 'page' })).toEqual([orderedIds.blog]);
    expect(await deleted(start)).toEqual([]);

    // Pages of the deleted list by cursor: each once, in the order of removal.
    const pages: string[] = [];
    let cursor: string | undefined;
    do {
      const r = await reader.deleted(ctx('de'), { since: start, limit: 4, ...(cursor ? { cursor } : {}) });
      pages.push(...r.items.map((d) => d.id));
      cursor = r.cursor ?? undefined;
    } while (cursor);
    expect(pages).toEqual(gone);
    const bad = await refusal(reader.deleted(ctx('de'), { since: start, limit: 4, cursor: 'x' }));
    expect(bad.key).toBe('query.invalid');
    expect((await refusal(reader.deleted(ctx(), { since: 'soon', limit: 4 }))).key).toBe('validation.failed');

    // The parent comes back: its posts are delivered again with an older updatedAt, still found by updatedSince.
    const back = await dbNow();
    await db.query(
      `insert into document_versions (document_id, locale, state, title, slug, fields, published_at, updated_at)
       values ($1, 'de', 'published', 'Blog', 'blog', '{}', now(), now())`,
      [orderedIds.blog],
    );
    expect(await deleted(start, { locale: 'de' })).toEqual([]);
    const since = await reader.list(ctx('de'), { limit: 25, offset: 0, updatedSince: back });
    expect(new Set(since.items.map((d) => d.id))).toEqual(new Set([orderedIds.blog, ...n(1, 2, 3, 4, 5)]));

    // A hard delete (the tree's cascade) is a removal too.
    await db.query('delete from documents where id = $1', [post(3)]);
    expect(new Set(await deleted(back))).toEqual(new Set([post(3)]));
    expect(new Set(await deleted(back, { locale: 'de' }))).toEqual(new Set([post(3)]));
  });
});
