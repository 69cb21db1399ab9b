import type { DomainRow, RequestTarget, SiteInfo } from './types.ts';

/**
 * Addresses of pages. Links inside a page are paths on the current host; canonical, hreflang,
 * sitemap and social tags are absolute, on the primary domain of the page's locale, with the
 * request's protocol and port (so a development host like `localhost:3200` links to itself).
 */

export function origin(target: Pick<RequestTarget, 'protocol' | 'port'>, host: string): string {
  return `${target.protocol}://${host}${target.port ? `:${target.port}` : ''}`;
}

/** The primary domain of a locale: the one pinned to it, else the unpinned primary; per environment. */
export function primaryDomain(
  domains: readonly DomainRow[],
  locale: string | null,
  environment = 'production',
): DomainRow | null {
  const candidates = domains.filter(
    (d) => d.primary && d.environment === environment && !d.redirectToPrimary,
  );
  return (
    (locale ? candidates.find((d) => d.locale === locale) : undefined) ??
    candidates.find((d) => d.locale === null) ??
    null
  );
}

/** The path of a page on a host: the locale prefix (none on a pinned host or for the default locale), then the permalink. */
export function pagePath(prefix: string, permalink: string): string {
  return permalink ? `${prefix}/${permalink}` : prefix || '/';
}

/** The prefix a locale takes on a domain. */
export function localePrefix(site: SiteInfo, domain: Pick<DomainRow, 'locale'>, locale: string): string {
  return domain.locale !== null || locale === site.space.defaultLocale ? '' : `/${locale}`;
}

/**
 * The canonical address of a page in a locale; null when no primary domain can show that
 * locale (a space whose only primary is pinned to another locale).
 */
export function canonicalUrl(
  site: SiteInfo,
  target: Pick<RequestTarget, 'protocol' | 'port'>,
  locale: string,
  permalink: string,
): string | null {
  const domain = primaryDomain(site.domains, locale);
  if (!domain || (domain.locale !== null && domain.locale !== locale)) return null;
  return origin(target, domain.host) + pagePath(localePrefix(site, domain, locale), permalink);
}
