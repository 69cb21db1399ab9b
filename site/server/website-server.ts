import type { Context, Hono } from 'hono';
import { loadCanvas } from '../../build/canvas.ts';
import { type IslandBundles, islandRoutes, loadIslands } from '../../build/islands.ts';
import type { TaggedCache } from '../../core/cache/tagged-cache.ts';
import type { Db } from '../../core/db/types.ts';
import type { Logger } from '../../core/log.ts';
import type { MediaStorage } from '../../core/media/storage.ts';
import type { VariantStore } from '../../core/media/variant-store.ts';
import { sharedReader } from '../../delivery/reader/index.ts';
import { fontRoutes } from '../../fonts/font-routes.ts';
import { createStylesheetStore, stylesheetRoutes } from '../../styles/stylesheet-store.ts';
import { canvasRoutes } from '../canvas/canvas-routes.ts';
import { type SiteMediaAccess, siteMediaRoutes } from '../media/site-media-routes.ts';
import type { SiteAccess, SiteDeps } from '../pipeline/deps.ts';
import { hostSite } from '../pipeline/host-site.ts';
import { loadDesigns } from '../pipeline/load-designs.ts';
import { isServed } from '../pipeline/load-site.ts';
import { requestTarget } from '../pipeline/request-target.ts';
import { siteStyles } from './site-styles.ts';
import { mounted, websiteApp } from './website-app.ts';

/** `/_site/islands/…`, answered once the islands are bundled (milliseconds after start). */
function mountIslands(app: Hono, islands: Promise<IslandBundles>): void {
  let routes: Hono | undefined;
  app.get('/_site/islands/*', async (c) => {
    routes ??= islandRoutes(await islands);
    return routes.fetch(c.req.raw);
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
  config: { SITE_CACHE_TTL: number; SCOPES: readonly string[]; EDITOR_ORIGIN?: readonly string[] };
}

/**
 * The `website` server mode: pages, sitemap, robots and domain check, the stylesheets and fonts
 * under `/_site`, and `/media` for the host's space when the `media` scope is mounted. It reads
 * through the process's shared reader and tagged cache, the same as the public API.
 */
export function websiteServer(
  services: WebsiteServices,
  options: { access?: SiteAccess; sitemapLimit?: number } = {},
) {
  const { db, log, cache, mediaSecret } = services;
  const reader = sharedReader({ db, mediaSecret, blockDesigns: true });
  const store = createStylesheetStore();
  const islands = loadIslands();
  const styles = siteStyles({ store, log, mediaSecret, islands });
  const deps: SiteDeps = {
    db,
    reader,
    cache,
    log,
    mediaSecret,
    ttlSeconds: services.config.SITE_CACHE_TTL,
    styles,
    ...(options.access ? { access: options.access } : {}),
  };

  /** The served site of a request's host, or null. */
  const siteOf = async (c: Context) => {
    const { site } = await hostSite(deps, requestTarget(c).host);
    return isServed(site) ? site : null;
  };

  // Another replica may have rendered the page that names a stylesheet: recompile the host's current one.
  const sheets = stylesheetRoutes(store, {
    onMiss: async (c) => {
      const site = await siteOf(c);
      return site ? styles.siteSheet(site, await loadDesigns(deps, site)) : undefined;
    },
  });
  const routes = [
    mounted(sheets),
    mounted(fontRoutes()),
    { route: (app: Hono) => mountIslands(app, islands) },
  ];
  // The design canvas (`/_cms/canvas`): 404 unless EDITOR_ORIGIN is set, else bundled now, like the islands.
  routes.push(mounted(canvasRoutes({ editorOrigin: services.config.EDITOR_ORIGIN, assets: loadCanvas })));
  if (services.config.SCOPES.includes('media')) {
    // Share and access cookies belong to site access (a later issue): until then no visitor holds one.
    const access = async (c: Context): Promise<SiteMediaAccess> => {
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
