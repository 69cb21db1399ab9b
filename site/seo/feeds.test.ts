import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheTags } from '../../core/cache/tags.ts';
import { testDatabases } from '../../core/testing/databases.ts';
import { ids } from '../../core/testing/fixture-space.ts';
import { siteFixtureWithRichBody, siteIds } from '../testing/site-fixture.ts';
import { openSite, type SiteHarness } from '../testing/site-harness.ts';

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' });
const asList = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

describe.each(testDatabases())('feeds of a content type on $kind', ({ open }) => {
  let site: SiteHarness;
  beforeAll(async () => {
    site = await openSite(open, { space: siteFixtureWithRichBody() });
  });
  afterAll(() => site?.drop());

  const fetchFeed = async (url: string, type: string) => {
    const res = await site.get(url);
    expect(res.status, url).toBe(200);
    expect(res.headers.get('content-type')).toBe(type);
    expect(res.headers.get('cache-control')).toMatch(/^public, /);
    return res.text();
  };

  it('RSS 2.0: newest first, canonical links, summaries from the description field, text escaped', async () => {
    const xml = await fetchFeed('http://fixture.test/feeds/page.xml', 'application/rss+xml; charset=utf-8');
    expect(XMLValidator.validate(xml)).toBe(true);
    const channel = parser.parse(xml).rss.channel;
    expect(channel['atom:link']['@href']).toBe('http://fixture.test/feeds/page.xml');
    expect(channel.link).toBe('http://fixture.test/');
    expect(channel.language).toBe('en');
    const items = asList(channel.item) as Array<Record<string, string>>;
    const titles = items.map((i) => i.title);
    expect(titles).toContain('About us');
    // Not-found documents and unpublished ones are no item.
    expect(titles).not.toContain('Lost');
    expect(titles.some((t) => /unpublished/i.test(String(t)))).toBe(false);
    const about = items.find((i) => i.title === 'About us')!;
    expect([about.link, about.description]).toEqual(['http://fixture.test/about', 'Who we are']);
    const markup = items.find((i) => String(i.title).includes('script'))!;
    expect(xml).toContain('<title>&lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(markup.description).toBe('<b>bold</b> & "quoted"');
    const dates = items.map((i) => Date.parse(i.pubDate!));
    expect(dates.every((d) => !Number.isNaN(d))).toBe(true);
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  });

  it('Atom and JSON Feed carry the same items; a locale has its own feed on its domain', async () => {
    const rss = parser.parse(
      await fetchFeed('http://fixture.test/feeds/blog-post.xml', 'application/rss+xml; charset=utf-8'),
    );
    const atomXml = await fetchFeed(
      'http://fixture.test/feeds/blog-post.atom',
      'application/atom+xml; charset=utf-8',
    );
    expect(XMLValidator.validate(atomXml)).toBe(true);
    const atom = parser.parse(atomXml).feed;
    expect(atom.id).toBe('http://fixture.test/feeds/blog-post.atom');
    expect(atom.author.name).toBeTruthy();
    const entries = asList(atom.entry) as Array<Record<string, unknown>>;
    const json = JSON.parse(
      await fetchFeed('http://fixture.test/feeds/blog-post.json', 'application/feed+json; charset=utf-8'),
    );
    expect(json.version).toBe('https://jsonfeed.org/version/1.1');
    expect(json.feed_url).toBe('http://fixture.test/feeds/blog-post.json');
    const rssLinks = asList(rss.rss.channel.item).map((i: Record<string, string>) => i.link);
    expect(entries.map((e) => e.id)).toEqual(rssLinks);
    expect(json.items.map((i: { url: string }) => i.url)).toEqual(rssLinks);
    expect(rssLinks).toContain('http://fixture.test/news/hello');
    const hello = json.items.find((i: { url: string }) => i.url.endsWith('/news/hello'));
    // Its type has no page design naming a description field, and no text field: no summary, the title as content.
    expect(hello).toMatchObject({ title: 'Hello world', content_text: 'Hello world' });
    expect(hello.summary).toBeUndefined();

    const de = parser.parse(
      await fetchFeed('http://de.fixture.test/feeds/page.xml', 'application/rss+xml; charset=utf-8'),
    );
    const deItems = asList(de.rss.channel.item) as Array<Record<string, string>>;
    expect(de.rss.channel.language).toBe('de');
    expect(deItems.map((i) => i.link)).toContain('http://de.fixture.test/ueber-uns');
    expect(deItems.map((i) => i.title)).not.toContain('About us');
  });

  it('items carry the body as HTML with absolute links and images, in all three formats', async () => {
    const rssXml = await fetchFeed(
      'http://fixture.test/feeds/page.xml',
      'application/rss+xml; charset=utf-8',
    );
    expect(XMLValidator.validate(rssXml)).toBe(true);
    const rss = parser.parse(rssXml);
    expect(rss.rss['@xmlns:content']).toBe('http://purl.org/rss/1.0/modules/content/');
    const aboutRss = asList(rss.rss.channel.item).find((i: Record<string, string>) => i.title === 'About us');
    const html: string = aboutRss['content:encoded'];
    expect(html).toContain('<p>We roast </p>');
    // A link to a document is its canonical address; a site path is made absolute; no class, style or script.
    expect(html).toContain('<a href="http://fixture.test/about/team">our team</a>');
    expect(html).toContain('<a href="http://fixture.test/contact">Write to us</a>');
    expect(html).not.toMatch(/class=|style=|<script|srcset=|loading=/);
    const src = /<img src="([^"]+)" alt="Our roaster"\/?>/.exec(html)?.[1];
    expect(src).toMatch(/^http:\/\/fixture\.test\/media\//);
    const image = await site.get(src!.replaceAll('&amp;', '&'));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);

    const atomXml = await fetchFeed(
      'http://fixture.test/feeds/page.atom',
      'application/atom+xml; charset=utf-8',
    );
    expect(XMLValidator.validate(atomXml)).toBe(true);
    const atom = parser.parse(atomXml);
    const aboutAtom = asList(atom.feed.entry).find((e: Record<string, unknown>) => e.title === 'About us');
    expect(aboutAtom.content).toEqual({ '#text': html, '@type': 'html' });
    const json = JSON.parse(
      await fetchFeed('http://fixture.test/feeds/page.json', 'application/feed+json; charset=utf-8'),
    );
    for (const key of ['version', 'title', 'items']) expect(json).toHaveProperty(key);
    const aboutJson = json.items.find((i: { title: string }) => i.title === 'About us');
    expect(aboutJson).toMatchObject({
      id: 'http://fixture.test/about',
      content_html: html,
      summary: 'Who we are',
    });
    // An item without a body keeps its summary as its text content.
    const home = json.items.find((i: { title: string }) => i.title === 'Home');
    expect(home).toMatchObject({ content_text: 'Welcome', summary: 'Welcome' });
    expect(home.content_html).toBeUndefined();
  });

  it('is cached under lists:<space>: a change shows once that tag is purged, as every publish purges it', async () => {
    const url = 'http://fixture.test/feeds/page.json';
    const titles = async () =>
      JSON.parse(await fetchFeed(url, 'application/feed+json; charset=utf-8')).items.map(
        (i: { title: string }) => i.title,
      );
    expect(await titles()).toContain('About us');
    await site.db.query(
      `update document_versions set title = 'About us, renamed' where document_id = $1 and locale = 'en' and state = 'published'`,
      [ids.about],
    );
    expect(await titles()).toContain('About us');
    await site.cache.purgeTags([cacheTags.lists(siteIds.space)]);
    expect(await titles()).toContain('About us, renamed');
  });

  it('a path that names no feed is a page: an unknown type or locale answers the 404 page', async () => {
    for (const path of ['/feeds/no-such-type.xml', '/feeds/page.rss', '/xx/feeds/page.xml']) {
      const res = await site.get(`http://fixture.test${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
    }
  });
});
