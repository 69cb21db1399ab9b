import { sameHostLocation } from './safe-location.ts';
import type { DomainRow, LocaleRoute, SiteInfo } from './types.ts';

/**
 * Step 3 of a page: which locale, and what remains of the path. A domain pinned to a locale
 * serves only it (another locale's prefix is then just a path). Elsewhere a first segment equal
 * to a locale of the space selects it; the default locale has no prefix, so `/<default>/…`
 * answers 301 to the unprefixed path. A trailing slash answers 301 to the path without it. Both only when
 * the location is a path on this host (safe-location.ts): `//evil.example/` and `/en//evil.example` are
 * no redirect but a path like any other, which no document has (a 404).
 */
export function resolveLocale(args: {
  site: SiteInfo;
  domain: DomainRow;
  path: string;
  search: string;
}): LocaleRoute {
  const { site, domain, path, search } = args;
  if (path.length > 1 && path.endsWith('/')) {
    const location = sameHostLocation((path.replace(/\/+$/, '') || '/') + search);
    if (location !== null) return { kind: 'redirect', location };
  }
  const rest = path.slice(1);
  if (domain.locale !== null) return { kind: 'page', locale: domain.locale, permalink: rest, prefix: '' };
  const [first = '', ...others] = rest.split('/');
  const remaining = others.join('/');
  if (first === site.space.defaultLocale) {
    const location = sameHostLocation(`/${remaining}${search}`);
    if (location !== null) return { kind: 'redirect', location };
    return { kind: 'page', locale: first, permalink: rest, prefix: '' };
  }
  if (first && site.space.locales.includes(first)) {
    return { kind: 'page', locale: first, permalink: remaining, prefix: `/${first}` };
  }
  return { kind: 'page', locale: site.space.defaultLocale, permalink: rest, prefix: '' };
}
