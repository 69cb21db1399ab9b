import type { Context } from 'hono';
import type { TagSink } from '../../core/cache/tagged-cache.ts';
import { cacheTags } from '../../core/cache/tags.ts';
import type { ReadContext } from '../../delivery/reader/types.ts';
import { pageCsp } from '../headers/csp.ts';
import { respond } from '../headers/security-headers.ts';
import { type AccessDecision, PUBLIC_ACCESS, type SiteDeps } from './deps.ts';
import { findDocument } from './find-document.ts';
import { findRedirect } from './find-redirect.ts';
import { hostSite } from './host-site.ts';
import { loadDesigns } from './load-designs.ts';
import { isServed } from './load-site.ts';
import { neutralNotFound } from './neutral-not-found.ts';
import { notFoundDocument } from './not-found-document.ts';
import {
  cachedPage,
  everyPageTags,
  type PageEntry,
  PRIVATE_CACHE_CONTROL,
  pageEntry,
  pageKey,
  publicCacheControl,
  redirectEntry,
  replayablePage,
  sendEntry,
} from './page-cache.ts';
import { renderDocument } from './render-document.ts';
import { requestTarget } from './request-target.ts';
import { resolveLocale } from './resolve-locale.ts';
import { sameHostLocation } from './safe-location.ts';
import { origin, pagePath, primaryDomain } from './site-urls.ts';
import type { DomainRow, LocaleRoute, RequestTarget, SiteInfo } from './types.ts';
import { noteUnknownHost } from './unknown-hosts.ts';

/**
 * `GET /*` of the site process, in the order of delivery-and-site.md ("Request handling of
 * GET /*"): host → space → locale → document → redirect → not found → designs → render → cache.
 * Steps 1–3 answer before the cache; 4–8 run only when the page is not cached.
 */
export async function handlePage(c: Context, deps: SiteDeps): Promise<Response> {
  const target = requestTarget(c);
  const cacheControl = publicCacheControl(deps.ttlSeconds);

  // 1. Host: unknown → the neutral 404; a domain set to redirect → 301 to the primary.
  const { domain, site } = await hostSite(deps, target.host);
  if (!domain) {
    noteUnknownHost(deps.log, target.host);
    return neutralNotFound(c);
  }
  if (domain.redirectToPrimary) return redirectToPrimary(c, domain, site, target, cacheControl);

  // 2. Space: an `external` space, or one being imported → the same neutral 404.
  if (!isServed(site)) return neutralNotFound(c);

  // Site access (password, share links, form results) may answer here, or bypass the cache.
  const access = deps.access ? await deps.access.check(c, site, target) : PUBLIC_ACCESS;
  if (access.response) return access.response;

  // 3. Locale: the domain's pin, else a locale prefix; canonical paths answer 301.
  const route = resolveLocale({ site, domain, path: target.path, search: target.search });
  const answerCacheControl = access.bypassCache ? PRIVATE_CACHE_CONTROL : cacheControl;
  if (route.kind === 'redirect') return redirect(c, 301, route.location, answerCacheControl);

  // 4–8 build the page; 9. the shared cache holds it, unless access says otherwise.
  const build = (sink: TagSink) => buildPage(deps, { site, domain, route, target, access }, sink);
  if (access.bypassCache) {
    return sendEntry(c, await build({ addTags: () => {} }), {
      cacheControl: answerCacheControl,
      search: target.search,
      protected: access.protected,
    });
  }
  const key = pageKey(site, target, route.locale);
  const entry = await cachedPage(deps, key, site.space.id, build);
  // A public cached page may be replayed in front of the app while its entry and the host's site stand.
  replayablePage(c, deps.cache, { key, entry, host: target.host, site });
  return sendEntry(c, entry, {
    cacheControl: answerCacheControl,
    search: target.search,
    protected: access.protected,
  });
}

/**
 * A public page of a served site without a request or the page cache (the static export, docs/static-export.md):
 * the locale step and steps 4–8 of `handlePage`, the same code, so the same bytes. The sink gets the tags the
 * cached entry would carry. A path the locale step redirects answers as `handlePage` would (301).
 */
export async function publicPage(
  deps: SiteDeps,
  args: { site: SiteInfo; domain: DomainRow; target: RequestTarget },
  sink: TagSink,
): Promise<PageEntry> {
  const { site, domain, target } = args;
  const route = resolveLocale({ site, domain, path: target.path, search: target.search });
  if (route.kind === 'redirect') return redirectEntry(301, route.location, '', pageCsp(site.settings));
  sink.addTags(everyPageTags(site.space.id));
  return buildPage(deps, { site, domain, route, target, access: PUBLIC_ACCESS }, sink);
}

interface PageArgs {
  site: SiteInfo;
  domain: DomainRow;
  route: Extract<LocaleRoute, { kind: 'page' }>;
  target: RequestTarget;
  access: AccessDecision;
}

async function buildPage(deps: SiteDeps, args: PageArgs, pageSink: TagSink): Promise<PageEntry> {
  const { site, domain, route, target, access } = args;
  // Whether `lists` came from anything but step 4's lookup (below): a 404's list, menu or not-found document.
  const lists = cacheTags.lists(site.space.id);
  let listsShown = false;
  const sink: TagSink = {
    addTags(tags) {
      const list = Array.isArray(tags) ? (tags as readonly string[]) : [...tags];
      if (!listsShown && list.includes(lists)) listsShown = true;
      pageSink.addTags(list);
    },
  };
  const ctx: ReadContext = {
    spaceId: site.space.id,
    locale: route.locale,
    tags: sink,
    ...(access.drafts ? { drafts: access.drafts } : {}),
  };
  const csp = pageCsp(site.settings);
  // 7. Designs of the current revision (generated where none is stored), read beside steps 4–6: they depend on
  // the site only, and a first visit of a site waited for the document and then for them (issue 42). A redirect
  // answers without them. A whole-site share link previews the draft designs too.
  const designsRead = loadDesigns(deps, site, { drafts: access.drafts === 'all' });
  designsRead.catch(() => {});

  // 4. Document by permalink (`/` is the home document). Its tags straight to the page's: a miss's `lists` (a
  // publish may put a document at this address) is no list the page shows.
  const found = await findDocument(deps.reader, { ...ctx, tags: pageSink }, site, route, target.search);
  if (found?.kind === 'redirect') return redirectEntry(301, found.location, target.search, csp);

  // 5. Redirects of the space, when no document matches.
  // 6. Not found: the configured not-found document, else a generated page; status 404. It is read beside the
  // redirects (one round trip less for a 404), with tags of its own that only a 404 keeps.
  let document = found?.document;
  if (!document) {
    const homeHref = pagePath(route.prefix, '');
    const spare: string[] = [];
    const spareCtx: ReadContext = { ...ctx, tags: { addTags: (tags) => spare.push(...tags) } };
    const notFound = notFoundDocument(deps.reader, spareCtx, { site, domain, homeHref });
    notFound.catch(() => {}); // a redirect answers without it
    const moved = await findRedirect(deps.reader, ctx, route, target.search);
    if (moved) return redirectEntry(moved.status, moved.location, target.search, csp);
    document = await notFound;
    sink.addTags(spare);
  }

  const designs = await designsRead;

  // 8. Render.
  const renderStarted = performance.now();
  const html = await renderDocument(deps, ctx, {
    site,
    domain,
    route,
    target,
    document,
    notFound: !found,
    designs,
    ...(access.formResult ? { formResult: access.formResult } : {}),
    ...(access.preview ? { preview: true } : {}),
    ...(access.protected ? { protected: true } : {}),
  });
  deps.metrics?.render((performance.now() - renderStarted) / 1000);
  if (!found && !listsShown) pageSink.addTags([cacheTags.listsAtAddress(site.space.id)]);
  return pageEntry(found ? 200 : 404, html, csp);
}

function redirect(c: Context, status: number, location: string, cacheControl: string): Response {
  return respond(c, null, status, { Location: location, 'Cache-Control': cacheControl });
}

/** A domain set to redirect: 301 to the space's primary domain for its locale, path and query kept. */
function redirectToPrimary(
  c: Context,
  domain: DomainRow,
  site: SiteInfo | null,
  target: RequestTarget,
  cacheControl: string,
): Response {
  const primary = site ? primaryDomain(site.domains, domain.locale, domain.environment) : null;
  if (!primary || primary.host === domain.host) return neutralNotFound(c);
  // A pinned domain redirecting to an unpinned primary keeps its locale as a prefix.
  const prefix =
    domain.locale && !primary.locale && domain.locale !== site?.space.defaultLocale
      ? `/${domain.locale}`
      : '';
  const path = sameHostLocation(
    (prefix && target.path === '/' ? prefix : prefix + target.path) + target.search,
  );
  if (path === null) return neutralNotFound(c);
  return redirect(c, 301, origin(target, primary.host) + path, cacheControl);
}
