import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMigrations } from '../../cli/plugins.ts';
import type { TaggedCache } from '../../core/cache/tagged-cache.ts';
import { cacheTags } from '../../core/cache/tags.ts';
import type { Db } from '../../core/db/types.ts';
import { memoryStorage } from '../../core/media/memory-storage.ts';
import { importSpace } from '../../core/space-format/import.ts';
import { parseSpaceFile } from '../../core/space-format/validate.ts';
import { captureLog } from '../../core/testing/capture-log.ts';
import { migrated, testDatabases } from '../../core/testing/databases.ts';
import type { PublicApi } from '../public-api/index.ts';
import { deliveryFixture, deliveryIds as ids } from '../reader/delivery-fixture.ts';
import { build, cacheControl, expectError, json, origin, plugins, request } from './rest-test-kit.ts';
import {
  Asset,
  ContentModel,
  Document,
  DocumentList,
  Menu,
  RedirectList,
  ServiceOverview,
} from './schemas.ts';

describe.each(testDatabases())('REST /v1 on $kind', ({ open }) => {
  let db: Db;
  let drop: () => Promise<void>;
  let api: PublicApi;
  let cache: TaggedCache;
  beforeAll(async () => {
    ({ db, drop } = await migrated(open, allMigrations(plugins)));
    await importSpace(db, parseSpaceFile(deliveryFixture(), plugins), {
      baseDir: process.cwd(),
      storage: memoryStorage(),
      plugins,
    });
    ({ api, cache } = await build(db));
  });
  afterAll(async () => {
    await cache.close();
    await drop();
  });

  it('GET /v1/permalink/{path}: nested paths, locales, expand; 404 content.notFound', async () => {
    const team = await json(api, '/v1/permalink/about/team');
    expect(team.status).toBe(200);
    expect(Document.parse(team.body)).toMatchObject({ id: ids.team, permalink: 'about/team', locale: 'en' });
    const lead = await json(api, '/v1/permalink/ueber-uns/team/ada?locale=de');
    expect(lead.body).toMatchObject({
      id: ids.lead,
      permalink: 'ueber-uns/team/ada',
      locale: 'de',
      fields: { summary: 'Leitet die Rösterei' },
    });
    expectError(await json(api, '/v1/permalink/about/team?locale=de'), 404, 'content.notFound');
    expectError(await json(api, '/v1/permalink/news/english-only?locale=de'), 404, 'content.notFound');
    expectError(await json(api, '/v1/permalink/unpublished/secret-child'), 404, 'content.notFound');
    expectError(await json(api, '/v1/permalink/a%2Fb'), 404, 'content.notFound');
    const about = await json(api, '/v1/permalink/about?expand=hero,image');
    expect(about.body.fields.content.blocks[0].fields.image).toMatchObject({
      id: ids.image,
      url: `${origin}/media/${ids.image}/original`,
    });
  });

  it('GET /v1/permalink: the starred home document, in the locale', async () => {
    expect((await json(api, '/v1/permalink')).body).toMatchObject({
      id: ids.home,
      permalink: 'home',
      title: 'Home',
    });
    expect((await json(api, '/v1/permalink?locale=de')).body).toMatchObject({
      id: ids.home,
      permalink: 'start',
      title: 'Start',
    });
  });

  it('GET /v1/content/{id}: one document with expand at three depths and no restricted field; 400 and 404', async () => {
    const r = await json(api, `/v1/content/${ids.about}?expand=related,author,image,link,see`);
    expect(r.status).toBe(200);
    const about = Document.parse(r.body);
    expect(about.fields).not.toHaveProperty('internal_notes');
    expect(JSON.stringify(r.body)).not.toContain('secret plan');
    const blocks = (
      about.fields.content as { blocks: Array<{ fields: Record<string, any>; design?: unknown }> }
    ).blocks;
    expect(blocks[0]?.fields.link).toMatchObject({ id: ids.team, permalink: 'about/team' });
    expect(blocks[0]?.design).toEqual({ variant: 'imageLeft', style: null });
    expect(blocks[1]?.fields.blocks.blocks[0].fields.link).toMatchObject({
      id: ids.hello,
      permalink: 'news/hello',
    });
    expect(blocks[2]?.fields.items[0].fields.see).toMatchObject({ id: ids.about, title: 'About us' });
    expect(about.fields.author).toMatchObject({ name: 'Ada', avatar: { id: ids.image } });
    expect(about.fields.cta).toMatchObject({ href: '/about/team' });
    expectError(await json(api, '/v1/content/not-an-id'), 400, 'request.badId');
    expectError(await json(api, '/v1/content/00000000-0000-4000-8000-00000000dead'), 404, 'content.notFound');
    expectError(await json(api, `/v1/content/${ids.hidden}`), 404, 'content.notFound');
  });

  it('GET /v1/content: the list envelope and every parameter', async () => {
    const all = await json(api, '/v1/content');
    expect(DocumentList.parse(all.body)).toMatchObject({ total: 7, limit: 25, offset: 0 });
    expect(all.body.items.map((d: { permalink: string }) => d.permalink)).toEqual([
      'home',
      'about',
      'about/team',
      'about/team/ada',
      'news',
      'news/hello',
      'news/english-only',
    ]);
    const ids_ = async (query: string) =>
      (await json(api, `/v1/content?${query}`)).body.items.map((d: { id: string }) => d.id);
    expect(await ids_('type=blog-post')).toEqual([ids.hello, ids.englishOnly]);
    expect(await ids_(`parentId=${ids.about}`)).toEqual([ids.team]);
    expect(await ids_(`under=${ids.about}`)).toEqual([ids.team, ids.lead]);
    // Quoted: the whole word (unquoted, the last word is a prefix too: search.test.ts).
    expect(await ids_('search=%22roast%22')).toEqual([ids.about]);
    expect(await ids_('search=announcements')).toEqual([ids.hello]);
    expect(await ids_('tags=people,announcements')).toEqual([ids.lead, ids.hello]);
    expect(await ids_('type=blog-post&locale=de')).toEqual([ids.hello]);
    const page = await json(api, '/v1/content?limit=2&offset=1&expand=hero');
    expect(page.body).toMatchObject({ total: 7, limit: 2, offset: 1 });
    expect(page.body.items.map((d: { id: string }) => d.id)).toEqual([ids.about, ids.team]);
    const home = await json(api, '/v1/content?limit=1&expand=hero');
    expect(home.body.items[0].fields.hero).toMatchObject({ id: ids.image });
  });

  it('refuses limit out of range (never clamps), bad parameters and unknown types and locales', async () => {
    for (const limit of ['101', '0']) {
      const r = await json(api, `/v1/content?limit=${limit}`);
      expectError(r, 422, 'validation.failed');
      expect(r.body.error.details).toEqual([
        { key: 'validation.invalid', params: expect.objectContaining({ value: limit }), path: 'limit' },
      ]);
    }
    expect((await json(api, '/v1/content?limit=100')).status).toBe(200);
    expect((await json(api, '/v1/content?limit=1')).status).toBe(200);
    const many = await json(api, '/v1/content?limit=abc&offset=-1&parentId=nope');
    expectError(many, 422, 'validation.failed');
    expect(many.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual([
      'limit',
      'offset',
      'parentId',
    ]);
    expectError(await json(api, '/v1/content?type=nope'), 404, 'contentType.notFound');
    const locale = await json(api, '/v1/content?locale=fr');
    expectError(locale, 422, 'validation.failed');
    expect(locale.body.error.details[0].path).toBe('locale');
  });

  it('a NUL byte in a path or query value is a 400 or 404 error body, never a 500', async () => {
    for (const path of [
      '/v1/content?search=%00',
      '/v1/content?tags=%00',
      '/v1/content?search=a%00b&locale=en',
      '/v1/permalink/%00',
      '/v1/menus/%00',
      '/v1/content/%00',
      '/v1/assets/%00',
    ]) {
      const { status, body } = await json(api, path);
      expect([400, 404], path).toContain(status);
      expect(body.error.key, path).toMatch(/^(request|content|menu|asset|validation)\./);
    }
  });

  it('GET /v1/menus/{name}: items resolved for the locale; 404 menu.notFound', async () => {
    const en = await json(api, '/v1/menus/main');
    expect(Menu.parse(en.body).items.map((i) => i.label)).toEqual(['About', 'Only English', 'GitHub']);
    const de = await json(api, '/v1/menus/main?locale=de');
    expect(de.body.items.map((i: { label: string }) => i.label)).toEqual(['Über uns', 'GitHub']);
    expect(de.body.items[0].children[0].content).toMatchObject({
      id: ids.team,
      permalink: 'ueber-uns/team',
      type: 'page',
      title: 'Team',
    });
    expectError(await json(api, '/v1/menus/footer'), 404, 'menu.notFound');
  });

  it('GET /v1/redirects: the redirects of the locale', async () => {
    expect(RedirectList.parse((await json(api, '/v1/redirects')).body).items).toEqual([
      { locale: 'en', fromPath: '/old-about', toPath: '/about', status: 301, contentId: null },
    ]);
    expect((await json(api, '/v1/redirects?locale=de')).body.items).toEqual([
      { locale: 'de', fromPath: '/alt', toPath: '/ueber-uns', status: 302, contentId: ids.about },
    ]);
  });

  it('GET /v1/assets/{id}: metadata and signed absolute variant addresses; 404 asset.notFound; 400', async () => {
    const r = await json(api, `/v1/assets/${ids.image}`);
    const asset = Asset.parse(r.body);
    expect(asset).toMatchObject({
      id: ids.image,
      filename: 'dot.png',
      mimeType: 'image/png',
      width: 1,
      height: 1,
      alt: 'A dot',
      focalPoint: { x: 0.5, y: 0.5 },
      crop: null,
    });
    expect(asset.url).toBe(`${origin}/media/${ids.image}/original`);
    expect(asset.variants.thumb).toMatch(
      new RegExp(`^${origin}/media/${ids.image}/thumb\\.webp\\?s=[\\w-]{22}$`),
    );
    expectError(await json(api, `/v1/assets/${ids.orphanImage}`), 404, 'asset.notFound');
    expectError(await json(api, '/v1/assets/123'), 400, 'request.badId');
  });

  it('GET /v1/types: the content model with public fields only', async () => {
    const model = ContentModel.parse((await json(api, '/v1/types')).body);
    expect(model.contentTypes.map((t) => t.name)).toEqual(['page', 'blog-post']);
    expect(JSON.stringify(model)).not.toContain('internal_notes');
  });

  it('GET /openapi.json: a valid OpenAPI 3.1 document of every route', async () => {
    const doc = (await json(api, '/openapi.json')).body;
    expect(doc.openapi).toBe('3.1.0');
    await expect(validate(structuredClone(doc))).resolves.toBeTruthy();
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/',
      '/healthz',
      '/readyz',
      '/v1/assets/{id}',
      '/v1/authors',
      '/v1/content',
      '/v1/content/deleted',
      '/v1/content/{id}',
      '/v1/menus/{name}',
      '/v1/permalink',
      '/v1/permalink/{path}',
      '/v1/redirects',
      '/v1/tags',
      '/v1/types',
    ]);
    expect(doc.paths['/v1/content'].get.parameters.map((p: { name: string }) => p.name).sort()).toEqual([
      'cursor',
      'expand',
      'filter',
      'limit',
      'locale',
      'offset',
      'order',
      'parentId',
      'search',
      'select',
      'tags',
      'type',
      'under',
      'updatedSince',
    ]);
  });

  it('GET /, /healthz and /readyz', async () => {
    const overview = ServiceOverview.parse((await json(api, '/')).body);
    expect(overview.surfaces).toMatchObject({
      rest: '/v1',
      graphql: '/graphql',
      media: '/media',
      openapi: '/openapi.json',
    });
    expect(overview.space?.name).toBe('fixture');
    const health = await json(api, '/healthz');
    expect(health.body).toEqual({ status: 'ok' });
    expect(health.res.headers.get('cache-control')).toBe('no-store');
    expect((await json(api, '/readyz')).body).toEqual({ status: 'ready', schemaVersion: 1 });
    expectError(await json(api, '/v2/nothing'), 404, 'route.notFound');
  });

  it('answers ETag and the exact Cache-Control, and 304 to a matching If-None-Match', async () => {
    const first = await request(api, '/v1/content?type=blog-post');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get('cache-control')).toBe(cacheControl);
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);
    for (const ifNoneMatch of [etag, etag.slice(2), `"other", ${etag}`, '*']) {
      const again = await request(api, '/v1/content?type=blog-post', {
        headers: { 'If-None-Match': ifNoneMatch },
      });
      expect(again.status).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('cache-control')).toBe(cacheControl);
      expect(await again.text()).toBe('');
    }
    expect(
      (await request(api, '/v1/content?type=blog-post', { headers: { 'If-None-Match': 'W/"stale"' } }))
        .status,
    ).toBe(200);
  });

  it('answers public CORS on answers and errors, and preflights with 204', async () => {
    const ok = await request(api, '/v1/types', { headers: { Origin: 'https://app.example' } });
    expect(ok.headers.get('access-control-allow-origin')).toBe('*');
    const preflight = await request(api, '/v1/content', {
      method: 'OPTIONS',
      headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS');
  });

  it('serves a repeated request from the tagged cache without the database, until a purge of its tags', async () => {
    const path = '/v1/permalink/news/fresh';
    expectError(await json(api, path), 404, 'content.notFound');
    await json(api, `/v1/content/${ids.hello}?expand=related`);
    const before = db.stats.queries;
    expect((await json(api, `/v1/content/${ids.hello}?expand=related`)).status).toBe(200);
    expect((await json(api, `/v1/content/${ids.hello}?related=x&expand=related`)).status).toBe(200);
    expect((await json(api, path)).status).toBe(404);
    expect(db.stats.queries).toBe(before);
    const freshId = '00000000-0000-4000-8000-0000000000f5';
    await db.query(
      `insert into documents (id, space_id, type, parent_id, position) values ($1, $2, 'blog-post', $3, 5)`,
      [freshId, ids.space, ids.news],
    );
    await db.query(
      `insert into document_versions (document_id, locale, state, title, slug) values ($1, 'en', 'published', 'Fresh', 'fresh')`,
      [freshId],
    );
    try {
      expect((await json(api, path)).status).toBe(404);
      // What a publish purges: the document's tags and the lists of its space.
      await cache.purgeTags([cacheTags.document(freshId), cacheTags.lists(ids.space)]);
      expect((await json(api, path)).body).toMatchObject({ id: freshId, permalink: 'news/fresh' });
    } finally {
      await db.query('delete from documents where id = $1', [freshId]);
      await cache.purgeTags([cacheTags.document(freshId), cacheTags.lists(ids.space)]);
    }
  });
});

describe.each(testDatabases())('REST /v1 failures on $kind', ({ open }) => {
  it('answers 500 internal.error with no internals when the database is gone, and logs them', async () => {
    const handle = await migrated(open, allMigrations(plugins));
    await importSpace(handle.db, parseSpaceFile(deliveryFixture(), plugins), {
      baseDir: process.cwd(),
      storage: memoryStorage(),
      plugins,
    });
    const logs = captureLog();
    const { api, cache } = await build(handle.db, { log: logs.log });
    try {
      expect((await json(api, '/v1/permalink/about')).status).toBe(200);
      await handle.db.close();
      // What was cached still answers; what needs the database is a service failure, not a 404.
      expect((await json(api, '/v1/permalink/about')).status).toBe(200);
      const r = await json(api, '/v1/permalink/news');
      expectError(r, 500, 'internal.error');
      expect(r.body.error).toEqual({
        key: 'internal.error',
        kind: 'internal',
        status: 500,
        message: 'Something went wrong on our side.',
        details: [],
      });
      const text = JSON.stringify(r.body);
      for (const leak of ['select', 'document_versions', 'at ', '/work/', 'node_modules', '.ts'])
        expect(text).not.toContain(leak);
      const logged = logs.lines().filter((l) => l.msg === 'request failed');
      expect(logged).toHaveLength(1);
      expect(JSON.stringify(logged[0])).toMatch(/closed|ended|terminat|not open|Cannot use a pool/i);
    } finally {
      await cache.close();
      await handle.drop().catch(() => {});
    }
  });
});
