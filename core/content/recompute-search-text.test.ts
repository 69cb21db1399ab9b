import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMigrations, loadPlugins } from '../../cli/plugins.ts';
import { migrate } from '../db/migrations.ts';
import type { Db } from '../db/types.ts';
import { memoryStorage } from '../media/memory-storage.ts';
import { importSpace } from '../space-format/import.ts';
import { parseSpaceFile } from '../space-format/validate.ts';
import { testDatabases } from '../testing/databases.ts';
import { runVerso } from '../testing/processes.ts';
import {
  expectedToBeFound,
  searchApi,
  searchCases,
  searchDocId,
  searchFor,
  searchSpace,
} from './search-fixture.ts';

// A database from before migration 0012 holds the words of non-public searchable fields in its stored search
// text, as import and publish wrote it then. `verso migrate` (the real command on PostgreSQL, its `migrate`
// on PGlite) computes every row anew: public search no longer finds them, and no row keeps one.

const plugins = loadPlugins({ website: true });
const fix = 'core/0012_search_public_only.sql';

describe.each(testDatabases())('migration 0012 on an existing database, on $kind', ({ open }) => {
  let db: Db;
  let url: string | undefined;
  let drop: () => Promise<void>;
  let app: Hono;
  const cases = searchCases();
  // The fields whose words the old code stored: searchable, top-level, not public.
  const hidden = cases.filter((c) => !c.public && expectedToBeFound({ ...c, public: true }));

  beforeAll(async () => {
    ({ db, url, drop } = await open());
    await migrate(
      db,
      allMigrations(plugins).filter((m) => m.id !== fix),
    );
    await importSpace(db, parseSpaceFile(searchSpace(cases), plugins), {
      baseDir: process.cwd(),
      storage: memoryStorage(),
      plugins,
    });
    // What the code before 0012 stored: the restricted searchable fields' words too.
    for (const locale of ['en', 'de'] as const) {
      const words = hidden.flatMap((c) => (locale === 'en' ? [c.words.en] : c.words.de ? [c.words.de] : []));
      await db.query(
        `update document_versions set search_text = search_text || ' ' || $2 where document_id = $1 and locale = $3`,
        [searchDocId, words.join(' '), locale],
      );
    }
    app = await searchApi(db);
  });
  afterAll(() => drop());

  it('leaves no word of a non-public field in the stored search text, and search finds only public ones', async () => {
    const before = await searchFor(app, hidden[0]!.words.en, 'en');
    expect(before.rest).toEqual([searchDocId]);

    if (url) {
      const run = await runVerso(['migrate'], { DATABASE_URL: url, REDIS_URL: '', NODE_ENV: 'development' });
      expect(run.stderr).toBe('');
      expect(run.stdout).toMatch(/^applied core\/0012_search_public_only\.sql\n$/);
    } else {
      expect(await migrate(db, allMigrations(plugins))).toEqual([fix]);
    }

    const stored = (await db.query<{ search_text: string }>('select search_text from document_versions'))
      .rows;
    const text = stored.map((r) => r.search_text).join(' ');
    for (const c of hidden) {
      expect(text).not.toContain(c.words.en);
      expect(text).not.toContain(c.words.de);
    }
    // Asked afresh (words not asked before, so no cached answer), and the public words still found.
    for (const c of cases.filter((x) => x.search && x.kind !== 'blocks' && x.kind !== 'repeater')) {
      const word = c.words.de ?? c.words.en;
      const locale = c.words.de ? 'de' : 'en';
      const ids = expectedToBeFound(c) ? [searchDocId] : [];
      expect(await searchFor(app, word, locale), c.field).toEqual({
        rest: ids,
        graphql: { total: ids.length, ids },
      });
    }
  });
});
