import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMigrations, loadPlugins } from '../../cli/plugins.ts';
import type { Db } from '../db/types.ts';
import { captureLog } from '../testing/capture-log.ts';
import { migrated, testDatabases } from '../testing/databases.ts';
import { memoryCache } from './memory-cache.ts';
import { journalHead, journalPurges, purgedSince, trimPurgeJournal } from './purge-journal.ts';

describe.each(testDatabases())('the purge journal on $kind', ({ open }) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await migrated(open, allMigrations(loadPlugins({ website: true }))));
  });
  afterAll(async () => drop());

  it('writes every purge beside it, and tells the tags purged since a position', async () => {
    const cache = journalPurges(memoryCache({ defaultTtlSeconds: 60 }), db, captureLog().log);
    let computed = 0;
    const read = () =>
      cache.getOrSet('k', async (sink) => {
        sink.addTags(['doc:a']);
        return ++computed;
      });
    await read();
    const start = await journalHead(db);
    await cache.purgeTags(['doc:a', 'lists:s', 'doc:a']);
    await cache.purgeTags([]);
    await cache.purgeTags(['design:s']);
    // The purge itself still happens.
    expect(await read()).toBe(2);
    const head = await journalHead(db);
    expect(head).toBe(start + 2);
    const purged = (await purgedSince(db, start, head))!;
    expect([...purged.tags].sort()).toEqual(['design:s', 'doc:a', 'lists:s']);
    // That purge named no particular list: every list of the space.
    expect([...purged.everyList]).toEqual(['lists:s']);
    expect([...(await purgedSince(db, head, head))!.tags]).toEqual([]);
    // A position past the journal's end (another database) cannot be answered.
    expect(await purgedSince(db, head + 10, head)).toBeNull();
  });

  it('is trimmed by age, after which an older position cannot be answered', async () => {
    const head = await journalHead(db);
    await db.query(`update purge_journal set at = now() - interval '40 days'`);
    await db.query(`insert into purge_journal (tags) values ('{doc:b}')`);
    expect(await trimPurgeJournal(db, 30)).toBe(head);
    expect(await purgedSince(db, 1, head + 1)).toBeNull();
    expect([...(await purgedSince(db, head, head + 1))!.tags]).toEqual(['doc:b']);
  });

  it('tells list purges that named their lists from those that did not', async () => {
    const cache = journalPurges(memoryCache({ defaultTtlSeconds: 60 }), db, captureLog().log);
    const start = await journalHead(db);
    await cache.purgeTags(['doc:a', 'lists:s', 'lists:s:post:en']);
    await cache.purgeTags(['doc:b', 'lists:t', 'lists:t:page:de']);
    const narrowed = (await purgedSince(db, start, await journalHead(db)))!;
    expect([...narrowed.tags].sort()).toEqual([
      'doc:a',
      'doc:b',
      'lists:s',
      'lists:s:post:en',
      'lists:t',
      'lists:t:page:de',
    ]);
    expect(narrowed.everyList.size).toBe(0);
    // One purge of the space's lists that names none (an unpublish, an older entry) counts as every list.
    await cache.purgeTags(['doc:c', 'lists:s']);
    const after = (await purgedSince(db, start, await journalHead(db)))!;
    expect([...after.everyList]).toEqual(['lists:s']);
  });
});
