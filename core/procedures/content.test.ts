import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { allMigrations, loadPlugins } from '../../cli/plugins.ts';
import { type RpcHarness, rpcHarness } from '../rpc/test-harness.ts';
import { testDatabases } from '../testing/databases.ts';
import { ids } from '../testing/fixture-space.ts';
import { coreProcedures } from './index.ts';

const plugins = loadPlugins({ website: true });

describe.each(testDatabases())('content.publish and content.unpublish on $kind', ({ open }) => {
  let h: RpcHarness;
  let key: string;
  beforeAll(async () => {
    h = await rpcHarness({ open, procedures: coreProcedures, plugins, migrations: allMigrations(plugins) });
    key = await h.key({ role: 'editor' });
  });
  afterAll(() => h.close());
  beforeEach(() => {
    h.cache.takePurged();
  });

  const versions = async (id: string, locale: string) =>
    (
      await h.db.query<{ state: string; title: string; search_text: string; published_at: Date | null }>(
        'select state, title, search_text, published_at from document_versions where document_id = $1 and locale = $2 order by state',
        [id, locale],
      )
    ).rows;

  it('publishes the draft: it becomes the published version, search text included, and purges its tags', async () => {
    const before = await versions(ids.about, 'en');
    expect(before.map((v) => [v.state, v.title])).toEqual([
      ['draft', 'About us (draft)'],
      ['published', 'About us'],
    ]);
    const res = await h.call('content.publish', { space: 'fixture', id: ids.about, locale: 'en' }, key);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ id: ids.about, locale: 'en', status: 'published' });
    const after = await versions(ids.about, 'en');
    expect(after.map((v) => [v.state, v.title])).toEqual([['published', 'About us (draft)']]);
    // The draft's summary is a search field; the tag name is indexed too. The first publication date stays.
    expect(after[0]!.search_text).toBe('Draft text Company');
    expect(after[0]!.published_at?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    // The published version named the image and the draft does not: whether it is public may have changed.
    expect(h.cache.takePurged().sort()).toEqual(
      [`doc:${ids.about}`, `doc:${ids.team}`, `lists:${ids.space}`, `asset-use:${ids.image}`].sort(),
    );
  });

  it('publishes a document never published in a locale, stamping publishedAt now', async () => {
    // Never published: its draft holds no first publication (the fixture's drafts carry one, as an export of a
    // document unpublished after its first publication would).
    await h.db.query(`update document_versions set published_at = null where document_id = $1`, [ids.hidden]);
    const res = await h.call('content.publish', { space: 'fixture', id: ids.hidden, locale: 'en' }, key);
    expect(res.status).toBe(200);
    const [only] = await versions(ids.hidden, 'en');
    expect(only).toMatchObject({ state: 'published', title: 'Unpublished' });
    expect(Date.now() - only!.published_at!.getTime()).toBeLessThan(60_000);
    // A document without descendants names the lists it can change: those of its type in its locale (the about
    // page above, with one, does not).
    expect(h.cache.takePurged().sort()).toEqual(
      [`doc:${ids.hidden}`, `lists:${ids.space}`, `lists:${ids.space}:page:en`].sort(),
    );
  });

  it('answers 404 for a document of another space or without a version in the locale, 422 for a foreign locale', async () => {
    const missing = await h.call(
      'content.publish',
      { space: 'fixture', id: '00000000-0000-4000-8000-0000000000ff', locale: 'en' },
      key,
    );
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { key: string } }).error.key).toBe('content.notFound');
    expect(
      (await h.call('content.publish', { space: 'fixture', id: ids.englishOnly, locale: 'de' }, key)).status,
    ).toBe(404);
    expect(
      (await h.call('content.publish', { space: 'fixture', id: ids.news, locale: 'fr' }, key)).status,
    ).toBe(422);
    expect(h.cache.takePurged()).toEqual([]);
  });

  const delivered = async (locale: string) =>
    (
      await h.db.query<{ document_id: string }>(
        'select document_id from delivered_documents where locale = $1 order by sort_key',
        [locale],
      )
    ).rows.map((r) => r.document_id);

  it('unpublishes the document alone in that locale: its descendants keep their published versions, hidden and purged', async () => {
    const res = await h.call('content.unpublish', { space: 'fixture', id: ids.news, locale: 'en' }, key);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: ids.news,
      locale: 'en',
      status: 'unpublished',
      unpublished: [ids.news],
      hidden: [ids.hello, ids.englishOnly],
    });
    expect((await versions(ids.news, 'en')).map((v) => v.state)).toEqual(['draft']);
    for (const id of [ids.hello, ids.englishOnly]) {
      expect((await versions(id, 'en')).map((v) => v.state)).toEqual(['published']);
    }
    // The delivery index drops the subtree in English only; German stays published and delivered.
    const en = await delivered('en');
    for (const id of [ids.news, ids.hello, ids.englishOnly]) expect(en).not.toContain(id);
    expect(await delivered('de')).toEqual(expect.arrayContaining([ids.news, ids.hello]));
    expect((await versions(ids.hello, 'de')).map((v) => v.state)).toEqual(['published']);
    expect(h.cache.takePurged().sort()).toEqual(
      [`doc:${ids.news}`, `doc:${ids.hello}`, `doc:${ids.englishOnly}`, `lists:${ids.space}`].sort(),
    );
    // Unpublishing again changes nothing and purges nothing.
    const again = await h.call('content.unpublish', { space: 'fixture', id: ids.news, locale: 'en' }, key);
    expect(await again.json()).toMatchObject({ unpublished: [], hidden: [] });
    expect(h.cache.takePurged()).toEqual([]);
    // Published again, the parent brings its subtree back, and the subtree is purged.
    expect(
      (await h.call('content.publish', { space: 'fixture', id: ids.news, locale: 'en' }, key)).status,
    ).toBe(200);
    expect(await delivered('en')).toEqual(expect.arrayContaining([ids.news, ids.hello, ids.englishOnly]));
    expect(h.cache.takePurged().sort()).toEqual(
      [`doc:${ids.news}`, `doc:${ids.hello}`, `doc:${ids.englishOnly}`, `lists:${ids.space}`].sort(),
    );
  });

  it('unpublishes a whole subtree with withDescendants, naming each document taken down', async () => {
    const res = await h.call(
      'content.unpublish',
      { space: 'fixture', id: ids.news, locale: 'en', withDescendants: true },
      key,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: ids.news,
      locale: 'en',
      status: 'unpublished',
      unpublished: [ids.news, ids.hello, ids.englishOnly],
      hidden: [],
    });
    for (const id of [ids.news, ids.hello, ids.englishOnly]) {
      expect((await versions(id, 'en')).map((v) => v.state)).toEqual(['draft']);
    }
    expect((await versions(ids.hello, 'de')).map((v) => v.state)).toEqual(['published']);
    expect(h.cache.takePurged().sort()).toEqual(
      [`doc:${ids.news}`, `doc:${ids.hello}`, `doc:${ids.englishOnly}`, `lists:${ids.space}`].sort(),
    );
    // The parent published again comes back alone: its descendants were taken down with it.
    await h.call('content.publish', { space: 'fixture', id: ids.news, locale: 'en' }, key);
    const en = await delivered('en');
    expect(en).toContain(ids.news);
    expect(en).not.toContain(ids.hello);
    for (const id of [ids.hello, ids.englishOnly]) {
      await h.call('content.publish', { space: 'fixture', id, locale: 'en' }, key);
    }
  });

  it('refuses a withDescendants that is not a boolean, and a document of no space, changing nothing', async () => {
    const bad = await h.call(
      'content.unpublish',
      { space: 'fixture', id: ids.news, locale: 'en', withDescendants: 'yes' },
      key,
    );
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { error: { key: string } }).error.key).toBe('validation.failed');
    const missing = await h.call(
      'content.unpublish',
      { space: 'fixture', id: '00000000-0000-4000-8000-0000000000ff', locale: 'en' },
      key,
    );
    expect([missing.status, ((await missing.json()) as { error: { key: string } }).error.key]).toEqual([
      404,
      'content.notFound',
    ]);
    expect((await versions(ids.news, 'en')).map((v) => v.state)).toEqual(['published']);
    expect(h.cache.takePurged()).toEqual([]);
  });

  it('drops the published version when a newer draft exists', async () => {
    await h.db.query(
      `insert into document_versions (document_id, locale, state, title, slug, fields) values ($1, 'de', 'draft', 'Team (neu)', 'team', '{}')`,
      [ids.team],
    );
    const first = (await versions(ids.team, 'de'))[1]!.published_at!.toISOString();
    await h.call('content.unpublish', { space: 'fixture', id: ids.team, locale: 'de' }, key);
    expect((await versions(ids.team, 'de')).map((v) => [v.state, v.title])).toEqual([
      ['draft', 'Team (neu)'],
    ]);
    // Published again, it keeps the date of its first publication (the draft held it meanwhile).
    const res = await h.call('content.publish', { space: 'fixture', id: ids.team, locale: 'de' }, key);
    expect(((await res.json()) as { publishedAt: string }).publishedAt).toBe(first);
  });

  it('unpublish then publish keeps the first publication date (docs/management-api.md)', async () => {
    const first = (await versions(ids.englishOnly, 'en')).find((v) => v.state === 'published')!.published_at!;
    expect(
      (await h.call('content.unpublish', { space: 'fixture', id: ids.englishOnly, locale: 'en' }, key))
        .status,
    ).toBe(200);
    const res = await h.call('content.publish', { space: 'fixture', id: ids.englishOnly, locale: 'en' }, key);
    expect(((await res.json()) as { publishedAt: string }).publishedAt).toBe(first.toISOString());
    const [only] = await versions(ids.englishOnly, 'en');
    expect(only!.published_at!.toISOString()).toBe(first.toISOString());
  });
});
