import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { TagSink } from '../../core/cache/tagged-cache.ts';
import { cacheTags } from '../../core/cache/tags.ts';
import { pageHeaders, respond } from '../headers/security-headers.ts';
import type { SiteDeps } from './deps.ts';
import type { RequestTarget, SiteInfo } from './types.ts';

/** What the page cache holds per key: a page (200 or 404) or a redirect, ready to send. */
export interface PageEntry {
  status: number;
  body: string;
  etag: string;
  /** Redirects: the target, without the request's query (added per request, see `keepQuery`). */
  location?: string;
  keepQuery?: boolean;
  csp: string;
}

export function weakEtag(body: string): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

export function pageEntry(status: number, body: string, csp: string): PageEntry {
  return { status, body, etag: weakEtag(body), csp };
}

export function redirectEntry(status: number, location: string, search: string, csp: string): PageEntry {
  const keepQuery = search !== '' && location.endsWith(search);
  const bare = keepQuery ? location.slice(0, -search.length) : location;
  return { status, body: '', etag: weakEtag(`${status} ${bare}`), location: bare, keepQuery, csp };
}

/**
 * The cache key of a page (delivery-and-site.md, "Caching"): space, design revision (a publish of
 * designs changes every key), host, port, protocol, locale, path and the badge switch.
 */
export function pageKey(site: SiteInfo, target: RequestTarget, locale: string): string {
  const { space, settings, badge } = site;
  return `site:page:${space.id}:${settings.revision}:${target.host}:${target.port}:${target.protocol}:${locale}:${target.path}:${badge ? 1 : 0}`;
}

/**
 * Step 9 of a page: the page from the shared cache, else computed and stored with the tags of
 * every document, asset and menu its render read (the reader records them in the sink) plus the
 * space's design, redirects, domains and site-pages tags.
 */
export function cachedPage(
  deps: SiteDeps,
  key: string,
  spaceId: string,
  compute: (sink: TagSink) => Promise<PageEntry>,
): Promise<PageEntry> {
  return deps.cache.getOrSet(
    key,
    async (sink) => {
      sink.addTags([
        cacheTags.design(spaceId),
        cacheTags.redirects(spaceId),
        cacheTags.domains,
        cacheTags.sitePages,
        cacheTags.sitePagesOf(spaceId),
      ]);
      return compute(sink);
    },
    { ttlSeconds: deps.ttlSeconds },
  );
}

export function publicCacheControl(ttl: number): string {
  return `public, max-age=0, s-maxage=${ttl}, stale-while-revalidate=${ttl * 10}`;
}

export const PRIVATE_CACHE_CONTROL = 'private, no-store';

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === bare;
  });
}

/** Sends an entry: a weak ETag, 304 when `If-None-Match` names it, the page headers and CSP. */
export function sendEntry(
  c: Context,
  entry: PageEntry,
  opts: { cacheControl: string; search: string; protected: boolean },
): Response {
  const headers: Record<string, string> = { 'Cache-Control': opts.cacheControl, ETag: entry.etag };
  if (opts.protected) headers['X-Robots-Tag'] = 'noindex, nofollow';
  if (entry.location !== undefined) {
    headers.Location = entry.keepQuery ? entry.location + opts.search : entry.location;
    return respond(c, null, entry.status, headers);
  }
  Object.assign(headers, pageHeaders(entry.csp));
  if (entry.status === 200 && matches(c.req.header('if-none-match'), entry.etag)) {
    return respond(c, null, 304, headers);
  }
  return respond(c, entry.body, entry.status, headers);
}
