import type { Context } from 'hono';
import type { TagSink } from '../../core/cache/tagged-cache.ts';
import { cacheTags } from '../../core/cache/tags.ts';
import type { DeliveredDocument } from '../../delivery/reader/types.ts';
import type { SiteDeps } from '../pipeline/deps.ts';
import { homeId } from '../pipeline/find-document.ts';
import { loadDesigns } from '../pipeline/load-designs.ts';
import { publicCacheControl } from '../pipeline/page-cache.ts';
import { describe } from '../pipeline/page-head.ts';
import { resolveLocale } from '../pipeline/resolve-locale.ts';
import { canonicalUrl, origin, pagePath } from '../pipeline/site-urls.ts';
import type { RequestTarget, SiteInfo } from '../pipeline/types.ts';
import { bodyField, feedContents } from './feed-content.tsx';
import { type Feed, type FeedFormat, type FeedItem, feedMediaTypes, writeFeed } from './feed-formats.ts';
import { siteOfHost } from './site-of-host.ts';

/** The newest items a feed carries, as most blog engines do (Ghost 15, WordPress 10). */
export const FEED_ITEMS = 20;

/** The file extension of each format's address. */
export const FEED_EXTENSIONS: Record<FeedFormat, string> = { rss: 'xml', atom: 'atom', json: 'json' };
const extensions = Object.fromEntries(
  Object.entries(FEED_EXTENSIONS).map(([format, ext]) => [ext, format as FeedFormat]),
);
/** `feeds/<content type>.<xml|atom|json>`: the permalink part of a feed's path (slugs never hold a dot). */
const FEED_PATH = /^feeds\/([A-Za-z0-9_-]{1,100})\.(xml|atom|json)$/;

/** The permalink of a type's feed in a format (under the locale's prefix); null for a type name no feed path holds. */
export function feedPermalink(type: string, format: FeedFormat): string | null {
  const permalink = `feeds/${type}.${FEED_EXTENSIONS[format]}`;
  return FEED_PATH.test(permalink) ? permalink : null;
}

/** The address of a feed of `type` in a locale: its primary domain's, else this host's. */
function feedUrl(site: SiteInfo, target: RequestTarget, locale: string, prefix: string, permalink: string) {
  return (
    canonicalUrl(site, target, locale, permalink) ?? origin(target, target.host) + pagePath(prefix, permalink)
  );
}

async function feedOf(
  deps: SiteDeps,
  args: {
    site: SiteInfo;
    target: RequestTarget;
    locale: string;
    prefix: string;
    type: string;
    typeTitle: string;
  },
  sink: TagSink,
): Promise<Omit<Feed, 'selfUrl'>> {
  const { site, target, locale, prefix, type } = args;
  const spaceId = site.space.id;
  sink.addTags([
    cacheTags.lists(spaceId),
    cacheTags.domains,
    cacheTags.sitePagesOf(spaceId),
    cacheTags.registry,
  ]);
  const notFound = new Set(
    [
      site.settings.notFoundContentId,
      ...Object.values(site.environments).map((e) => e.notFoundContentId),
    ].filter((id): id is string => Boolean(id)),
  );
  // Newest first by first publication; a few more than needed, since some may have no address.
  const rows = await deps.db.query<{ id: string }>(
    `select d.id::text as id from documents d
     join document_versions v on v.document_id = d.id and v.state = 'published' and v.locale = $3
     where d.space_id = $1 and d.type = $2
     order by v.published_at desc nulls last, d.id limit $4`,
    [spaceId, type, locale, FEED_ITEMS * 2],
  );
  const ids = rows.rows.map((r) => r.id).filter((id) => !notFound.has(id));
  const ctx = { spaceId, locale, tags: sink };
  const [docs, alternates, designs] = await Promise.all([
    deps.reader.byIds(ctx, ids),
    deps.reader.alternates(ctx, ids),
    loadDesigns(deps, site),
  ]);
  // The page design's description field, as the page's meta description; when it is empty, the type's first
  // text field that is not (an excerpt, an intro), which is what a feed reader shows under a title.
  const descriptionField = designs.bundle.designs.pages[type]?.descriptionField;
  const textFields = (designs.fields.contentTypes[type] ?? []).filter((d) => d.type === 'text');
  const summaryOf = (doc: DeliveredDocument) =>
    [descriptionField, ...textFields.map((d) => d.name)]
      .map((field) => (field ? describe(doc, field, '') : ''))
      .find(Boolean) ?? '';
  const home = homeId(site);
  const url = (d: { id: string; permalink: string }) =>
    feedUrl(site, target, locale, prefix, d.id === home ? '' : d.permalink);
  const shown = ids
    .map((id) => docs.get(id))
    .filter(
      (doc): doc is DeliveredDocument => doc !== undefined && alternates.get(doc.id)?.[locale] !== undefined,
    )
    .slice(0, FEED_ITEMS);
  const siteName = site.settings.siteName || site.space.title;
  const homeUrl = feedUrl(site, target, locale, prefix, '');
  const body = bodyField(designs.bundle.designs.pages[type], designs.fields.contentTypes[type] ?? []);
  const contents = body
    ? await feedContents(deps.reader, ctx, {
        docs: shown,
        field: body,
        designs,
        siteName,
        homeId: home,
        origin: new URL(homeUrl).origin,
        url,
      })
    : new Map<string, string>();
  const items: FeedItem[] = shown.map((doc) => ({
    url: url({ id: doc.id, permalink: alternates.get(doc.id)![locale]! }),
    title: doc.title,
    summary: summaryOf(doc),
    contentHtml: contents.get(doc.id) ?? '',
    published: doc.publishedAt ?? doc.updatedAt,
    updated: doc.updatedAt,
    tags: doc.tags.map((t) => t.name),
  }));
  return {
    title: `${siteName}: ${args.typeTitle}`,
    description: site.settings.description,
    language: locale,
    homeUrl,
    siteName,
    items,
  };
}

/**
 * `GET [/<locale>]/feeds/<type>.xml|.atom|.json`: the newest published documents of one content type of the
 * host's site in RSS 2.0, Atom or JSON Feed, cached and purged as pages are (any publish in the space purges
 * `lists:<space>`, which every feed carries). Null (the path is a page's, which answers as pages do: a 404, or
 * the password form) unless the type exists and the site has no password: feed readers cannot sign in, and a
 * feed must not carry what the password keeps. A slug may hold a dot, so such a path can name a document too:
 * the feed of an existing type wins.
 */
export async function feedResponse(c: Context, deps: SiteDeps): Promise<Response | null> {
  const found = await siteOfHost(c, deps);
  if (!found || found.site.hasPassword) return null;
  const { site, domain, target } = found;
  const route = resolveLocale({ site, domain, path: target.path, search: '' });
  const match = route.kind === 'page' ? FEED_PATH.exec(route.permalink) : null;
  if (route.kind !== 'page' || !match) return null;
  const [, type = '', ext = ''] = match;
  const format = extensions[ext]!;
  const model = await deps.reader.contentModel(site.space.id);
  const contentType = model.contentTypes.find((t) => t.name === type);
  if (!contentType) return null;
  const of = `${site.space.id}:${site.settings.revision}:${route.locale}:${type}:${target.protocol}:${target.host}:${target.port}`;
  const { text } = await deps.cache.getOrSet(
    `site:feed:${of}:${format}`,
    async (sink) => {
      // The items once for the three formats (each did the same reads and rendered the same bodies, and a publish
      // re-renders all three); their tags are this entry's too, hit or not.
      const { feed, tags } = await deps.cache.getOrSet(
        `site:feed-items:${of}`,
        async (inner) => {
          const tags = new Set<string>();
          const args = {
            site,
            target,
            locale: route.locale,
            prefix: route.prefix,
            type,
            typeTitle: contentType.title,
          };
          const feed = await feedOf(deps, args, {
            addTags(more) {
              const list = [...more];
              for (const t of list) tags.add(t);
              inner.addTags(list);
            },
          });
          return { feed, tags: [...tags] };
        },
        { ttlSeconds: deps.ttlSeconds },
      );
      sink.addTags(tags);
      const selfUrl = feedUrl(site, target, route.locale, route.prefix, route.permalink);
      return { text: writeFeed(format, { ...feed, selfUrl }) };
    },
    { ttlSeconds: deps.ttlSeconds },
  );
  return c.body(text, 200, {
    'Content-Type': feedMediaTypes[format],
    'Cache-Control': publicCacheControl(deps.ttlSeconds),
  });
}
