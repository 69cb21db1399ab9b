import type { Context } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheTags } from '../../core/cache/tags.ts';
import { testDatabases } from '../../core/testing/databases.ts';
import { PUBLIC_ACCESS } from '../pipeline/deps.ts';
import { siteIds } from '../testing/site-fixture.ts';
import { openSite, type SiteHarness } from '../testing/site-harness.ts';

const spaceId = siteIds.space;

/** Site access stands in here for its own issue: a request "holds a share cookie" when it sends `preview`. */
const access = {
  check: async () => PUBLIC_ACCESS,
  hasShareCookie: (c: Context) => (c.req.header('cookie') ?? '').includes('preview'),
};

async function setSettings(site: SiteHarness, patch: Record<string, unknown>) {
  await site.db.query(
    `update space_plugin_settings set settings = settings || $2::jsonb where space_id = $1 and environment = 'production'`,
    [spaceId, JSON.stringify(patch)],
  );
  await site.cache.purgeTags([cacheTags.design(spaceId)]);
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe.each(testDatabases())('sitemap.xml and robots.txt on $kind', ({ open }) => {
  let site: SiteHarness;
  beforeAll(async () => {
    site = await openSite(open, { sitemapLimit: 5, access });
  });
  afterAll(() => site.drop());

  it('lists published documents per locale on the primary domain, with xhtml:link alternates', async () => {
    const index = await site.get('http://fixture.test/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const parts = locs(await index.text());
    // Past the (test) limit of 5 addresses the sitemap is an index of parts.
    expect(parts[0]).toBe('http://fixture.test/sitemap-1.xml');
    const urls: string[] = [];
    let xml = '';
    for (const part of parts) {
      const res = await site.get(part!);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(locs(text).length).toBeLessThanOrEqual(5);
      urls.push(...(locs(text) as string[]));
      xml += text;
    }
    expect(urls).toContain('http://fixture.test/');
    expect(urls).toContain('http://de.fixture.test/');
    expect(urls).toContain('http://fixture.test/about/team');
    expect(urls).toContain('http://de.fixture.test/ueber-uns/team');
    expect(urls).toContain('http://fixture.test/news/english-only');
    // Not published, under an unpublished parent, or a not-found document: left out.
    expect(urls.some((u) => /unpublished|lost|verirrt/.test(u))).toBe(false);
    expect(new Set(urls).size).toBe(urls.length);
    expect(xml).toContain(
      '<url><loc>http://fixture.test/about</loc><xhtml:link rel="alternate" hreflang="en" href="http://fixture.test/about"/>' +
        '<xhtml:link rel="alternate" hreflang="de" href="http://de.fixture.test/ueber-uns"/>' +
        '<xhtml:link rel="alternate" hreflang="x-default" href="http://fixture.test/about"/></url>',
    );
    expect((await site.get(`http://fixture.test/sitemap-${parts.length + 1}.xml`)).status).toBe(404);
  });

  it('is one file within the limit', async () => {
    const small = await openSite(open, { access });
    try {
      const xml = await (await small.get('http://fixture.test/sitemap.xml')).text();
      expect(xml).toContain(
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
      );
      expect(locs(xml).length).toBeGreaterThan(5);
      expect((await small.get('http://fixture.test/sitemap-1.xml')).status).toBe(404);
    } finally {
      await small.drop();
    }
  });

  it('allows everything and names the sitemap in robots.txt', async () => {
    const res = await site.get('http://fixture.test:3200/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toBe(
      'User-agent: *\nAllow: /\n\nSitemap: http://fixture.test:3200/sitemap.xml\n',
    );
  });

  it('closes robots.txt and the sitemap on a staging domain', async () => {
    expect(await (await site.get('http://staging.fixture.test/robots.txt')).text()).toBe(
      'User-agent: *\nDisallow: /\n',
    );
    expect((await site.get('http://staging.fixture.test/sitemap.xml')).status).toBe(404);
  });

  it('closes robots.txt (not the sitemap) for a visitor with a share cookie, privately', async () => {
    const res = await site.get('http://fixture.test/robots.txt', { cookie: 'share=preview' });
    expect(await res.text()).toBe('User-agent: *\nDisallow: /\n');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('closes both when indexing is off, and again when the site has a password', async () => {
    await setSettings(site, { indexing: false });
    expect(await (await site.get('http://fixture.test/robots.txt')).text()).toBe(
      'User-agent: *\nDisallow: /\n',
    );
    expect((await site.get('http://fixture.test/sitemap.xml')).status).toBe(404);
    expect(await (await site.get('http://fixture.test/about')).text()).toContain(
      '<meta name="robots" content="noindex"/>',
    );

    await setSettings(site, {
      indexing: true,
      passwordHash: '$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA',
    });
    expect(await (await site.get('http://fixture.test/robots.txt')).text()).toBe(
      'User-agent: *\nDisallow: /\n',
    );
    expect((await site.get('http://fixture.test/sitemap.xml')).status).toBe(404);

    await setSettings(site, { passwordHash: null });
    expect((await site.get('http://fixture.test/sitemap.xml')).status).toBe(200);
  });

  it('answers 404 on unknown hosts', async () => {
    expect((await site.get('http://nobody.test/robots.txt')).status).toBe(404);
    expect((await site.get('http://nobody.test/sitemap.xml')).status).toBe(404);
  });
});
