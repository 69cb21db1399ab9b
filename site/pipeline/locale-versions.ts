import type { Alternates } from '../../delivery/reader/types.ts';
import type { LocaleVersion } from '../render/context.ts';
import { canonicalUrl, localePrefix, origin, pagePath } from './site-urls.ts';
import type { DomainRow, RequestTarget, SiteInfo } from './types.ts';

/**
 * The page in every locale it is published in, in the space's locale order. `url` is canonical
 * (the locale's primary domain), so every version lists the same set: hreflang stays reciprocal.
 * A visitor's link (`href`) is that address, as a path when it is on this host; on a staging
 * domain the switch stays on the staging host.
 */
export function localeVersions(args: {
  site: SiteInfo;
  domain: DomainRow;
  target: RequestTarget;
  locale: string;
  alternates: Alternates;
  isHome: boolean;
}): LocaleVersion[] {
  const { site, domain, target } = args;
  const here = origin(target, target.host);
  const out: LocaleVersion[] = [];
  for (const locale of site.space.locales) {
    const permalink = args.alternates[locale];
    if (permalink === undefined) continue;
    const path = args.isHome ? '' : permalink;
    const url = canonicalUrl(site, target, locale, path);
    const staysHere =
      domain.environment !== 'production' && (domain.locale === null || domain.locale === locale);
    let href = staysHere || !url ? pagePath(localePrefix(site, domain, locale), path) : url;
    if (href.startsWith(`${here}/`)) href = href.slice(here.length);
    out.push({
      locale,
      href: locale === args.locale ? target.path : href,
      url: url ?? here + href,
      current: locale === args.locale,
    });
  }
  return out;
}

/** hreflang alternates: every version, plus `x-default` (the default locale's version, else the first). */
export function hreflangLinks(
  site: SiteInfo,
  versions: LocaleVersion[],
): { hreflang: string; href: string }[] {
  if (!versions.length) return [];
  const fallback = versions.find((v) => v.locale === site.space.defaultLocale) ?? versions[0]!;
  return [
    ...versions.map((v) => ({ hreflang: v.locale, href: v.url })),
    { hreflang: 'x-default', href: fallback.url },
  ];
}
