import type { Context } from 'hono';
import type { SiteDeps } from '../pipeline/deps.ts';
import { PRIVATE_CACHE_CONTROL, publicCacheControl } from '../pipeline/page-cache.ts';
import { origin } from '../pipeline/site-urls.ts';
import { hiddenFromSearch, siteOfHost } from './site-of-host.ts';

/**
 * `GET /robots.txt`: everything allowed and the sitemap's address; `Disallow: /` when indexing is
 * off, the site has a password, the domain is a staging environment's, or the visitor holds a
 * share cookie (what a preview shows must not be indexed). Unknown hosts answer 404.
 */
export async function robotsTxt(c: Context, deps: SiteDeps): Promise<Response> {
  const found = await siteOfHost(c, deps);
  if (!found) return c.text('Not found\n', 404, { 'Cache-Control': 'no-store' });
  const { site, domain, target } = found;
  const preview = deps.access?.hasShareCookie(c) ?? false;
  const closed = preview || hiddenFromSearch(site, domain);
  const body = closed
    ? 'User-agent: *\nDisallow: /\n'
    : `User-agent: *\nAllow: /\n\nSitemap: ${origin(target, target.host)}/sitemap.xml\n`;
  const cacheControl = preview ? PRIVATE_CACHE_CONTROL : publicCacheControl(deps.ttlSeconds);
  return c.text(body, 200, { 'Cache-Control': cacheControl });
}
