import type { Context } from 'hono';
import type { SiteDeps } from '../pipeline/deps.ts';
import { publicCacheControl } from '../pipeline/page-cache.ts';
import { origin } from '../pipeline/site-urls.ts';
import { hiddenFromSearch, siteOfHost } from './site-of-host.ts';
import { type SitemapUrl, sitemapEntries } from './sitemap-entries.ts';
import { escapeXml } from './xml.ts';

/** The sitemap protocol's limit of addresses per file; past it `/sitemap.xml` becomes an index. */
export const SITEMAP_LIMIT = 50_000;

function urlset(urls: SitemapUrl[]): string {
  const body = urls
    .map(
      (u) =>
        `<url><loc>${escapeXml(u.loc)}</loc>${u.alternates
          .map(
            (a) =>
              `<xhtml:link rel="alternate" hreflang="${escapeXml(a.hreflang)}" href="${escapeXml(a.href)}"/>`,
          )
          .join('')}</url>`,
    )
    .join('\n');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    `${body}\n</urlset>\n`
  );
}

function sitemapIndex(base: string, parts: number): string {
  const body = Array.from(
    { length: parts },
    (_, i) => `<sitemap><loc>${escapeXml(`${base}/sitemap-${i + 1}.xml`)}</loc></sitemap>`,
  );
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    `${body.join('\n')}\n</sitemapindex>\n`
  );
}

/**
 * `GET /sitemap.xml` and its parts `GET /sitemap-<n>.xml`: published documents per locale on the
 * primary domain of the locale, each with its `xhtml:link` alternates. Up to `limit` addresses it
 * is one file; past that it is an index of parts. 404 when indexing is off, the site has a
 * password, or the domain is a staging environment's.
 */
export async function sitemapXml(
  c: Context,
  deps: SiteDeps,
  part: number | null,
  limit = SITEMAP_LIMIT,
): Promise<Response> {
  const found = await siteOfHost(c, deps);
  const notFound = () => c.text('Not found\n', 404, { 'Cache-Control': 'no-store' });
  if (!found || hiddenFromSearch(found.site, found.domain)) return notFound();
  const { site, target } = found;
  const urls = await sitemapEntries(deps, site, target);
  const parts = Math.ceil(urls.length / limit);
  const headers = {
    'Content-Type': 'application/xml; charset=utf-8',
    'Cache-Control': publicCacheControl(deps.ttlSeconds),
  };
  if (part === null) {
    const xml = parts > 1 ? sitemapIndex(origin(target, target.host), parts) : urlset(urls);
    return c.body(xml, 200, headers);
  }
  if (parts <= 1 || part < 1 || part > parts) return notFound();
  return c.body(urlset(urls.slice((part - 1) * limit, part * limit)), 200, headers);
}
