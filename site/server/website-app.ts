import { type Context, Hono } from 'hono';
import { compress } from 'hono/compress';
import { AppError, appErrorIn } from '../../core/errors/app-error.ts';
import { errorResponse } from '../../core/http/error-handler.ts';
import { STRICT_PAGE_CSP } from '../headers/csp.ts';
import { pageHeaders, respond, securityHeaders } from '../headers/security-headers.ts';
import type { SiteDeps } from '../pipeline/deps.ts';
import { handlePage } from '../pipeline/handle-page.ts';
import { feedResponse } from '../seo/feeds.ts';
import { robotsTxt } from '../seo/robots.ts';
import { SITEMAP_LIMIT, sitemapXml } from '../seo/sitemap.ts';
import { domainCheck } from './domain-check.ts';

export interface WebsiteAppDeps extends SiteDeps {
  /** Route sets mounted at `/` before the pages: `/_site` stylesheets, fonts and islands, `/media`. */
  routes?: { route(app: Hono): void }[];
  /** Addresses per sitemap file (50,000; tests make it small). */
  sitemapLimit?: number;
}

/** A route set to mount at `/`. */
export const mounted = (routes: Hono) => ({ route: (app: Hono) => void app.route('/', routes) });

const ERROR_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Error</title></head>' +
  '<body><h1>Something went wrong</h1><p>Please try again in a moment.</p></body></html>';

const UNAVAILABLE_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Back in a moment</title></head>' +
  '<body><h1>Back in a moment</h1><p>This site cannot be shown right now. Please try again shortly.</p></body></html>';

/**
 * The 500 and 503 pages are pages: they carry every page's headers. Whatever failed may be what says which
 * policy the site has (its settings, its database), so they get the strict one: they run no script of the site.
 * Never stored: the next request is answered afresh.
 */
const ERROR_PAGE_HEADERS = { ...pageHeaders(STRICT_PAGE_CSP), 'Cache-Control': 'no-store' };

/**
 * The website process: every space in `designed` mode, chosen by `Host`. It mounts pages,
 * `/sitemap.xml`, `/robots.txt`, `/_cms/domain-check` and the given `/_site` and `/media` routes;
 * no auth surface, no RPC, no uploads. Every response carries the security headers.
 */
export function websiteApp(deps: WebsiteAppDeps): Hono {
  const app = new Hono();
  app.use(securityHeaders());
  // Pages, stylesheets and island scripts go out gzipped to clients that accept it (a 50 KB stylesheet
  // is 7 KB): it is what decides first paint on a slow link. Images and fonts are compressed already.
  app.use(compress());
  app.get('/_cms/domain-check', (c) => domainCheck(c, deps));
  app.get('/robots.txt', (c) => robotsTxt(c, deps));
  const limit = deps.sitemapLimit ?? SITEMAP_LIMIT;
  app.get('/sitemap.xml', (c) => sitemapXml(c, deps, null, limit));
  app.get('/:file{sitemap-[0-9]{1,6}\\.xml}', (c) =>
    sitemapXml(c, deps, Number(c.req.param('file').slice(8, -4)), limit),
  );
  // Feeds: the path of a page unless it names a feed of an existing content type (site/seo/feeds.ts).
  const feedOrPage = async (c: Context) => (await feedResponse(c, deps)) ?? handlePage(c, deps);
  app.get('/feeds/:file', feedOrPage);
  app.get('/:locale/feeds/:file', feedOrPage);
  for (const routes of deps.routes ?? []) routes.route(app);
  // Hashed files and media that no route above knows are not pages (a page of that path would be a 404 too).
  app.get('/_site/*', (c) => c.notFound());
  app.get('/media/*', (c) => c.notFound());
  app.get('*', (c) => handlePage(c, deps));
  // A file, media address or canvas route that names nothing: the error body of every process.
  app.notFound((c) => errorResponse(c, new AppError('route.notFound'), deps.log));
  // Files and media answer errors with the JSON error body of every process; pages with a plain HTML page.
  app.onError((err, c: Context) => {
    const files = /^\/(?:media|_site|_cms)\//.test(c.req.path);
    const known = appErrorIn(err);
    if (!files && known?.status === 503) {
      deps.log.warn({ key: known.key, path: c.req.path }, 'a page could not be served: a dependency is down');
      return respond(c, UNAVAILABLE_HTML, 503, { ...ERROR_PAGE_HEADERS, 'Retry-After': '5' });
    }
    if (known || files) return errorResponse(c, err, deps.log);
    deps.log.error({ err, requestId: c.get('requestId' as never), path: c.req.path }, 'site request failed');
    return respond(c, ERROR_HTML, 500, ERROR_PAGE_HEADERS);
  });
  return app;
}
