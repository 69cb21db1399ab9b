import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSites, siteHost } from '../../bench/generate-sites.ts';
import { allMigrations } from '../../cli/plugins.ts';
import { redisCache } from '../../core/cache/redis-cache.ts';
import type { TaggedCache } from '../../core/cache/tagged-cache.ts';
import { cacheTags } from '../../core/cache/tags.ts';
import { migrate } from '../../core/db/migrations.ts';
import type { Db } from '../../core/db/types.ts';
import { localDiskStorage } from '../../core/media/local-disk-storage.ts';
import { sharpRenderer } from '../../core/media/render-variant.ts';
import { variantStore } from '../../core/media/variant-store.ts';
import { connectRedis, type RedisHandle } from '../../core/redis/connection.ts';
import { importSpace } from '../../core/space-format/import.ts';
import { parseSpaceFile } from '../../core/space-format/validate.ts';
import { captureLog } from '../../core/testing/capture-log.ts';
import { freshPostgres } from '../../core/testing/databases.ts';
import { serviceUrl } from '../../core/testing/require-service.ts';
import { demoDir, demoSpace } from '../../demo/project.ts';
import { boundParsedDesigns, parsedDesignsKept, sharedBundlesKept } from '../pipeline/load-designs.ts';
import { siteTags } from '../pipeline/load-site.ts';
import { spaceDirectory } from '../pipeline/space-directory.ts';
import { plugins } from '../testing/site-harness.ts';
import { websiteServer } from './website-server.ts';

// Issue 42, point 1, at a small size: 30 copies of the demo in one database, two website processes sharing Redis.
const databaseUrl = serviceUrl('DATABASE_URL');
const redisUrl = serviceUrl('REDIS_URL');
const SITES = 30;
const secret = 'test-media-secret-test-media-secret-0123';

/** A database query counter: what the directory reads, by statement. */
function counting(db: Db) {
  const seen: string[] = [];
  const counted: Db = Object.create(db);
  counted.query = ((text: string, params?: unknown[]) => {
    seen.push(text);
    return db.query(text, params as never);
  }) as Db['query'];
  return {
    db: counted,
    domainReads: () => seen.filter((q) => q.includes('from website_domains')).length,
    reads: () => seen.length,
  };
}

describe.skipIf(!databaseUrl || !redisUrl)('many sites in one website process', () => {
  let database: Awaited<ReturnType<typeof freshPostgres>>;
  const handles: RedisHandle[] = [];
  const caches: TaggedCache[] = [];
  const processes: {
    app: ReturnType<typeof websiteServer>;
    db: ReturnType<typeof counting>;
    cache: TaggedCache;
  }[] = [];
  const get = (p: number, host: string, path = '/') =>
    processes[p]!.app.request(`http://${host}${path}`, { headers: {} });
  // The blog's page: the site sheet alone (the home page adds a page sheet of its blocks' own instance styles).
  const sheetOf = async (p: number, host: string) =>
    /href="(\/_site\/[a-z0-9]+\.css)"/.exec(await (await get(p, host, '/blog')).text())?.[1];

  beforeAll(async () => {
    database = await freshPostgres(databaseUrl!);
    await migrate(database.db, allMigrations(plugins));
    const dir = mkdtempSync(join(tmpdir(), 'verso-sites-'));
    const storage = localDiskStorage(dir);
    await importSpace(database.db, parseSpaceFile(await demoSpace(), plugins), {
      baseDir: demoDir,
      storage,
      plugins,
    });
    await generateSites(database.db, SITES);
    const prefix = `sites-${Date.now()}-`;
    for (let i = 0; i < 2; i++) {
      const log = captureLog('warn');
      const h = await connectRedis({ url: redisUrl!, log: log.log, prefix });
      handles.push(h);
      const cache = redisCache({ redis: h, defaultTtlSeconds: 300 });
      caches.push(cache);
      const db = counting(database.db);
      const app = websiteServer({
        db: db.db as Db,
        log: log.log,
        cache,
        storage,
        variants: variantStore({ dir: join(dir, `variants-${i}`), storage, render: sharpRenderer }),
        mediaSecret: () => secret,
        config: { SITE_CACHE_TTL: 300, SCOPES: [] },
      });
      processes.push({ app, db, cache });
    }
  }, 120_000);
  afterAll(async () => {
    for (const c of caches) await c.close();
    for (const h of handles) await h.close();
    await database?.drop();
  });

  it('serves every site by its host, reading the domains once per process', async () => {
    for (let n = 1; n <= SITES; n++) expect((await get(0, siteHost(n))).status).toBe(200);
    expect(processes[0]!.db.domainReads()).toBe(1);
    expect((await get(0, 'nobody.sites.test')).status).toBe(404);
    expect(processes[0]!.db.domainReads()).toBe(1);
  });

  it('learns a new domain through a purge, in the other process too, without re-reading otherwise', async () => {
    expect((await get(1, siteHost(3))).status).toBe(200);
    const host = 'added.sites.test';
    expect((await get(1, host)).status).toBe(404);
    const before = processes[1]!.db.domainReads();
    expect(before).toBe(1);
    const space = await database.db.query<{ id: string }>(`select id from spaces where name = 'site-7'`);
    await database.db.query(
      `insert into website_domains (host, space_id, "primary", redirect_to_primary, environment, position)
       values ($1, $2, false, false, 'production', 9)`,
      [host, space.rows[0]!.id],
    );
    // No purge yet: the directory answers as it was, without asking the database.
    expect((await get(1, host)).status).toBe(404);
    expect(processes[1]!.db.domainReads()).toBe(before);
    // The purge is made by process 0 (as the management process would); process 1 hears it through Redis.
    await caches[0]!.purgeTags([cacheTags.domains, cacheTags.sitePagesOf(space.rows[0]!.id)]);
    expect((await get(1, host)).status).toBe(200);
    expect(processes[1]!.db.domainReads()).toBe(before + 1);
    expect((await spaceDirectory({ db: database.db, cache: caches[1]! }).host(host))?.spaceId).toBe(
      space.rows[0]!.id,
    );
  });

  it('shares one stylesheet between spaces with the same designs, and compiles another when one changes', async () => {
    const one = await sheetOf(0, siteHost(1));
    const two = await sheetOf(0, siteHost(2));
    expect(one).toMatch(/^\/_site\/[a-z0-9]+\.css$/);
    expect(two).toBe(one);
    const css = await (await get(0, siteHost(2), one)).text();
    expect(css.length).toBeGreaterThan(1000);
    // Site 2's custom CSS changes: its own sheet, site 1 keeps the shared one.
    const space = (await database.db.query<{ id: string }>(`select id from spaces where name = 'site-2'`))
      .rows[0]!.id;
    await database.db.query(
      `update space_plugin_settings set settings = jsonb_set(settings, '{customCss}', '"body{color:#123456}"')
       where space_id = $1 and environment = 'production'`,
      [space],
    );
    await caches[0]!.purgeTags([cacheTags.design(space), cacheTags.sitePagesOf(space)]);
    const changed = await sheetOf(0, siteHost(2));
    expect(changed).not.toBe(one);
    expect(await (await get(0, siteHost(2), changed)).text()).toContain('#123456');
    expect(await sheetOf(0, siteHost(1))).toBe(one);
    expect(await sheetOf(0, siteHost(3))).toBe(one);
  });

  it('shares the completed designs of copies, and each renders its own site record, links and image addresses', async () => {
    const spaceOf = async (n: number) =>
      (await database.db.query<{ id: string }>('select id from spaces where name = $1', [`site-${n}`]))
        .rows[0]!.id;
    // Site 12's site record, the one record copies do not share, gets a logo height of its own.
    await database.db.query(
      `update website_design_versions set designs = (
         select jsonb_agg(case when e->>'kind' = 'site'
           then jsonb_set(e, '{published,logoHeight}', '56') else e end order by ord)
         from jsonb_array_elements(designs) with ordinality x(e, ord))
       where space_id = $1 and environment = 'production'`,
      [await spaceOf(12)],
    );
    for (const n of [11, 12]) await caches[0]!.purgeTags(siteTags(await spaceOf(n)));
    const html11 = await (await get(0, siteHost(11))).text();
    const kept = sharedBundlesKept();
    const html12 = await (await get(0, siteHost(12))).text();
    // Site 12 completed no designs of its own: it took the part site 11's (equal) records made.
    expect(sharedBundlesKept()).toBe(kept);
    expect(html12).toContain('sizes="56px"');
    expect(html11).not.toContain('sizes="56px"');
    for (const [html, own, other] of [
      [html11, '000b', '000c'],
      [html12, '000c', '000b'],
    ] as const) {
      expect(html).toContain(`-0000-${own}-8000-`);
      expect(html).not.toContain(`-0000-${other}-8000-`);
    }
    expect(html11).toContain(`href="http://${siteHost(11)}/"`);
    expect(html12).toContain(`href="http://${siteHost(12)}/"`);
    // Past their ids (and the blocks' instance classes made of them), hosts, signatures and logo size, the two pages are the same: nothing of one shows in the other.
    const neutral = (html: string, n: string) =>
      html
        .replaceAll(`-0000-${n}-8000-`, '-0000-ID-8000-')
        .replaceAll(siteHost(Number.parseInt(n, 16)), 'HOST')
        .replace(/s=[A-Za-z0-9_-]{22}/g, 's=SIG')
        .replace(/\/_site\/[a-z0-9]+\.css\?i=[A-Za-z0-9_=-]+/g, 'SHEET')
        .replace(/ i-[a-z0-9]+"/g, ' i-BLOCK"')
        .replace(/(width="|height="|sizes=")56/g, '$140');
    expect(neutral(html12, '000c')).toBe(neutral(html11, '000b'));
  });

  it('reads only the design records a site does not share with one already served: the JSON of its site record', async () => {
    // Nothing parsed in this process, and neither site's designs kept.
    boundParsedDesigns(32);
    for (const n of [25, 26]) {
      const space = (
        await database.db.query<{ id: string }>(`select id from spaces where name = $1`, [`site-${n}`])
      ).rows[0]!.id;
      await caches[1]!.purgeTags([cacheTags.design(space)]);
    }
    expect((await get(1, siteHost(25), '/blog')).status).toBe(200);
    const before = parsedDesignsKept().count;
    expect(before).toBeGreaterThan(10);
    expect((await get(1, siteHost(26), '/blog')).status).toBe(200);
    // The copies differ in the site record (its logo) only: one record parsed for the new site, not 21.
    expect(parsedDesignsKept().count).toBe(before + 1);
  });

  it('keeps parsed designs within their bound, and a site whose records were dropped still serves', async () => {
    boundParsedDesigns(0.02);
    try {
      for (let n = 10; n <= 14; n++) {
        const space = (
          await database.db.query<{ id: string }>(`select id from spaces where name = $1`, [`site-${n}`])
        ).rows[0]!.id;
        await caches[0]!.purgeTags([cacheTags.design(space)]);
        expect((await get(0, siteHost(n))).status).toBe(200);
        // 20 KB of keys: fewer records than a demo has (21), however many sites were loaded.
        expect(parsedDesignsKept().bytes).toBeLessThanOrEqual(0.02 * 1024 * 1024);
        expect(parsedDesignsKept().count).toBeLessThan(21);
      }
      const res = await get(0, siteHost(10), '/blog');
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<h1');
    } finally {
      boundParsedDesigns(32);
    }
  });

  it('a publish in one space leaves another space’s cached page as it was', async () => {
    const other = await get(0, siteHost(20), '/blog');
    const otherHtml = await other.text();
    expect(other.status).toBe(200);
    const spaceOf = async (name: string) =>
      (await database.db.query<{ id: string }>('select id from spaces where name = $1', [name])).rows[0]!.id;
    const published = await spaceOf('site-21');
    const page = await get(0, siteHost(21), '/blog');
    expect(page.status).toBe(200);
    // What a publish in site 21 purges (core/procedures/content-publish.ts): the documents' tags and its lists.
    const docs = await database.db.query<{ id: string }>('select id from documents where space_id = $1', [
      published,
    ]);
    await caches[1]!.purgeTags([
      ...docs.rows.map((d) => cacheTags.document(d.id)),
      cacheTags.lists(published),
    ]);
    // The other space's page is answered from the cache, in both processes' view: no read of the database at all.
    const readsBefore = processes[0]!.db.reads();
    const again = await get(0, siteHost(20), '/blog');
    expect(await again.text()).toBe(otherHtml);
    expect(processes[0]!.db.reads()).toBe(readsBefore);
    // The published space's page is rendered again (it reads its documents).
    expect((await get(0, siteHost(21), '/blog')).status).toBe(200);
    expect(processes[0]!.db.reads()).toBeGreaterThan(readsBefore);
  });
});
