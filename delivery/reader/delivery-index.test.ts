import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMigrations, loadPlugins } from '../../cli/plugins.ts';
import type { Db } from '../../core/db/types.ts';
import { memoryStorage } from '../../core/media/memory-storage.ts';
import { coreProcedures } from '../../core/procedures/index.ts';
import { type RpcHarness, rpcHarness } from '../../core/rpc/test-harness.ts';
import { ANALYZE_FROM, importSpace } from '../../core/space-format/import.ts';
import { parseSpaceFile } from '../../core/space-format/validate.ts';
import { testDatabases } from '../../core/testing/databases.ts';
import { selectAssets, selectUsers } from './asset-query.ts';
import { deliveryFixture, deliveryIds as ids } from './delivery-fixture.ts';
import { type Route, selectDocuments, uuid } from './document-query.ts';
import { type ListSelection, selectList } from './list-select.ts';
import { selectPermalinks } from './permalink-query.ts';
import type { DocumentRow, PermalinkRow } from './rows.ts';
import { locales, newId, type Random, random, writerChanges } from './tree-changes.ts';

/**
 * The delivery index (core/db/migrations/0002_delivered_documents.sql) must deliver exactly what the walk of the
 * tree delivers. A seeded random run changes the fixture's tree the ways writers do (publish and unpublish
 * through the real procedures, import, moves, reorders, new slugs, retypes, bulk inserts, deletes) and after
 * every change compares every read of document-query.ts through the index with the same read through the walk.
 */

const plugins = loadPlugins({ website: true });

/** Every id-shaped `contentId` anywhere in a fields object, lower case (what migration 0006 indexes). */
function contentIds(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) contentIds(v, into);
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (
        key === 'contentId' &&
        typeof v === 'string' &&
        /^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/i.test(v)
      )
        into.push(v.toLowerCase());
      else contentIds(v, into);
    }
  }
  return into;
}

/** Every id-shaped string of some fields, at any depth: what a row's carried assets and users are looked up by. */
function idStrings(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') {
    if (uuid.test(value)) into.push(value);
  } else if (Array.isArray(value)) for (const v of value) idStrings(v, into);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) idStrings(v, into);
  return into;
}

describe.each(testDatabases())('the delivery index on $kind', ({ open }) => {
  let h: RpcHarness;
  let db: Db;
  let key: string;
  const space = ids.space;

  const importFixture = () =>
    importSpace(db, parseSpaceFile(deliveryFixture(), plugins), {
      baseDir: process.cwd(),
      storage: memoryStorage(),
      plugins,
      replace: true,
    });

  beforeAll(async () => {
    h = await rpcHarness({ open, procedures: coreProcedures, plugins, migrations: allMigrations(plugins) });
    db = h.db;
    key = await h.key({ role: 'editor' });
    await importFixture();
  });
  afterAll(() => h.close());

  const documentIds = async () =>
    (
      await db.query<{ id: string }>('select id from documents where space_id = $1 order by id', [space])
    ).rows.map((r) => r.id);

  /**
   * Documents read through the index carry where their links' targets are delivered (`linkTargets`, migration 0006);
   * each must be what the walk gives for every id-shaped `contentId` of the row's fields; and the assets and users
   * read with them (`carried`, migration 0007), what the batch reads give for every id-shaped string of the fields.
   * Returns the rows without either.
   */
  async function checkTargets(label: string, rows: DocumentRow[]): Promise<DocumentRow[]> {
    for (const locale of new Set(rows.map((r) => r.locale))) {
      const inLocale = rows.filter((r) => r.locale === locale);
      const ids = new Set(inLocale.flatMap((r) => contentIds(r.fields)));
      const walked = await selectPermalinks(db, { spaceId: space, locale, ids: [...ids] }, 'chain');
      for (const row of inLocale) {
        const own = new Set(contentIds(row.fields));
        const byId = (a: PermalinkRow, b: PermalinkRow) => a.id.localeCompare(b.id);
        expect(row.linkTargets?.toSorted(byId), `${label}: link targets of ${row.id}`).toEqual(
          walked.filter((t) => own.has(t.id)).toSorted(byId),
        );
        // The assets and users read with it, when asked: what the two batch reads give for the same ids.
        const named = idStrings(row.fields);
        const sorted = <T extends { id: string }>(list: readonly T[] | undefined) =>
          list?.toSorted((a, b) => a.id.localeCompare(b.id));
        if (row.carried) {
          expect(sorted(row.carried.assets), `${label}: assets of ${row.id}`).toEqual(
            sorted(await selectAssets(db, space, named)),
          );
          expect(sorted(row.carried.users), `${label}: users of ${row.id}`).toEqual(
            sorted(await selectUsers(db, space, named)),
          );
        }
        // Read with its related documents: the documents the walk delivers for the same ids, each checked alike.
        if (row.carried?.documents) {
          const related = await checkTargets(`${label}: related of ${row.id}`, row.carried.documents);
          const walkedRelated = await selectDocuments(db, { spaceId: space, locale, ids: named }, 'chain');
          expect(sorted(related), `${label}: related documents of ${row.id}`).toEqual(sorted(walkedRelated));
          // And where it is delivered in every locale, in the order the walk gives.
          expect(row.carried.alternates, `${label}: alternates of ${row.id}`).toEqual(
            await selectPermalinks(db, { spaceId: space, locale: 'every', ids: [row.id] }, 'chain'),
          );
        }
      }
    }
    return rows.map(({ linkTargets, carried, ...row }) => row);
  }

  /** Both routes of one read give the same answer; returns it. */
  async function same<T>(label: string, read: (route: Route) => Promise<T>): Promise<T> {
    const chain = await read('chain');
    let index: unknown = await read('index');
    // Documents by id, parent or path carry their link targets; lists' rows do not (document-query.ts).
    if (Array.isArray(index) && index.some((r) => 'fields' in r)) index = await checkTargets(label, index);
    expect(index, label).toEqual(chain);
    return chain;
  }

  async function compareAll(step: string, rnd: Random) {
    const all = await documentIds();
    const types = (
      await db.query<{ name: string }>(
        `select name from content_types where space_id = $1 and kind = 'content' order by name`,
        [space],
      )
    ).rows.map((r) => r.name);
    const tags = (
      await db.query<{ slug: string }>('select slug from tags where space_id = $1', [space])
    ).rows.map((r) => r.slug);
    const sample = (n: number) => Array.from({ length: n }, () => rnd.pick(all));
    // The counters the list totals are summed from match the index row for row.
    const counts = (sql: string) => db.query(`${sql} order by 1, 2, 3, 4`).then((r) => r.rows);
    expect(
      await counts('select space_id, locale, parent_id, type, n::int from delivered_counts where n <> 0'),
      `${step}: counters`,
    ).toEqual(
      await counts(
        'select space_id, locale, parent_id, type, count(*)::int as n from delivered_documents group by 1, 2, 3, 4',
      ),
    );
    // The field values ordered lists range over (migration 0019) are those of the published versions.
    const values = (sql: string) => db.query(`${sql} order by 1, 2, 3`).then((r) => r.rows);
    expect(
      await values(
        'select document_id, locale, field, space_id, type, num, at, txt from delivered_field_values',
      ),
      `${step}: field values`,
    ).toEqual(
      await values(`select v.document_id, v.locale, s.field, d.space_id, d.type, s.num, s.at, s.txt
        from document_versions v join documents d on d.id = v.document_id
        cross join lateral verso_field_scalars(v.fields) s where v.state = 'published'`),
    );
    await same(`${step}: permalinks in every locale`, (route) =>
      selectPermalinks(db, { spaceId: space, locale: 'every', ids: all }, route),
    );
    for (const locale of locales) {
      const at = `${step} (${locale})`;
      const list = (extra: Partial<ListSelection>, label: string) =>
        same(`${at}: list ${label}`, async (route) => {
          // A cursor's tree key is bytes on the index and numbers on the walk: the same rows, spelled apart.
          const { last, ...page } = await selectList(
            db,
            { spaceId: space, locale, types, limit: 100, offset: 0, ...extra },
            route,
          );
          return { ...page, lastId: last?.[last.length - 1] ?? null };
        });
      const everything = await list({}, 'of everything');
      // Pages of three across the whole list, and one past its end.
      for (let offset = 0; offset <= everything.total; offset += 3) {
        await list({ limit: 3, offset }, `limit 3 offset ${offset}`);
      }
      for (const type of [...types, 'no-such-type']) await list({ types: [type] }, `type ${type}`);
      for (const id of sample(6)) await list({ parentId: id }, `parent ${id}`);
      for (const id of sample(6)) {
        const offset = rnd.int(3);
        await list({ under: id, limit: 5, offset }, `under ${id} offset ${offset}`);
      }
      for (const tag of tags) await list({ tags: [tag] }, `tag ${tag}`);
      for (const search of ['about', 'roastery', 'generated', 'team news']) {
        await list({ search }, `search ${search}`);
      }
      await list({ parentId: ids.about, under: ids.about, tags, search: 'lovelace' }, 'all filters');

      const docs = await same(`${at}: documents by id`, (route) =>
        selectDocuments(db, { spaceId: space, locale, ids: all, refs: true }, route),
      );
      const parentIds = sample(4);
      await same(`${at}: children`, (route) =>
        selectDocuments(db, { spaceId: space, locale, parentIds }, route),
      );
      await same(`${at}: home`, (route) =>
        selectDocuments(db, { spaceId: space, locale, home: true }, route),
      );
      for (const doc of docs) {
        const segments = doc.permalink.split('/');
        // With the documents its fields name (a page's read); the walk has no such option and is the reference.
        await same(`${at}: at ${doc.permalink}`, (route) =>
          selectDocuments(db, { spaceId: space, locale, segments, related: true }, route),
        );
        await same(`${at}: at ${doc.permalink}/missing`, (route) =>
          selectDocuments(db, { spaceId: space, locale, segments: [...segments, 'missing'] }, route),
        );
      }
      await same(`${at}: permalinks`, (route) =>
        selectPermalinks(db, { spaceId: space, locale, ids: all }, route),
      );
    }
  }

  /** The ids of `id` and everything under it. */
  const subtree = async (id: string) =>
    (
      await db.query<{ id: string }>(
        `with recursive t as (select $1::uuid as id union select d.id from documents d join t on d.parent_id = t.id)
         select id from t`,
        [id],
      )
    ).rows.map((r) => r.id);

  const publish = (name: 'content.publish' | 'content.unpublish', id: string, locale: string) =>
    h.call(name, { space: 'fixture', id, locale }, key);

  /** The changes a step can make, each the way a writer makes it. */
  const changes = writerChanges({ db: () => db, publish, subtree, space });

  it('delivers what the walk delivers after an import', async () => {
    await compareAll('import', random(1));
    // The fixture's rich text and link field point at the team page: rows carry its address.
    const docs = await selectDocuments(db, {
      spaceId: space,
      locale: 'en',
      ids: await documentIds(),
      refs: true,
    });
    expect(docs.every((d) => d.carried)).toBe(true);
    expect(docs.flatMap((d) => d.linkTargets ?? [])).toContainEqual(
      expect.objectContaining({ id: ids.team, permalink: 'about/team' }),
    );
    // The about page names the team page (link, related) and the English-only page: read with it when asked.
    const [about] = await selectDocuments(db, {
      spaceId: space,
      locale: 'en',
      ids: [ids.about],
      related: true,
    });
    expect(about?.carried?.documents?.map((d) => d.id)).toEqual(
      expect.arrayContaining([ids.team, ids.englishOnly]),
    );
    // A post's author field names Ada, whose avatar is the fixture's image: rows carry both.
    expect(docs.flatMap((d) => d.carried?.users ?? [])).toContainEqual(
      expect.objectContaining({
        id: ids.user,
        name: 'Ada',
        avatar: expect.objectContaining({ id: ids.image }),
      }),
    );
    const counted = await db.query<{ n: number }>(
      'select count(*)::int as n from delivered_documents where space_id = $1',
      [space],
    );
    // The fixture delivers documents in both locales, but not the child of an unpublished parent.
    expect(counted.rows[0]!.n).toBeGreaterThan(10);
    const hidden = await db.query('select 1 from delivered_documents where document_id = $1', [
      ids.hiddenChild,
    ]);
    expect(hidden.rowCount).toBe(0);
  });

  it('stays what the walk delivers through random changes by every writer', async () => {
    const rnd = random(20261121);
    const names = Object.keys(changes);
    const seen = new Set<string>();
    // Every kind of change once, then a random run with an import in the middle.
    for (let step = 0; step < 30; step++) {
      const name = step < names.length ? names[step]! : step === 22 ? 'import' : rnd.pick(names);
      seen.add(name);
      if (name === 'import') await importFixture();
      else await changes[name]!(rnd, await documentIds());
      await compareAll(`step ${step} (${name})`, rnd);
    }
    expect([...seen].sort()).toEqual([...names, 'import'].sort());
  }, 240_000);

  it('leaves out chains deeper than 64 levels and parent cycles, as the walk does', async () => {
    await importFixture();
    const chain = Array.from({ length: 67 }, () => newId());
    await db.query(
      `insert into documents (id, space_id, type, parent_id, position)
       select id, $2, 'page', lag(id) over (order by n), 0 from unnest($1::uuid[]) with ordinality as x(id, n)`,
      [chain, space],
    );
    await db.query(
      `insert into document_versions (document_id, locale, state, title, slug, fields)
       select id, 'en', 'published', 'Level', 'l', '{}' from unnest($1::uuid[]) as x(id)`,
      [chain],
    );
    const delivered = await db.query<{ n: number }>(
      'select count(*)::int as n from delivered_documents where document_id = any($1::uuid[])',
      [chain],
    );
    expect(delivered.rows[0]!.n).toBe(64);
    // A cycle: the top of the deep chain moves under its own grandchild; nothing of it is delivered any more.
    await db.query('update documents set parent_id = $2 where id = $1', [chain[0], chain[2]]);
    const after = await db.query<{ n: number }>(
      'select count(*)::int as n from delivered_documents where document_id = any($1::uuid[])',
      [chain],
    );
    expect(after.rows[0]!.n).toBe(0);
    await db.query('delete from documents where id = any($1::uuid[])', [chain]);
    await compareAll('cycle removed', random(3));
  });

  it('drops with its space and comes back with a new import', async () => {
    await db.query('delete from spaces where id = $1', [space]);
    const left = await db.query('select 1 from delivered_documents where space_id = $1', [space]);
    expect(left.rowCount).toBe(0);
    await importFixture();
    await compareAll('re-import', random(4));
  });

  it('delivers what the walk delivers after an import large enough to be analyzed first', async () => {
    // Past ANALYZE_FROM: the import defers the triggers, analyzes, then computes the index once from the roots.
    const fixture = deliveryFixture() as { documents: unknown[] } & Record<string, unknown>;
    const at = '2026-01-01T00:00:00.000Z';
    const generated = Array.from(
      { length: ANALYZE_FROM + 50 },
      (_, i) => `00000000-0000-4000-a000-${String(i).padStart(12, '0')}`,
    );
    const published = (title: string) => ({
      published: {
        title,
        slug: title.toLowerCase().replace(/ /g, '-'),
        fields: { summary: title },
        publishedAt: at,
        updatedAt: at,
      },
      draft: null,
    });
    for (const [i, id] of generated.entries()) {
      // 50 under the about page, the rest under those; every tenth under the unpublished page (delivered nowhere),
      // every thirteenth a draft only (its children neither), every other one in German too.
      const parentId = i % 10 === 9 ? ids.hidden : i < 50 ? ids.about : generated[i % 50]!;
      const title = `Generated ${i}`;
      fixture.documents.push({
        id,
        type: 'page',
        parentId,
        position: i,
        createdAt: at,
        tags: [],
        locales:
          i % 13 === 12
            ? { en: { published: null, draft: { title, slug: `draft-${i}`, fields: {} } } }
            : { en: published(title), ...(i % 2 === 0 ? { de: published(`Erzeugt ${i}`) } : {}) },
      });
    }
    await importSpace(db, parseSpaceFile(fixture, plugins), {
      baseDir: process.cwd(),
      storage: memoryStorage(),
      plugins,
      replace: true,
    });
    const all = await documentIds();
    expect(all.length).toBeGreaterThan(ANALYZE_FROM);
    const counts = (sql: string) => db.query(`${sql} order by 1, 2, 3, 4`).then((r) => r.rows);
    expect(
      await counts('select space_id, locale, parent_id, type, n::int from delivered_counts where n <> 0'),
    ).toEqual(
      await counts(
        'select space_id, locale, parent_id, type, count(*)::int as n from delivered_documents group by 1, 2, 3, 4',
      ),
    );
    const permalinks = await same('permalinks in every locale', (route) =>
      selectPermalinks(db, { spaceId: space, locale: 'every', ids: all }, route),
    );
    expect(permalinks.length).toBeGreaterThan(ANALYZE_FROM);
    expect(permalinks.some((p) => p.id === generated[9])).toBe(false);
    await same('children of generated pages', (route) =>
      selectDocuments(db, { spaceId: space, locale: 'de', parentIds: generated.slice(0, 4) }, route),
    );
  });
});
