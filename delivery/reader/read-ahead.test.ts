import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../core/db/types.ts';
import { testDatabases } from '../../core/testing/databases.ts';
import { deliveryIds as ids } from './delivery-fixture.ts';
import { createReader } from './reader.ts';
import { context, openReader, secret } from './reader-test-kit.ts';
import type { DeliveredDocument, Reader } from './types.ts';

// The static export's read-ahead (read-ahead.ts): what a page reads of its document, read a hundred at a time.

const related = { related: true } as const;
const pages = [
  ids.home,
  ids.about,
  ids.team,
  ids.news,
  ids.hello,
  ids.englishOnly,
  ids.lead,
  ids.hiddenChild,
];

describe.each(testDatabases())('reading pages ahead on $kind', ({ open }) => {
  let db: Db;
  let drop: () => Promise<void>;
  let plain: Reader;
  beforeAll(async () => {
    ({ db, reader: plain, drop } = await openReader(open));
  });
  afterAll(() => drop());

  /** What a page reads of its document (find-document.ts, gather-page-data.ts), with the tags it carries. */
  async function pageRead(reader: Reader, locale: string, id: string, permalink: string | undefined) {
    const { ctx, tags } = context(locale);
    const before = db.stats.queries;
    const doc =
      permalink === undefined || id === ids.home
        ? await reader.byId(ctx, id, undefined, related)
        : await reader.byPermalink(ctx, permalink, undefined, related);
    const statements = db.stats.queries - before;
    const from: DeliveredDocument[] = doc ? [doc] : [];
    const linked = doc ? await reader.byIds(ctx, [ids.about, ids.team, ids.hello], undefined, from) : null;
    const alternates = doc ? await reader.alternates(ctx, [doc.id], from) : null;
    return { read: { doc, linked, alternates, tags: [...tags].sort() }, statements };
  }

  it('answers a page with what its own statement answers, and sends none', async () => {
    const ahead = createReader({ db, mediaSecret: () => secret, blockDesigns: true });
    await ahead.contentModel(ids.space);
    for (const locale of ['en', 'de']) {
      const { ctx } = context(locale);
      const permalinks = await plain.alternates(ctx, pages);
      const docs = pages.map((id) => ({ id, permalink: permalinks.get(id)?.[locale] ?? 'nowhere' }));
      await ahead.readAhead!(ctx, docs);
      for (const { id, permalink } of docs) {
        const known = permalinks.get(id)?.[locale];
        const got = await pageRead(ahead, locale, id, known);
        // A document read ahead costs no statement; one delivered nowhere is read as ever (and is not there).
        expect(got.statements, `${locale} ${permalink}`).toBe(known === undefined ? 1 : 0);
        expect(got.read).toEqual((await pageRead(plain, locale, id, known)).read);
      }
    }
  });

  it('answers each row once, never a preview, and forgets what was not asked for', async () => {
    const ahead = createReader({ db, mediaSecret: () => secret, blockDesigns: true });
    await ahead.contentModel(ids.space);
    const { ctx } = context('en');
    await ahead.readAhead!(ctx, [
      { id: ids.about, permalink: 'about' },
      { id: ids.team, permalink: 'about/team' },
    ]);
    const preview = context('en', { drafts: 'all' }).ctx;
    let before = db.stats.queries;
    expect((await ahead.byPermalink(preview, 'about', undefined, related))?.id).toBe(ids.about);
    expect(db.stats.queries).toBeGreaterThan(before);
    before = db.stats.queries;
    expect((await ahead.byPermalink(ctx, 'about', undefined, related))?.id).toBe(ids.about);
    expect(db.stats.queries).toBe(before);
    // Taken by its path, gone by its id too.
    expect((await ahead.byId(ctx, ids.about, undefined, related))?.id).toBe(ids.about);
    expect(db.stats.queries).toBeGreaterThan(before);
    // Without `related` a read is another statement: not answered from rows read with it.
    before = db.stats.queries;
    expect((await ahead.byPermalink(ctx, 'about/team'))?.id).toBe(ids.team);
    expect(db.stats.queries).toBeGreaterThan(before);
    await ahead.readAhead!(ctx, null);
    before = db.stats.queries;
    expect((await ahead.byPermalink(ctx, 'about/team', undefined, related))?.id).toBe(ids.team);
    expect(db.stats.queries).toBeGreaterThan(before);
  });
});
