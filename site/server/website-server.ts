import type { Context, Hono } from 'hono';
import { loadCanvas } from '../../build/canvas.ts';
import { missingAsset } from '../../build/immutable-asset.ts';
import { type IslandBundles, islandRoutes, loadIslands } from '../../build/islands.ts';
import type { TaggedCache } from '../../core/cache/tagged-cache.ts';
import type { Db } from '../../core/db/types.ts';
import type { Logger } from '../../core/log.ts';
import type { MediaStorage } from '../../core/media/storage.ts';
import type { VariantStore } from '../../core/media/variant-store.ts';
import type { TrustedProxies } from '../../core/net/trusted-proxies.ts';
import type { RateLimiter } from '../../core/rate-limit/rate-limiter.ts';
import { createRateLimiter } from '../../core/rate-limit/rate-limiter.ts';
import { sharedReader } from '../../delivery/reader/index.ts';
import { fontRoutes } from '../../fonts/font-routes.ts';
import { createStylesheetStore, stylesheetRoutes } from '../../styles/stylesheet-store.ts';
import { createSiteAccess, type SiteAccessService } from '../access/site-access.ts';
import { canvasRoutes } from '../canvas/canvas-routes.ts';
import { formRoutes } from '../forms/form-routes.ts';
import { setFormSecret } from '../forms/form-secret.ts';
import { type SiteMediaAccess, siteMediaRoutes } from '../media/site-media-routes.ts';
import type { SiteAccess, SiteDeps } from '../pipeline/deps.ts';
import { hostSite } from '../pipeline/host-site.ts';
import { boundParsedDesigns, loadDesigns } from '../pipeline/load-designs.ts';
import { isServed } from '../pipeline/load-site.ts';
import { requestTarget } from '../pipeline/request-target.ts';
import { siteStyles } from './site-styles.ts';
import { mounted, websiteApp } from './website-app.ts';

/** `/_site/islands/…`, answered once the islands are bundled (milliseconds after start). */
function mountIslands(app: Hono, islands: Promise<IslandBundles>): void {
  let routes: Hono | undefined;
  app.get('/_site/islands/*', async (c) => {
    routes ??= islandRoutes(await islands);
    const answer = await routes.fetch(c.req.raw);
    // An unknown island answers the error body of every process, as other unknown files do, never cached.
    return answer.status === 404 ? missingAsset(c) : answer;
  });
}

/** What the website process is built from (the CLI's services, by shape). */
export interface WebsiteServices {
  db: Db;
  log: Logger;
  cache: TaggedCache;
  storage: MediaStorage;
  variants: VariantStore;
  mediaSecret: () => string;
  /** With the rate limiter: site access (password, share links). Without them every request is public. */
  authSecret?: () => string;
  rateLimiter?: RateLimiter;
  /** Render times (`GET /metrics`). */
  metrics?: { render(seconds: number): void };
  config: {
    SITE_CACHE_TTL: number;
    /** Bounds of the per-process site state shared by spaces (operations.md, "Many sites"); defaults 24 and 32. */
    SITE_STYLESHEETS_MB?: number;
    SITE_DESIGNS_MEMO_MB?: number;
    SCOPES: readonly string[];
    EDITOR_ORIGIN?: readonly string[];
    FORM_ORIGINS?: readonly string[] | undefined;
    TRUSTED_PROXIES?: TrustedProxies | undefined;
  };
}

/**
 * The `website` server mode: pages, sitemap, robots and domain check, the stylesheets and fonts
 * under `/_site`, and `/media` for the host's space when the `media` scope is mounted. It reads
 * through the process's shared reader and tagged cache, the same as the public API.
 */
export function websiteServer(
  services: WebsiteServices,
  options: {
    access?: SiteAccess;
    sitemapLimit?: number;
    /** Checks a posted site password (tests count the calls); default Argon2id verify. */
    verifyPassword?: (hash: string, password: string) => Promise<boolean>;
    /** Told the pipeline's deps: the static export renders pages with them without a request. */
    onSiteDeps?: (deps: SiteDeps) => void;
  } = {},
) {
  const { db, log, cache, mediaSecret } = services;
  const reader = sharedReader({ db, mediaSecret, blockDesigns: true });
  const store = createStylesheetStore({
    maxEntries: 10_000,
    maxBytes: (services.config.SITE_STYLESHEETS_MB ?? 24) * 1024 * 1024,
  });
  if (services.config.SITE_DESIGNS_MEMO_MB) boundParsedDesigns(services.config.SITE_DESIGNS_MEMO_MB);
  const islands = loadIslands();
  const styles = siteStyles({ store, log, mediaSecret, islands });
  // Site access (password, share links) from the process's secret, rate limiter and proxies.
  const siteAccess: SiteAccess | SiteAccessService | undefined =
    options.access ??
    (services.authSecret && services.rateLimiter
      ? createSiteAccess({
          db,
          cache,
          reader,
          log,
          authSecret: services.authSecret,
          rateLimiter: services.rateLimiter,
          trustedProxies: services.config.TRUSTED_PROXIES,
          ...(options.verifyPassword ? { verifyPassword: options.verifyPassword } : {}),
        })
      : undefined);
  const accessService = siteAccess && 'routes' in siteAccess ? (siteAccess as SiteAccessService) : undefined;
  const deps: SiteDeps = {
    db,
    reader,
    cache,
    log,
    mediaSecret,
    ttlSeconds: services.config.SITE_CACHE_TTL,
    styles,
    ...(siteAccess ? { access: siteAccess } : {}),
    ...(services.metrics ? { metrics: services.metrics } : {}),
  };

  options.onSiteDeps?.(deps);

  /** The served site of a request's host, or null. */
  const siteOf = async (c: Context) => {
    const { site } = await hostSite(deps, requestTarget(c).host);
    return isServed(site) ? site : null;
  };

  // Another process may have rendered the page that names a stylesheet: compile it again from the host's
  // current designs and, for a page's own sheet, the instance styles its URL carries.
  const sheets = stylesheetRoutes(store, {
    onMiss: async (c) => {
      const site = await siteOf(c);
      return site ? styles.missedSheet(site, await loadDesigns(deps, site), c.req.query('i')) : undefined;
    },
  });
  const routes = [
    mounted(sheets),
    mounted(fontRoutes()),
    { route: (app: Hono) => mountIslands(app, islands) },
  ];
  // The design canvas (`/_cms/canvas`): 404 unless EDITOR_ORIGIN is set, else bundled now, like the islands.
  routes.push(mounted(canvasRoutes({ editorOrigin: services.config.EDITOR_ORIGIN, assets: loadCanvas })));
  // `POST /_cms/password` and `GET /_cms/share/<token>`.
  if (accessService) routes.push(mounted(accessService.routes));
  // `POST /_cms/forms/<kind>/<key>/<nodeId>`; the same secret signs the forms' render stamps and results.
  if (services.authSecret) {
    setFormSecret(services.authSecret);
    const forms = formRoutes({
      db,
      cache,
      reader,
      log,
      authSecret: services.authSecret,
      rateLimiter: services.rateLimiter ?? createRateLimiter({ log }),
      trustedProxies: services.config.TRUSTED_PROXIES,
      ...(services.config.FORM_ORIGINS ? { formOrigins: services.config.FORM_ORIGINS } : {}),
    });
    routes.push({ route: (app) => void app.route('/', forms) });
  }
  if (services.config.SCOPES.includes('media')) {
    // Share and access cookies are site access's; without it no visitor holds one.
    const access = async (c: Context): Promise<SiteMediaAccess> => {
      if (accessService) return accessService.media(c);
      const site = await siteOf(c);
      return {
        spaceId: site?.space.id ?? null,
        shareCookie: false,
        passwordProtected: site?.hasPassword ?? false,
        accessCookie: false,
      };
    };
    const media = siteMediaRoutes(
      { db, cache, storage: services.storage, variants: services.variants, mediaSecret },
      access,
    );
    routes.push({ route: (app) => void app.route('/', media) });
  }
  return websiteApp({
    ...deps,
    routes,
    ...(options.sitemapLimit ? { sitemapLimit: options.sitemapLimit } : {}),
  });
}
