import type { TagSink } from '../../core/cache/tagged-cache.ts';
import { cacheTags } from '../../core/cache/tags.ts';
import type { SiteDeps } from '../pipeline/deps.ts';
import { publishedPermalinks } from '../pipeline/published-permalinks.ts';
import { canonicalUrl } from '../pipeline/site-urls.ts';
import type { RequestTarget, SiteInfo } from '../pipeline/types.ts';

/** One address of the sitemap with its language alternates (the same set on each version). */
export interface SitemapUrl {
  loc: string;
  alternates: { hreflang: string; href: string }[];
}

/** Every published page of a site on the primary domain of its locale; not-found documents are left out. */
async function computeEntries(
  deps: SiteDeps,
  site: SiteInfo,
  target: RequestTarget,
  sink: TagSink,
): Promise<SitemapUrl[]> {
  const spaceId = site.space.id;
  sink.addTags([
    cacheTags.lists(spaceId),
    cacheTags.design(spaceId),
    cacheTags.domains,
    cacheTags.sitePagesOf(spaceId),
    cacheTags.sitemap(spaceId),
  ]);
  const excluded = new Set(
    [
      site.settings.notFoundContentId,
      ...Object.values(site.environments).map((e) => e.notFoundContentId),
    ].filter((id): id is string => Boolean(id)),
  );
  const urls: SitemapUrl[] = [];
  for (const { permalinks } of await publishedPermalinks(deps, site, excluded, sink)) {
    const versions = site.space.locales.flatMap((locale) => {
      const permalink = permalinks[locale];
      if (permalink === undefined) return [];
      const url = canonicalUrl(site, target, locale, permalink);
      return url ? [{ hreflang: locale, href: url }] : [];
    });
    if (!versions.length) continue;
    const fallback = versions.find((v) => v.hreflang === site.space.defaultLocale) ?? versions[0]!;
    const links = versions.length > 1 ? [...versions, { hreflang: 'x-default', href: fallback.href }] : [];
    for (const v of versions) urls.push({ loc: v.href, alternates: links });
  }
  return urls;
}

/** The sitemap's addresses, cached per site and absolute-URL shape (protocol and port). */
export async function sitemapEntries(
  deps: SiteDeps,
  site: SiteInfo,
  target: RequestTarget,
): Promise<SitemapUrl[]> {
  const key = `site:sitemap:${site.space.id}:${site.settings.revision}:${target.protocol}:${target.port}`;
  const entry = await deps.cache.getOrSet(
    key,
    async (sink) => ({ urls: await computeEntries(deps, site, target, sink) }),
    {
      ttlSeconds: deps.ttlSeconds,
    },
  );
  return entry.urls;
}
