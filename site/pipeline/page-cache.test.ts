import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheTags } from '../../core/cache/tags.ts';
import { testDatabases } from '../../core/testing/databases.ts';
import { siteIds } from '../testing/site-fixture.ts';
import { openSite, type SiteHarness } from '../testing/site-harness.ts';
import { pageEntry, pageKey, publicCacheControl, weakEtag } from './page-cache.ts';
import type { RequestTarget, SiteInfo } from './types.ts';

const spaceId = siteIds.space;

describe('the page cache key', () => {
  const site = {
    space: { id: spaceId },
    settings: { revision: 3 },
    badge: false,
  } as unknown as SiteInfo;
  const target: RequestTarget = {
    host: 'fixture.test',
    port: '',
    protocol: 'https',
    path: '/about',
    search: '',
  };
  const base = pageKey(site, target, 'en');

  it('names space, design revision, host, port, protocol, locale, path and badge', () => {
    const variants = [
      pageKey({ ...site, space: { ...site.space, id: 'other' } } as SiteInfo, target, 'en'),
      pageKey({ ...site, settings: { ...site.settings, revision: 4 } } as SiteInfo, target, 'en'),
      pageKey(site, { ...target, host: 'alias.fixture.test' }, 'en'),
      pageKey(site, { ...target, port: '8443' }, 'en'),
      pageKey(site, { ...target, protocol: 'http' }, 'en'),
      pageKey(site, target, 'de'),
      pageKey(site, { ...target, path: '/team' }, 'en'),
      pageKey({ ...site, badge: true }, target, 'en'),
    ];
    expect(new Set([base, ...variants]).size).toBe(variants.length + 1);
  });

  it('ignores the query string, which no page depends on', () => {
    expect(pageKey(site, { ...target, search: '?utm_source=x' }, 'en')).toBe(base);
  });

  it('gives weak ETags that follow the bytes, and the spec Cache-Control', () => {
    expect(weakEtag('a')).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect(weakEtag('a')).not.toBe(weakEtag('b'));
    expect(publicCacheControl(300)).toBe('public, max-age=0, s-maxage=300, stale-while-revalidate=3000');
  });
});

describe('a page entry', () => {
  it('is tagged by the hash of its UTF-8 bytes, as the string itself would be', () => {
    for (const body of ['<p>plain</p>', '<p>Caf\u00e9 \u201cquoted\u201d \ud83d\ude00</p>', ''])
      expect(pageEntry(200, body, "default-src 'self'").etag).toBe(weakEtag(body));
  });
});

describe.each(testDatabases())('page caching and purges on $kind', ({ open }) => {
  let site: SiteHarness;
  beforeAll(async () => {
    site = await openSite(open);
  });
  afterAll(() => site.drop());

  /** Queries one request costs: 0 when the page came from the cache. */
  async function cost(url: string): Promise<{ queries: number; html: string; status: number }> {
    const before = site.db.stats.queries;
    const res = await site.get(url);
    const html = await res.text();
    return { queries: site.db.stats.queries - before, html, status: res.status };
  }

  it('caches two hosts of one space separately', async () => {
    const a = await cost('http://fixture.test/news');
    expect(a.queries).toBeGreaterThan(0);
    const b = await cost('http://alias.fixture.test/news');
    expect(b.queries).toBeGreaterThan(0);
    expect((await cost('http://fixture.test/news')).queries).toBe(0);
    expect((await cost('http://alias.fixture.test/news')).queries).toBe(0);
    // Both name the canonical address on the primary domain.
    expect(b.html).toContain('<link rel="canonical" href="http://fixture.test/news"/>');
    // Port and protocol are parts of the key too: they shape every absolute link.
    const port = await cost('http://fixture.test:8080/news');
    expect(port.queries).toBeGreaterThan(0);
    expect(port.html).toContain('<link rel="canonical" href="http://fixture.test:8080/news"/>');
  });

  it('purges exactly the pages that read a published document', async () => {
    const pages = ['/', '/about', '/about/team', '/news', '/news/hello'].map(
      (p) => `http://fixture.test${p}`,
    );
    for (const url of pages) await cost(url);
    for (const url of pages) expect((await cost(url)).queries).toBe(0);

    // Publishing: a new published version of `hello`, then its tags purged (as content.publish does).
    await site.db.query(
      `update document_versions set title = 'Hello again' where document_id = $1 and locale = 'en' and state = 'published'`,
      [siteIds.hello],
    );
    await site.cache.purgeTags([cacheTags.document(siteIds.hello)]);

    const after: Record<string, Awaited<ReturnType<typeof cost>>> = {};
    for (const url of pages) after[new URL(url).pathname] = await cost(url);
    // `/news/hello` is the document; `/about` links to it from a block: both render anew.
    expect(after['/news/hello']!.queries).toBeGreaterThan(0);
    expect(after['/news/hello']!.html).toContain('>Hello again</h1>');
    expect(after['/about']!.queries).toBeGreaterThan(0);
    // The others never read it: still cached.
    expect(after['/']!.queries).toBe(0);
    expect(after['/about/team']!.queries).toBe(0);
    expect(after['/news']!.queries).toBe(0);
  });

  it('purges every page that shows a menu when the menu changes', async () => {
    await cost('http://fixture.test/about/team');
    await site.db.query(`update menu_items set label = '"GitHub!"' where url = 'https://github.com'`);
    await site.cache.purgeTags([cacheTags.menu(siteIds.mainMenu)]);
    const page = await cost('http://fixture.test/about/team');
    expect(page.queries).toBeGreaterThan(0);
    expect(page.html).toContain('>GitHub!</a>');
  });

  it('changes every key when designs are published (revision bumped, design tag purged)', async () => {
    const urls = [
      'http://fixture.test/about',
      'http://de.fixture.test/ueber-uns',
      'http://fixture.test/old-about',
    ];
    for (const url of urls) await cost(url);
    for (const url of urls) expect((await cost(url)).queries).toBe(0);
    const before = await cost('http://fixture.test/about');

    // A publish: the page design's title becomes an h2 in revision 2.
    await site.db.query(
      `update website_designs set published = jsonb_set(published, '{root,children,1,props,level}', '2')
       where space_id = $1 and kind = 'page' and key = 'page'`,
      [spaceId],
    );
    await site.db.query(
      `update space_plugin_settings set settings = jsonb_set(settings, '{revision}', '2') where space_id = $1 and environment = 'production'`,
      [spaceId],
    );
    await site.cache.purgeTags([cacheTags.design(spaceId)]);

    for (const url of urls) expect((await cost(url)).queries).toBeGreaterThan(0);
    const after = await cost('http://fixture.test/about');
    expect(before.html).toContain('<h1 class=');
    expect(after.html).not.toContain('<h1 class=');
    expect(after.html).toContain('>About us</h2>');
  });

  it('purges redirect answers with the redirects tag', async () => {
    expect((await site.get('http://fixture.test/old-about')).headers.get('location')).toBe('/about');
    await site.db.query(`update redirects set to_path = '/about/team' where from_path = '/old-about'`);
    expect((await site.get('http://fixture.test/old-about')).headers.get('location')).toBe('/about');
    await site.cache.purgeTags([cacheTags.redirects(spaceId)]);
    expect((await site.get('http://fixture.test/old-about')).headers.get('location')).toBe('/about/team');
  });
});
