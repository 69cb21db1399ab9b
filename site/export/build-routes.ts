import { createHash } from 'node:crypto';
import type { Queryable } from '../../core/db/types.ts';
import type { Reader } from '../../delivery/reader/types.ts';
import { redirectLocation, redirectPath } from '../pipeline/find-redirect.ts';
import { publishedPermalinks } from '../pipeline/published-permalinks.ts';
import { tableLocation } from '../pipeline/safe-location.ts';
import { localePrefix, origin, pagePath, primaryDomain } from '../pipeline/site-urls.ts';
import type { DomainRow, RequestTarget, SiteInfo } from '../pipeline/types.ts';
import type { FeedFormat } from '../seo/feed-formats.ts';
import { FEED_EXTENSIONS, feedPermalink } from '../seo/feeds.ts';
import { BuildSiteError } from './build-options.ts';
import { type HostRules, writableRedirect } from './host-files.ts';
import { pageFile } from './static-paths.ts';
import { htmlRefs } from './static-refs.ts';

/** What the exported host serves besides files: its pages, its feeds, and the space's redirects. */

/** A page of the host: its path and file, and the document it shows in its locale (at `permalink`). */
export interface PagePath {
  path: string;
  file: string;
  id: string;
  locale: string;
  permalink: string;
}

/**
 * The page paths of the host: every published document in every locale it shows, the home page at its prefix.
 * `permalinks`: a digest of every published document's permalinks in every locale, in tree order (what the
 * sitemap lists besides the site's settings): an equal one in the previous build's manifest means that no
 * address changed, whatever documents were published since.
 */
export async function pagePaths(
  deps: { db: Queryable; reader: Reader },
  site: SiteInfo,
  domain: DomainRow,
  locales: string[],
): Promise<{ pages: PagePath[]; permalinks: string }> {
  const excluded = new Set([site.settings.notFoundContentId].filter((id): id is string => Boolean(id)));
  const out = new Map<string, PagePath>();
  const digest = createHash('sha256');
  for (const { id, permalinks } of await publishedPermalinks(deps, site, excluded, { addTags() {} })) {
    digest.update(`${id}\n${JSON.stringify(permalinks)}\n`);
    for (const locale of locales) {
      const permalink = permalinks[locale];
      if (permalink === undefined) continue;
      const path = pagePath(localePrefix(site, domain, locale), permalink);
      const file = pageFile(path);
      if (!file) throw new BuildSiteError(`The permalink ${path} cannot be a file name.`);
      out.set(path, { path, file, id, locale, permalink });
    }
  }
  return { pages: [...out.values()], permalinks: digest.digest('base64url') };
}

/**
 * Space redirects per locale, as the site answers them (find-redirect.ts): a page at the same path wins, a path
 * under the default locale's prefix is the locale step's (it runs first on the site), `fromPath` is literal and
 * the target is the location the site sends (safe-location.ts), none where the site sends none. A rule the host
 * files cannot say (a control character in a path) is left out with a warning.
 */
export async function redirectRules(
  deps: { db: Queryable; reader: Reader },
  args: { site: SiteInfo; domain: DomainRow; locales: string[]; pages: Set<string> },
  warn?: (message: string) => void,
): Promise<HostRules['redirects']> {
  const { site, domain, locales, pages } = args;
  const defaultPrefix = domain.locale === null ? `/${site.space.defaultLocale}` : null;
  const rules: HostRules['redirects'] = [];
  for (const locale of locales) {
    const prefix = localePrefix(site, domain, locale);
    const ctx = { spaceId: site.space.id, locale, tags: { addTags() {} } };
    for (const r of await deps.reader.redirects(ctx)) {
      if (!r.toPath) continue;
      const from = prefix + redirectPath(r.fromPath);
      if (pages.has(from)) continue;
      if (defaultPrefix && (from === defaultPrefix || from.startsWith(`${defaultPrefix}/`))) continue;
      const to = tableLocation(redirectLocation(prefix, r.toPath), from);
      if (to === null) continue;
      const rule = { from, to, status: r.status };
      if (writableRedirect(rule)) rules.push(rule);
      else warn?.(`warning: the redirect from ${JSON.stringify(from)} holds a control character: left out`);
    }
  }
  return rules;
}

/**
 * Every feed the host serves (feeds.ts): each content type of the space in each locale it shows, in the three
 * formats, at the site's own paths (`feeds/page.xml`, `de/feeds/page.atom`), whose files keep the name.
 */
export async function feedPaths(
  deps: { reader: Reader },
  site: SiteInfo,
  domain: DomainRow,
  locales: string[],
): Promise<Array<{ path: string; file: string; type: string; locale: string }>> {
  const { contentTypes } = await deps.reader.contentModel(site.space.id);
  return locales.flatMap((locale) =>
    contentTypes.flatMap((type) =>
      (Object.keys(FEED_EXTENSIONS) as FeedFormat[]).flatMap((format) => {
        const permalink = feedPermalink(type.name, format);
        if (!permalink) return [];
        const path = pagePath(localePrefix(site, domain, locale), permalink);
        return [{ path, file: path.slice(1), type: type.name, locale }];
      }),
    ),
  );
}

/** The site files a JSON Feed's items show (their images, absolute on a domain of the space). */
export function feedRefs(json: string, hosts: ReadonlySet<string>): string[] {
  const items = (JSON.parse(json) as { items?: Array<{ content_html?: string }> }).items ?? [];
  return htmlRefs(items.map((i) => i.content_html ?? '').join('\n'), hosts);
}

/** Other domains of the built one's environment set to redirect to their primary: forced, domain-level rules. */
export function hostRedirectRules(
  domains: DomainRow[],
  domain: DomainRow,
  target: Pick<RequestTarget, 'protocol' | 'port'>,
): HostRules['hostRedirects'] {
  return domains
    .filter((d) => d.redirectToPrimary && d.environment === domain.environment)
    .flatMap((d) => {
      const primary = primaryDomain(domains, d.locale, d.environment);
      return primary ? [{ from: origin(target, d.host), to: origin(target, primary.host) }] : [];
    });
}
