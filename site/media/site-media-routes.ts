import { type Context, Hono } from 'hono';
import type { TaggedCache } from '../../core/cache/tagged-cache.ts';
import { cacheTags } from '../../core/cache/tags.ts';
import type { Queryable } from '../../core/db/types.ts';
import { type AssetRecord, findAsset } from '../../core/media/asset-record.ts';
import { isAssetPublished } from '../../core/media/visibility.ts';
import { type MediaDeps, mediaRoutes } from '../../delivery/media/media-routes.ts';
import { designAssetIds } from './design-assets.ts';

/** What the site knows about a request before media is served: its host's space and the visitor's cookies. */
export interface SiteMediaAccess {
  /** The space of the request's host (designed mode, not importing); null: the host serves nothing. */
  spaceId: string | null;
  /** A valid share-link cookie for this space: every asset of the space is visible. */
  shareCookie: boolean;
  /** The space has a site password. */
  passwordProtected: boolean;
  /** A valid `cms_site_access` cookie for this space. */
  accessCookie: boolean;
}

export interface SiteMediaDeps extends MediaDeps {
  db: Queryable;
  cache: TaggedCache;
}

/**
 * An asset the space's public site uses: referenced by published content or by published designs and the
 * website settings. Cached under the asset's tag, the tag of its use by published content (purged by the
 * publishes, unpublishes and deletes that change it) and `design:<space>` (publishing designs, changing settings).
 */
export function siteVisibleAsset(
  deps: SiteMediaDeps,
  args: { spaceId: string; assetId: string },
): Promise<AssetRecord | null> {
  const { spaceId, assetId } = args;
  return deps.cache
    .getOrSet(`media:site:${spaceId}:${assetId}`, async (sink) => {
      const id = assetId.toLowerCase();
      sink.addTags([cacheTags.asset(id), cacheTags.assetUse(id), cacheTags.design(spaceId)]);
      const asset = await findAsset(deps.db, { assetId, spaceId });
      if (!asset) return { asset: null };
      const used =
        (await isAssetPublished(deps.db, { spaceId, assetId })) ||
        (await designAssetIds(deps.db, { spaceId, assetIds: [assetId] })).size > 0;
      return { asset: used ? asset : null };
    })
    .then((entry) => entry.asset);
}

/**
 * The website process's `/media` (delivery-and-site.md, "Media on the site"): only the host's space; with a
 * share cookie every asset of it; under a site password nothing without the access cookie, and with it
 * `private, no-store`. The site wires `access` (host routing and cookie checks are its own).
 */
export type SiteMediaEnv = { Variables: { protectedSite: boolean } };

export function siteMediaRoutes(
  deps: SiteMediaDeps,
  access: (c: Context) => Promise<SiteMediaAccess>,
): Hono<SiteMediaEnv> {
  const app = new Hono<SiteMediaEnv>();
  // Every answer under a site password, refusals included, tells search engines to stay away.
  app.use('/media/*', async (c, next) => {
    await next();
    if (c.get('protectedSite')) c.res.headers.set('X-Robots-Tag', 'noindex, nofollow');
  });
  const routes = mediaRoutes(deps, async (c, assetId) => {
    const visitor = await access(c);
    const { spaceId } = visitor;
    if (!spaceId) return null;
    c.set('protectedSite', visitor.passwordProtected);
    if (visitor.shareCookie) {
      const asset = await findAsset(deps.db, { assetId, spaceId });
      return asset ? { asset, private: true } : null;
    }
    if (visitor.passwordProtected && !visitor.accessCookie) return null;
    const asset = await siteVisibleAsset(deps, { spaceId, assetId });
    return asset ? { asset, private: visitor.passwordProtected } : null;
  });
  app.route('/', routes);
  return app;
}
