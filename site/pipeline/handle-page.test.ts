import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheTags } from '../../core/cache/tags.ts';
import { testDatabases } from '../../core/testing/databases.ts';
import { siteIds } from '../testing/site-fixture.ts';
import { openSite, type SiteHarness } from '../testing/site-harness.ts';

// The steps of `GET /*` in order (delivery-and-site.md, "Request handling of GET /*"), through the app.

const spaceId = siteIds.space;

describe.each(testDatabases())('the page pipeline on $kind', ({ open }) => {
  let site: SiteHarness;
  beforeAll(async () => {
    site = await openSite(open);
  });
  afterAll(() => site.drop());

  const h1 = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];

  describe('1. host', () => {
    it('routes by Host, port stripped and lowercased', async () => {
      const res = await site.get('http://FIXTURE.test:8080/about');
      expect(res.status).toBe(200);
      expect(h1(await res.text())).toBe('About us');
    });

    it('answers an unknown host with the neutral 404 that names nothing', async () => {
      const res = await site.get('http://nobody.test/about');
      expect(res.status).toBe(404);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const html = await res.text();
      expect(html).toContain('<h1>Not found</h1>');
      expect(html.toLowerCase()).not.toMatch(/fixture|verso|about/);
    });

    it('redirects a domain set to redirect to primary: 301, path and query kept', async () => {
      const res = await site.get('http://www.fixture.test:3200/news/hello?utm=x&b=2');
      expect(res.status).toBe(301);
      expect(res.headers.get('location')).toBe('http://fixture.test:3200/news/hello?utm=x&b=2');
    });
  });

  describe('2. space', () => {
    it('answers the neutral 404 for an external space and for a running import', async () => {
      const neutral = await (await site.get('http://nobody.test/')).text();
      await site.db.query(
        `update space_plugin_settings set settings = settings || '{"mode":"external"}' where space_id = $1 and environment = 'production'`,
        [spaceId],
      );
      await site.cache.purgeTags([cacheTags.domains, cacheTags.redirects(spaceId)]);
      const external = await site.get('http://fixture.test/about');
      expect(external.status).toBe(404);
      expect(await external.text()).toBe(neutral);

      await site.db.query(
        `update space_plugin_settings set settings = settings || '{"mode":"designed"}' where space_id = $1 and environment = 'production'`,
        [spaceId],
      );
      await site.db.query('update spaces set import_running = true where id = $1', [spaceId]);
      await site.cache.purgeTags([cacheTags.domains, cacheTags.redirects(spaceId)]);
      const importing = await site.get('http://fixture.test/about');
      expect(importing.status).toBe(404);
      expect(await importing.text()).toBe(neutral);

      await site.db.query('update spaces set import_running = false where id = $1', [spaceId]);
      // The site of a space is its own entry: `domains` (every site's) does not drop it, its own tags do.
      await site.cache.purgeTags([cacheTags.sitePagesOf(spaceId)]);
      expect((await site.get('http://fixture.test/about')).status).toBe(200);
    });
  });

  describe('3. locale', () => {
    it('selects a locale by its prefix on an unpinned domain', async () => {
      const res = await site.get('http://fixture.test/de/ueber-uns');
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('<html lang="de">');
      expect(h1(html)).toBe('Über uns');
    });

    it('answers the default locale prefix with 301 to the unprefixed path, query kept', async () => {
      const res = await site.get('http://fixture.test/en/about?x=1');
      expect(res.status).toBe(301);
      expect(res.headers.get('location')).toBe('/about?x=1');
      expect((await site.get('http://fixture.test/en')).headers.get('location')).toBe('/');
    });

    it('serves only its locale on a pinned domain, without prefix', async () => {
      const res = await site.get('http://de.fixture.test/ueber-uns');
      expect(h1(await res.text())).toBe('Über uns');
      // Another locale's prefix is just a path there.
      expect((await site.get('http://de.fixture.test/en/about')).status).toBe(404);
      expect((await site.get('http://de.fixture.test/about')).status).toBe(404);
    });

    it('answers a trailing slash with 301 to the path without it', async () => {
      const res = await site.get('http://fixture.test/about/?q=1');
      expect(res.status).toBe(301);
      expect(res.headers.get('location')).toBe('/about?q=1');
    });
  });

  describe('4. document', () => {
    it('serves the home document at / of each locale', async () => {
      expect(h1(await (await site.get('http://fixture.test/')).text())).toBe('Home');
      expect(h1(await (await site.get('http://fixture.test/de')).text())).toBe('Start');
      expect(h1(await (await site.get('http://de.fixture.test/')).text())).toBe('Start');
    });

    it('answers the home document under its own permalink with 301 to the root', async () => {
      const res = await site.get('http://fixture.test/home');
      expect(res.status).toBe(301);
      expect(res.headers.get('location')).toBe('/');
      expect((await site.get('http://fixture.test/de/start')).headers.get('location')).toBe('/de');
    });

    it('resolves nested permalinks and nothing unpublished', async () => {
      expect(h1(await (await site.get('http://fixture.test/about/team')).text())).toBe('Team');
      expect((await site.get('http://fixture.test/unpublished')).status).toBe(404);
      expect((await site.get('http://fixture.test/de/news/english-only')).status).toBe(404);
    });
  });

  describe('5. redirects', () => {
    it('applies the space redirects of the locale when no document matches', async () => {
      const res = await site.get('http://fixture.test/old-about?ref=1');
      expect(res.status).toBe(301);
      expect(res.headers.get('location')).toBe('/about?ref=1');
    });

    it('sends a redirect to a document to its address in the locale, with the prefix of this host', async () => {
      const pinned = await site.get('http://de.fixture.test/alt');
      expect(pinned.status).toBe(302);
      expect(pinned.headers.get('location')).toBe('/ueber-uns');
      const prefixed = await site.get('http://fixture.test/de/alt');
      expect(prefixed.headers.get('location')).toBe('/de/ueber-uns');
      // A redirect of another locale does not apply.
      expect((await site.get('http://fixture.test/alt')).status).toBe(404);
    });
  });

  describe('6. not found', () => {
    it('answers 404 with the configured not-found document, in the locale', async () => {
      const en = await site.get('http://fixture.test/nothing-here');
      expect(en.status).toBe(404);
      const html = await en.text();
      expect(h1(html)).toBe('Lost');
      expect(html).toContain('<meta name="robots" content="noindex"/>');
      expect(html).not.toContain('rel="canonical"');
      expect(h1(await (await site.get('http://de.fixture.test/nichts')).text())).toBe('Verirrt');
    });

    it('keeps a 404 page until its not-found document changes, whose tags it carries', async () => {
      const url = 'http://fixture.test/gone-for-good';
      expect(h1(await (await site.get(url)).text())).toBe('Lost');
      const retitle = (title: string) =>
        site.db.query(
          `update document_versions set title = $2 where document_id = $1 and locale = 'en' and state = 'published'`,
          [siteIds.notFound, title],
        );
      await retitle('Lost again');
      try {
        expect(h1(await (await site.get(url)).text())).toBe('Lost');
        await site.cache.purgeTags([cacheTags.document(siteIds.notFound)]);
        const again = await site.get(url);
        expect(again.status).toBe(404);
        expect(h1(await again.text())).toBe('Lost again');
      } finally {
        await retitle('Lost');
        await site.cache.purgeTags([cacheTags.document(siteIds.notFound)]);
      }
    });

    it("answers the staging environment's own not-found document on a staging domain", async () => {
      const res = await site.get('http://staging.fixture.test/nothing-here');
      expect(res.status).toBe(404);
      expect(h1(await res.text())).toBe('Staging lost');
    });

    it('generates a "Page not found" page when none is configured or published', async () => {
      const res = await site.get('http://fixture.test/de/weg');
      // The configured document is published in German: it shows. Unpublish it there to see the generated page.
      expect(h1(await res.text())).toBe('Verirrt');
      await site.db.query(`delete from document_versions where document_id = $1 and locale = 'de'`, [
        siteIds.notFound,
      ]);
      await site.cache.purgeTags([cacheTags.document(siteIds.notFound), cacheTags.lists(spaceId)]);
      const generated = await site.get('http://fixture.test/de/weg');
      expect(generated.status).toBe(404);
      const html = await generated.text();
      expect(h1(html)).toBe('Seite nicht gefunden');
      expect(html).toContain('href="/de">Zur Startseite</a>');
    });
  });

  describe('7–9. designs, render, cache', () => {
    it('renders the page design inside its layout, with head and headers', async () => {
      const res = await site.get('http://fixture.test/about');
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe(
        'public, max-age=0, s-maxage=120, stale-while-revalidate=1200',
      );
      expect(res.headers.get('etag')).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
      const html = await res.text();
      expect(html.startsWith('<!doctype html><html lang="en">')).toBe(true);
      expect(html).toContain('<title>About us · Fixture</title>');
      expect(html).toMatch(/<link rel="stylesheet" href="\/_site\/[a-z0-9]+\.css"\/>/);
      expect(html.indexOf('<header')).toBeLessThan(html.indexOf('<main'));
      expect(html.indexOf('<main')).toBeLessThan(html.indexOf('<h1'));
      expect(html.indexOf('<h1')).toBeLessThan(html.indexOf('<footer'));
    });

    it('answers 304 to a matching If-None-Match, and 200 to another', async () => {
      const first = await site.get('http://fixture.test/about');
      const etag = first.headers.get('etag')!;
      const again = await site.get('http://fixture.test/about', { 'If-None-Match': etag });
      expect(again.status).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
      expect(await again.text()).toBe('');
      const strong = await site.get('http://fixture.test/about', { 'If-None-Match': etag.replace('W/', '') });
      expect(strong.status).toBe(304);
      expect((await site.get('http://fixture.test/about', { 'If-None-Match': 'W/"other"' })).status).toBe(
        200,
      );
    });

    it('renders a page from its document read with all it names, without reading after it', async () => {
      // The about page shows a hero image and its author, Ada, whose avatar is the same image. Once rendered,
      // what its designs need besides (designs, menus, design assets) is cached until a purge of its own.
      await site.get('http://fixture.test/about');
      await site.cache.purgeTags([cacheTags.document(siteIds.about)]);
      const sent: string[] = [];
      const query = site.db.query;
      site.db.query = ((sql: string, params?: unknown[]) => {
        sent.push(sql);
        return query.call(site.db, sql, params);
      }) as typeof query;
      try {
        const res = await site.get('http://fixture.test/about');
        expect(res.status).toBe(200);
        const html = await res.text();
        expect(html).toContain('Ada');
        // The hero's image with its asset's own alt text: the asset row was read.
        expect(html).toMatch(
          /<img [^>]*src="\/media\/00000000-0000-4000-8000-0000000000b1\/[^>]*alt="A dot"/,
        );
      } finally {
        site.db.query = query;
      }
      // They came with the document's row (document_versions.ref_ids, migration 0007), and so did its related
      // documents (the team page, the English-only page) with theirs, and where it is published in each locale.
      expect(sent.filter((sql) => /^\s*select\b.*\bfrom (assets|users)\b/s.test(sql))).toEqual([]);
      expect(sent.filter((sql) => sql.includes('related_row'))).toHaveLength(1);
      // Besides: the main menu with its documents, in one statement (purged with the page, which it lists). Its
      // alternates or related documents read on their own would be a third.
      expect(sent).toHaveLength(2);
    });

    it('serves a cached page without reading the database', async () => {
      await site.get('http://fixture.test/about/team');
      const before = site.db.stats.queries;
      const res = await site.get('http://fixture.test/about/team');
      expect(res.status).toBe(200);
      expect(site.db.stats.queries).toBe(before);
    });
  });
});
