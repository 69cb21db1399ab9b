import type { TagSink } from '../../core/cache/tagged-cache.ts';
import { cacheTags } from '../../core/cache/tags.ts';
import type { SiteDeps } from '../pipeline/deps.ts';
import { homeId } from '../pipeline/find-document.ts';
import { canonicalUrl } from '../pipeline/site-urls.ts';
import type { RequestTarget, SiteInfo } from '../pipeline/types.ts';

/** One address of the sitemap with its language alternates (the same set on each version). */
export interface SitemapUrl {
  loc: string;
  alternates: { hreflang: string; href: string }[];
}

const CHUNK = 1000;

/**
 * Every published page of a site on the primary domain of its locale. Candidate documents come
 * from one query; the reader's `alternates` decides where each is published (a document under an
 * unpublished parent has no address) and tags what it read. Not-found documents are left out.
 */
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
  ]);
  const res = await deps.db.query<{ id: string }>(
    `select d.id::text as id from documents d
     where d.space_id = $1 and exists (select 1 from document_versions v where v.document_id = d.id and v.state = 'published')
     order by d.parent_id nulls first, d.position, d.created_at, d.id`,
    [spaceId],
  );
  const excluded = new Set(
    [
      site.settings.notFoundContentId,
      ...Object.values(site.environments).map((e) => e.notFoundContentId),
    ].filter(Boolean),
  );
  const ids = res.rows.map((r) => r.id).filter((id) => !excluded.has(id));
  const home = homeId(site);
  const ctx = { spaceId, locale: site.space.defaultLocale, tags: sink };
  const urls: SitemapUrl[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const alternates = await deps.reader.alternates(ctx, chunk);
    for (const id of chunk) {
      const permalinks = alternates.get(id);
      if (!permalinks) continue;
      const versions = site.space.locales.flatMap((locale) => {
        const permalink = permalinks[locale];
        if (permalink === undefined) return [];
        const url = canonicalUrl(site, target, locale, id === home ? '' : permalink);
        return url ? [{ hreflang: locale, href: url }] : [];
      });
      if (!versions.length) continue;
      const fallback = versions.find((v) => v.hreflang === site.space.defaultLocale) ?? versions[0]!;
      const links = versions.length > 1 ? [...versions, { hreflang: 'x-default', href: fallback.href }] : [];
      for (const v of versions) urls.push({ loc: v.href, alternates: links });
    }
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
