import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { stillHeld, stillSame, type TaggedCache, type TagSink } from '../../core/cache/tagged-cache.ts';
import { cacheTags } from '../../core/cache/tags.ts';
import { type KeptForms, keptForm } from '../../core/http/content-coding.ts';
import { dependOn, replayable } from '../../core/http/fast-answers.ts';
import { utf8Bytes } from '../../core/utf8-bytes.ts';
import { publicCacheControl, weakEtag } from '../../delivery/rest/http-cache.ts';
import { EVERY_RESPONSE_HEADERS, pageHeaders, respond } from '../headers/security-headers.ts';
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

// Pages carry the delivery API's validator and caching header: one definition of each.
export { publicCacheControl, weakEtag };

/**
 * The bytes of entries made here, encoded once for both the ETag and the answer: hashing the string encoded it
 * again, and a page's HTML with any character outside ASCII took ~15 µs per encoding (9.5 KB). An entry read back
 * from the shared layer (Redis) has none and is encoded when first sent.
 */
const encoded = new WeakMap<PageEntry, Uint8Array<ArrayBuffer>>();

export function pageEntry(status: number, body: string, csp: string): PageEntry {
  const bytes = utf8Bytes(body);
  // The ETag hashed when first read (sent, stored, compared): the static export writes the bytes and never reads
  // it, and the SHA-1 of every page was 2–3 % of a full build's CPU. A getter in the property's place, so the
  // entry's JSON (the shared cache's form) and its spread copies are as they were.
  let etag: string | undefined;
  const entry = {
    status,
    body,
    get etag() {
      etag ??= weakEtag(bytes);
      return etag;
    },
    csp,
  };
  encoded.set(entry, bytes);
  return entry;
}

/** The bytes an entry is sent as (the static export writes them as they are). */
export const entryBytes = (entry: PageEntry): Uint8Array<ArrayBuffer> =>
  encoded.get(entry) ?? utf8Bytes(entry.body);

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

/** The tags of every page of a space, besides what its render read: a purge of any of them touches them all. */
export const everyPageTags = (spaceId: string): string[] => [
  cacheTags.design(spaceId),
  cacheTags.redirects(spaceId),
  cacheTags.sitePages,
  cacheTags.sitePagesOf(spaceId),
];

/**
 * Step 9 of a page: the page from the shared cache, else computed and stored with the tags of
 * every document, asset and menu its render read (the reader records them in the sink) plus the
 * space's design, redirects and site-pages tags (a domain change purges its own space's site pages).
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
      sink.addTags(everyPageTags(spaceId));
      return compute(sink);
    },
    { ttlSeconds: deps.ttlSeconds },
  );
}

/**
 * Lets the fast path in front of the app (core/http/fast-answers.ts) replay a public cached page while the
 * page cache's entry is this very entry and the host's site (`hostSite`, which carries the password switch,
 * the revision, domains and mode) is the one it was rendered for; any purge or lifetime end of either sends
 * the next request through the whole pipeline, site access included. Only 200 pages (not redirects).
 */
export function replayablePage(
  c: Context,
  cache: TaggedCache,
  args: { key: string; entry: PageEntry; host: string; site: SiteInfo },
): void {
  const { key, entry, site } = args;
  if (entry.status !== 200 || entry.location !== undefined) return;
  const page = stillHeld(cache, key, entry);
  if (!page) return;
  // hostSite's key (host-site.ts).
  const hostKey = `site:host:${args.host}`;
  const sameSite = stillSame(site, () => (cache.peek?.(hostKey) as { site?: unknown } | undefined)?.site);
  const current = () => page() && sameSite();
  if (!current()) return;
  dependOn(c, current);
  replayable(c);
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

/** The every-response and page headers of an entry, and its bytes (raw and gzipped), for one cache-control. */
interface PreparedEntry {
  cacheControl: string;
  protected: boolean;
  ok: KeptForms;
  notModified: Record<string, string>;
}

/**
 * A cached page is sent many times: its headers and bytes are prepared once per entry (a front-layer hit is
 * the same object every time), not encoded and assembled per request. Only ever read once built.
 */
const prepared = new WeakMap<PageEntry, PreparedEntry>();

function prepare(entry: PageEntry, cacheControl: string, isProtected: boolean): PreparedEntry {
  let p = prepared.get(entry);
  if (p && p.cacheControl === cacheControl && p.protected === isProtected) return p;
  const notModified: Record<string, string> = {
    ...EVERY_RESPONSE_HEADERS,
    'Cache-Control': cacheControl,
    ETag: entry.etag,
    ...(isProtected ? { 'X-Robots-Tag': 'noindex, nofollow' } : {}),
    ...pageHeaders(entry.csp),
    // Pages vary by encoding (gzip below); said here so that no later step rewrites a prepared answer.
    Vary: 'Accept-Encoding',
  };
  const bytes = entryBytes(entry);
  p = { cacheControl, protected: isProtected, notModified, ok: { bytes, headers: notModified } };
  prepared.set(entry, p);
  return p;
}

/** Pages go out gzipped (a proxy may add brotli, docs/deployment.md). */
const PAGE_CODINGS = ['gzip'] as const;

/** Sends an entry: a weak ETag, 304 when `If-None-Match` names it, the page headers and CSP; gzipped once. */
export function sendEntry(
  c: Context,
  entry: PageEntry,
  opts: { cacheControl: string; search: string; protected: boolean },
): Response {
  if (entry.location !== undefined) {
    const headers: Record<string, string> = { 'Cache-Control': opts.cacheControl, ETag: entry.etag };
    if (opts.protected) headers['X-Robots-Tag'] = 'noindex, nofollow';
    headers.Location = entry.keepQuery ? entry.location + opts.search : entry.location;
    return respond(c, null, entry.status, headers);
  }
  const p = prepare(entry, opts.cacheControl, opts.protected);
  if (entry.status === 200 && matches(c.req.header('if-none-match'), entry.etag)) {
    return c.body(null, 304, p.notModified);
  }
  const status = entry.status as ContentfulStatusCode;
  // Made once per entry (core/http/content-coding.ts); under 1 KB, or to a client without gzip, as it is.
  const form = keptForm(p.ok, c.req.header('accept-encoding'), PAGE_CODINGS);
  return c.body(form.bytes, status, form.headers);
}
