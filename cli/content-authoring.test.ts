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

  it('create → update → publish: the post appears everywhere; the unrelated page stays cached', async () => {
    await page(UNRELATED);
    expect(await cached(UNRELATED)).toBe(true);
    await get(`${base.public}${UNRELATED_API}`);
    expect(await cachedApi()).toBe(true);
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
    // The unrelated document was not purged: still answered from the cache. (Every site page carries the
    // space's lists tag, which a publish purges: the reader tags each page's alternates and assets with it.)
    expect(await cachedApi()).toBe(true);
  });

  it('move and delete change the site at once; the unrelated page stays cached', async () => {
    expect((await page('/blog/shipping-to-the-uk')).status).toBe(200);
    await get(`${base.public}${UNRELATED_API}`);
    const moved = await rpc('content.move', { id: SHIPPING, parentId: ABOUT, position: 9 });
    expect(moved.status).toBe(200);
    expect((await page('/blog/shipping-to-the-uk')).status).toBe(404);
    expect((await page('/about/shipping-to-the-uk')).status).toBe(200);
    expect(await cachedApi()).toBe(true);
    expect((await rpc('content.delete', { id: SHIPPING })).status).toBe(200);
    expect((await page('/about/shipping-to-the-uk')).status).toBe(404);
    expect((await get(`${base.public}/v1/content/${SHIPPING}`)).status).toBe(404);
    expect(await cachedApi()).toBe(true);
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
