import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../core/auth/api-keys.ts';
import { loadConfig } from '../core/config/index.ts';
import { type FastAnswers, fastAnswersOf } from '../core/http/fast-answers.ts';
import { type Listening, listen } from '../core/http/listen.ts';
import { buildApp } from './app.ts';
import { closeServices, type Services } from './services.ts';
import { demoServices } from './testing/demo-services.ts';
import { get, getAs, graphql, rpc as rpcOf } from './testing/http.ts';

const demo = (n: number) => `d0c00000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;
const BLOG = demo(20);
const ABOUT = demo(2);
const SHIPPING = demo(25);
const TEAM = demo(3);
/** The cover image of SHIPPING, which no other published document names. */
const COVER = 'a55e0000-0000-4000-8000-000000000006';
/** A child of the team page. */
const LENA = '/about/team/lena-hoffmann';
/** A page and a document no write below touches. */
const UNRELATED = '/imprint';
const UNRELATED_API = `/v1/content/${demo(31)}`;

/**
 * Authoring through the management API as `verso serve` runs it: the public, website and management apps on one
 * set of services (one cache, as one process has), over real HTTP, on PostgreSQL with DATABASE_URL, else PGlite,
 * on the demo space.
 * A document created, updated and published appears in REST, GraphQL and the site; an unrelated page stays
 * cached (answered by the fast path, which answers only from a standing cache entry). A menu or an asset
 * changed shows at once where it is shown, and only there.
 */
describe('content authoring through /rpc, read back through REST, GraphQL and the site', () => {
  let services: Services;
  let drop = async () => {};
  const servers: Listening[] = [];
  const base: Record<string, string> = {};
  let fastSite: FastAnswers;
  let fastApi: FastAnswers;
  let key: string;

  beforeAll(async () => {
    ({ services, drop } = await demoServices({
      name: 'authoring',
      secret: 'authoring-secret-0123456789-0123456789-01234',
      databaseUrl: process.env.DATABASE_URL,
    }));
    key = (await createApiKey(services.db, { role: 'editor' })).token;
    for (const mode of ['public', 'website', 'management'] as const) {
      const config = {
        ...services.config,
        SERVER_MODE: mode,
        SCOPES: loadConfig({ SERVER_MODE: mode }).SCOPES,
      };
      const app = buildApp(mode, { ...services, config });
      const server = await listen(app, { port: 0, hostname: '127.0.0.1' });
      servers.push(server);
      base[mode] = `http://127.0.0.1:${server.port}`;
      if (mode === 'website') fastSite = fastAnswersOf(app)!;
      if (mode === 'public') fastApi = fastAnswersOf(app)!;
    }
  }, 180_000);
  afterAll(async () => {
    for (const s of servers) await s.close();
    if (services) await closeServices(services);
    await drop();
  }, 60_000);

  const page = (path: string) => getAs('localhost', `${base.website}${path}`);
  const rpc = (name: string, input: Record<string, unknown>) =>
    rpcOf(base.management!, key, name, { space: 'demo', ...input });
  /** Whether the page is answered from a standing cache entry (the fast path answers only those). */
  const cached = async (path: string) => {
    const hits = fastSite.hits;
    expect((await page(path)).status).toBe(200);
    return fastSite.hits === hits + 1;
  };
  const cachedApi = async () => {
    const hits = fastApi.hits;
    expect((await get(`${base.public}${UNRELATED_API}`)).status).toBe(200);
    return fastApi.hits === hits + 1;
  };

  /** Whether a page is answered by a render (its cache entry was purged): a second request is a hit again. */
  const rendered = async (path: string) => {
    const hits = fastSite.hits;
    const answer = await page(path);
    return { ...answer, fresh: fastSite.hits === hits };
  };
  const get200 = async (path: string) => {
    const answer = await page(path);
    expect(answer.status, path).toBe(200);
    return answer.text;
  };

  it('create → update → publish: the post appears everywhere; the unrelated page stays cached', async () => {
    await page(UNRELATED);
    expect(await cached(UNRELATED)).toBe(true);
    await get(`${base.public}${UNRELATED_API}`);
    expect(await cachedApi()).toBe(true);
    // A 404 and the sitemap depend on every publish (a document may appear there): cached, then purged.
    expect((await page('/blog/roasting-notes')).status).toBe(404);
    expect(await get200('/sitemap.xml')).not.toContain('/blog/roasting-notes');
    expect(await get200('/feeds/blog-post.json')).not.toContain('/blog/roasting-notes');
    const listed = async () =>
      (await get(`${base.public}/v1/content?locale=en&type=blog-post`)).body.items.length;
    const before = await listed();

    const created = await rpc('content.create', {
      type: 'blog-post',
      parentId: BLOG,
      locale: 'en',
      title: 'Roasting notes',
      fields: { excerpt: 'A first draft' },
    });
    expect(created.status).toBe(200);
    const { id, revision } = created.body;
    const updated = await rpc('content.update', {
      id,
      locale: 'en',
      revision,
      title: 'Roasting notes, revised',
      fields: { excerpt: 'Ready', reading_time: 3 },
    });
    expect(updated.status).toBe(200);
    // Still a draft: delivered nowhere, and saving it purged nothing.
    expect(await cached(UNRELATED)).toBe(true);
    expect(await cachedApi()).toBe(true);
    expect((await get(`${base.public}/v1/content/${id}`)).status).toBe(404);
    expect((await page('/blog/roasting-notes')).status).toBe(404);

    expect((await rpc('content.publish', { id, locale: 'en' })).status).toBe(200);
    const rest = await get(`${base.public}/v1/content/${id}`);
    expect([rest.status, rest.body.title]).toEqual([200, 'Roasting notes, revised']);
    expect(await listed()).toBe(before + 1);
    const gql = await graphql(base.public!, `{ content(id: "${id}", locale: "en") { title } }`);
    expect(gql.body.data.content.title).toBe('Roasting notes, revised');
    const site = await page('/blog/roasting-notes');
    expect(site.status).toBe(200);
    expect(site.text).toContain('Roasting notes, revised');
    expect(await get200('/sitemap.xml')).toContain('/blog/roasting-notes');
    // The type's feed, newest first, was purged by the publish as lists are.
    const feed = JSON.parse(await get200('/feeds/blog-post.json'));
    expect([feed.items[0].title, feed.items[0].summary]).toEqual(['Roasting notes, revised', 'Ready']);
    expect(feed.items[0].url).toMatch(/\/blog\/roasting-notes$/);
    // Neither the unrelated page nor the unrelated document was purged: both answered from the cache.
    expect(await cached(UNRELATED)).toBe(true);
    expect(await cachedApi()).toBe(true);
  });

  it('move and delete change the pages that show the document at once; the unrelated page stays cached', async () => {
    // The blog index shows the post as a teaser (a relation): its link follows the post's permalink.
    expect(await get200('/blog')).toContain('href="/blog/shipping-to-the-uk"');
    expect(await get200('/blog/shipping-to-the-uk')).toContain('We ship to the UK again');
    expect(await cached(UNRELATED)).toBe(true);
    await get(`${base.public}${UNRELATED_API}`);
    // Public while published content names it: on the site, in /media and in REST.
    const media = async () => [
      (await page(`/media/${COVER}/original`)).status,
      (await get(`${base.public}/media/${COVER}/original`)).status,
      (await get(`${base.public}/v1/assets/${COVER}`)).status,
    ];
    expect(await media()).toEqual([200, 200, 200]);
    const moved = await rpc('content.move', { id: SHIPPING, parentId: ABOUT, position: 9 });
    expect(moved.status).toBe(200);
    expect((await page('/blog/shipping-to-the-uk')).status).toBe(404);
    expect((await page('/about/shipping-to-the-uk')).status).toBe(200);
    const blog = await get200('/blog');
    expect(blog).toContain('href="/about/shipping-to-the-uk"');
    expect(blog).not.toContain('href="/blog/shipping-to-the-uk"');
    expect(await cached(UNRELATED)).toBe(true);
    expect(await cachedApi()).toBe(true);

    expect((await rpc('content.delete', { id: SHIPPING })).status).toBe(200);
    expect((await page('/about/shipping-to-the-uk')).status).toBe(404);
    expect((await get(`${base.public}/v1/content/${SHIPPING}`)).status).toBe(404);
    expect(await get200('/blog')).not.toContain('shipping-to-the-uk');
    expect(await media()).toEqual([404, 404, 404]);
    expect(await cached(UNRELATED)).toBe(true);
    expect(await cachedApi()).toBe(true);

    // Named by a newly published post, the image is public again; no page but the post's was purged for it.
    const post = await rpc('content.create', {
      type: 'blog-post',
      parentId: BLOG,
      locale: 'en',
      title: 'Parcels',
      fields: { excerpt: 'Packed', cover: COVER },
    });
    expect((await rpc('content.publish', { id: post.body.id, locale: 'en' })).status).toBe(200);
    expect(await media()).toEqual([200, 200, 200]);
    expect(await cached(UNRELATED)).toBe(true);
  });

  it('moving a document that menus link changes every page showing the menu, and its children', async () => {
    // Every page's main menu links the team page; its children's permalinks and breadcrumbs hang on it.
    expect(await get200(UNRELATED)).toContain('href="/about/team"');
    expect(await cached(UNRELATED)).toBe(true);
    expect(await get200(LENA)).toContain('href="/about/team"');
    expect(await cached(LENA)).toBe(true);

    expect((await rpc('content.move', { id: TEAM, parentId: BLOG, position: 9 })).status).toBe(200);
    const imprint = await rendered(UNRELATED);
    expect(imprint.fresh).toBe(true);
    expect(imprint.text).toContain('href="/blog/team"');
    expect(imprint.text).not.toContain('href="/about/team"');
    expect((await page(LENA)).status).toBe(404);
    const lena = await get200('/blog/team/lena-hoffmann');
    expect(lena).toContain('href="/blog/team"');

    // A new title of the parent: the cached child page's breadcrumb shows it.
    expect(await cached('/blog/team/lena-hoffmann')).toBe(true);
    const team = await rpc('content.get', { id: TEAM });
    const renamed = await rpc('content.update', {
      id: TEAM,
      locale: 'en',
      revision: team.body.revision,
      title: 'The people',
    });
    expect(renamed.status).toBe(200);
    expect(await cached('/blog/team/lena-hoffmann')).toBe(true);
    expect((await rpc('content.publish', { id: TEAM, locale: 'en' })).status).toBe(200);
    expect(await get200('/blog/team/lena-hoffmann')).toContain('The people');
  });

  it('menus.update and assets.update show at once on the site and in /v1; unrelated answers stay cached', async () => {
    const footer = `${base.public}/v1/menus/footer?locale=en`;
    const cachedAt = async (url: string) => {
      const hits = fastApi.hits;
      expect((await get(url)).status).toBe(200);
      return fastApi.hits === hits + 1;
    };
    await get(footer);
    expect(await cachedAt(footer)).toBe(true);
    await get(`${base.public}${UNRELATED_API}`);
    await get(`${base.public}/v1/menus/main?locale=en`);
    expect((await page(UNRELATED)).text).toContain('Coffees');

    const menu = (await rpc('menus.get', { key: 'main' })).body;
    type Item = { id: string; label: Record<string, string>; children: Item[] } & Record<string, unknown>;
    const write = (items: Item[]): unknown[] =>
      items.map((i) => ({
        id: i.id,
        label: i.label.en === 'Coffees' ? 'Our coffees' : i.label.en,
        contentId: i.contentId,
        url: i.url,
        target: i.target,
        children: write(i.children),
      }));
    const updated = await rpc('menus.update', {
      key: 'main',
      locale: 'en',
      revision: menu.revision,
      items: write(menu.items),
    });
    expect([updated.status, updated.body.revision]).toEqual([200, menu.revision + 1]);
    const main = (await get(`${base.public}/v1/menus/main?locale=en`)).body;
    expect(main.items.map((i: { label: string }) => i.label)).toContain('Our coffees');
    const site = (await page(UNRELATED)).text;
    expect(site).toContain('Our coffees');
    // The other locale's labels are kept.
    const de = (await get(`${base.public}/v1/menus/main?locale=de`)).body;
    expect(de.items.map((i: { label: string }) => i.label)).toContain('Kaffees');
    expect(await cachedAt(footer)).toBe(true);
    expect(await cachedApi()).toBe(true);

    // The pour-over photo on its blog post: a new alt text shows at once; other answers stay cached.
    const POUR_OVER = 'a55e0000-0000-4000-8000-000000000003';
    const post = '/blog/better-pour-over-at-home';
    expect((await page(post)).text).toContain('A paper-filter dripper');
    expect(await cachedAt(footer)).toBe(true);
    const alt = 'A glass dripper, water poured in slow circles';
    expect((await rpc('assets.update', { id: POUR_OVER, alt })).status).toBe(200);
    expect((await page(post)).text).toContain(alt);
    expect(await cachedAt(footer)).toBe(true);
    expect(await cachedApi()).toBe(true);

    const refused = await rpc('assets.delete', { id: POUR_OVER });
    expect([refused.status, refused.body.error.key]).toEqual([409, 'asset.inUse']);
    expect(refused.body.error.details[0].params.documents).toContainEqual({
      id: demo(22),
      title: 'How to brew a better pour-over at home',
      published: true,
    });
    expect((await page(post)).text).toContain(alt);
  });
});
