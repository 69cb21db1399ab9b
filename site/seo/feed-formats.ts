import { escapeXml } from './xml.ts';

/**
 * A feed of one content type of a site, written as RSS 2.0, Atom 1.0 (RFC 4287) or JSON Feed 1.1. Pure: the
 * handler (feeds.ts) reads and decides, these only write.
 */
export interface FeedItem {
  /** The item's canonical address; also its id (guid, Atom id). */
  url: string;
  title: string;
  /** Plain text; '' when the type has no description field or it is empty. */
  summary: string;
  /** The body as HTML with absolute addresses (site/seo/feed-content.tsx); '' when the type or document has none. */
  contentHtml: string;
  /** ISO 8601. */
  published: string;
  updated: string;
  tags: string[];
}

export interface Feed {
  title: string;
  description: string;
  /** BCP 47 language of the feed's locale. */
  language: string;
  /** The site's home page in the locale. */
  homeUrl: string;
  /** This feed's own address, per format. */
  selfUrl: string;
  siteName: string;
  items: FeedItem[];
}

export type FeedFormat = 'rss' | 'atom' | 'json';

export const feedMediaTypes: Record<FeedFormat, string> = {
  rss: 'application/rss+xml; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
  json: 'application/feed+json; charset=utf-8',
};

/** XML 1.0 has no place for most control characters, even escaped: a summary pasted from elsewhere may hold some. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters XML 1.0 cannot hold
const notXml = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const xmlText = (s: string) => escapeXml(s.replace(notXml, ''));

/** The newest date of the feed: its last update (the epoch for an empty feed, which RSS and Atom still date). */
const newest = (feed: Feed) =>
  feed.items.map((i) => i.updated).reduce((a, b) => (b > a ? b : a), '1970-01-01T00:00:00.000Z');

const rfc822 = (iso: string) => new Date(iso).toUTCString();

function rss(feed: Feed): string {
  const items = feed.items.map((i) =>
    [
      '<item>',
      `<title>${xmlText(i.title)}</title>`,
      `<link>${xmlText(i.url)}</link>`,
      `<guid isPermaLink="true">${xmlText(i.url)}</guid>`,
      `<pubDate>${rfc822(i.published)}</pubDate>`,
      i.summary ? `<description>${xmlText(i.summary)}</description>` : '',
      i.contentHtml ? `<content:encoded>${xmlText(i.contentHtml)}</content:encoded>` : '',
      ...i.tags.map((t) => `<category>${xmlText(t)}</category>`),
      '</item>',
    ].join(''),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">',
    '<channel>',
    `<title>${xmlText(feed.title)}</title>`,
    `<link>${xmlText(feed.homeUrl)}</link>`,
    `<description>${xmlText(feed.description || feed.title)}</description>`,
    `<language>${xmlText(feed.language)}</language>`,
    `<lastBuildDate>${rfc822(newest(feed))}</lastBuildDate>`,
    `<atom:link href="${xmlText(feed.selfUrl)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}

function atom(feed: Feed): string {
  const entries = feed.items.map((i) =>
    [
      '<entry>',
      `<id>${xmlText(i.url)}</id>`,
      `<title>${xmlText(i.title)}</title>`,
      `<link rel="alternate" type="text/html" href="${xmlText(i.url)}"/>`,
      `<published>${i.published}</published>`,
      `<updated>${i.updated}</updated>`,
      i.summary ? `<summary>${xmlText(i.summary)}</summary>` : '',
      i.contentHtml ? `<content type="html">${xmlText(i.contentHtml)}</content>` : '',
      ...i.tags.map((t) => `<category term="${xmlText(t)}"/>`),
      '</entry>',
    ].join(''),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${xmlText(feed.language)}">`,
    `<id>${xmlText(feed.selfUrl)}</id>`,
    `<title>${xmlText(feed.title)}</title>`,
    feed.description ? `<subtitle>${xmlText(feed.description)}</subtitle>` : '',
    `<updated>${newest(feed)}</updated>`,
    `<link rel="self" type="application/atom+xml" href="${xmlText(feed.selfUrl)}"/>`,
    `<link rel="alternate" type="text/html" href="${xmlText(feed.homeUrl)}"/>`,
    // RFC 4287 wants an author on every entry or on the feed: the site is the author of its feed.
    `<author><name>${xmlText(feed.siteName)}</name></author>`,
    ...entries,
    '</feed>',
    '',
  ]
    .filter((line) => line !== '')
    .join('\n')
    .concat('\n');
}

function json(feed: Feed): string {
  return `${JSON.stringify(
    {
      version: 'https://jsonfeed.org/version/1.1',
      title: feed.title,
      home_page_url: feed.homeUrl,
      feed_url: feed.selfUrl,
      ...(feed.description ? { description: feed.description } : {}),
      language: feed.language,
      authors: [{ name: feed.siteName }],
      items: feed.items.map((i) => ({
        id: i.url,
        url: i.url,
        title: i.title,
        // JSON Feed wants content on every item: without a body, the summary is the content (else the title).
        ...(i.contentHtml ? { content_html: i.contentHtml } : { content_text: i.summary || i.title }),
        ...(i.summary ? { summary: i.summary } : {}),
        date_published: i.published,
        date_modified: i.updated,
        ...(i.tags.length ? { tags: i.tags } : {}),
      })),
    },
    null,
    2,
  )}\n`;
}

export function writeFeed(format: FeedFormat, feed: Feed): string {
  return format === 'rss' ? rss(feed) : format === 'atom' ? atom(feed) : json(feed);
}
