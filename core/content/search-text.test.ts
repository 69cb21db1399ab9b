import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMigrations, loadPlugins } from '../../cli/plugins.ts';
import { migrate } from '../db/migrations.ts';
import type { Db } from '../db/types.ts';
import { memoryStorage } from '../media/memory-storage.ts';
import { importSpace } from '../space-format/import.ts';
import { parseSpaceFile } from '../space-format/validate.ts';
import { testDatabases } from '../testing/databases.ts';
import {
  expectedToBeFound,
  searchApi,
  searchCases,
  searchDocId,
  searchFor,
  searchSpace,
} from './search-fixture.ts';

// Search must not answer whether a word is in a field that is never delivered publicly (issue 43): every
// combination of kind, public, search and localized, asked through the real REST and GraphQL routes of the
// public API over a real database. A word is found exactly when its field is public, searchable and top-level
// (search reads no further into blocks and repeaters).

const plugins = loadPlugins({ website: true });
describe.each(testDatabases())('search text holds publicly delivered fields only, on $kind', ({ open }) => {
  let db: Db;
  let drop: () => Promise<void>;
  let app: Hono;
  const cases = searchCases();
  beforeAll(async () => {
    ({ db, drop } = await open());
    await migrate(db, allMigrations(plugins));
    await importSpace(db, parseSpaceFile(searchSpace(cases), plugins), {
      baseDir: process.cwd(),
      storage: memoryStorage(),
      plugins,
    });
    app = await searchApi(db);
  });
  afterAll(() => drop());

  it('walks kind × public × search × localized through /v1/content?search= and contents(search:)', async () => {
    const seen: string[] = [];
    for (const c of cases) {
      const asks: [string, string][] = [['en', c.words.en]];
      if (c.words.de) asks.push(['de', c.words.de]);
      for (const [locale, word] of asks) {
        const found = await searchFor(app, word, locale);
        const ids = expectedToBeFound(c) ? [searchDocId] : [];
        seen.push(`${c.field} ${locale}: ${JSON.stringify(found)}`);
        expect(found, `${c.field} (${locale})`).toEqual({ rest: ids, graphql: { total: ids.length, ids } });
      }
    }
    // The walk covered every combination, and the public searchable ones were found (not a vacuous pass).
    expect(seen).toHaveLength(6 * 8 + 6 * 4);
    expect(cases.filter(expectedToBeFound)).toHaveLength(8);
  });

  it('the stored search text of every version holds no word of a non-public field', async () => {
    const rows = await db.query<{ search_text: string }>('select search_text from document_versions');
    const all = rows.rows.map((r) => r.search_text).join(' ');
    for (const c of cases.filter((x) => !x.public)) {
      expect(all).not.toContain(c.words.en);
      if (c.words.de) expect(all).not.toContain(c.words.de);
    }
  });
});
