import type { DeliveredAsset, DeliveredDocument } from '../../delivery/reader/types.ts';
import type { HeadModel } from '../head/head.ts';
import { pageTitle } from '../head/title-pattern.ts';
import type { FieldDef, LocaleVersion } from '../render/context.ts';
import { excerpt, plainText } from '../render/format.ts';
import { hreflangLinks } from './locale-versions.ts';
import type { SiteInfo } from './types.ts';

/** The description: the page design's field of the document, else the site's (at most ~300 characters). */
export function describe(doc: DeliveredDocument, field: string | undefined, fallback: string): string {
  const value = field ? doc.fields[field] : undefined;
  const text = typeof value === 'string' ? value : value ? plainText(value) : '';
  return excerpt(text.trim() || fallback, 300);
}

/** The share image: the document's first image field that holds a visible asset, else the site's. */
export function shareImage(
  doc: DeliveredDocument,
  defs: readonly FieldDef[],
  assets: ReadonlyMap<string, DeliveredAsset>,
  siteImageId: string | null,
): DeliveredAsset | null {
  for (const def of defs) {
    if (def.type !== 'image') continue;
    const value = doc.fields[def.name];
    const id = Array.isArray(value) ? value[0] : value;
    const asset = typeof id === 'string' ? assets.get(id) : undefined;
    if (asset) return asset;
  }
  return (siteImageId && assets.get(siteImageId)) || null;
}

const absolute = (base: string, url: string) => (url.startsWith('/') ? base + url : url);

/** The size of the `hero` variant (1920 px wide at most, never enlarged). */
function heroSize(asset: DeliveredAsset): { width: number | null; height: number | null } {
  if (!asset.width || !asset.height) return { width: null, height: null };
  const width = Math.min(1920, asset.width);
  return { width, height: Math.round((asset.height * width) / asset.width) };
}

/** The head of a page, all decided here: the renderer only writes it out. */
export function pageHead(args: {
  site: SiteInfo;
  document: DeliveredDocument;
  notFound: boolean;
  isHome: boolean;
  defs: readonly FieldDef[];
  descriptionField: string | undefined;
  versions: LocaleVersion[];
  assets: ReadonlyMap<string, DeliveredAsset>;
  /** The origin absolute asset addresses use (the canonical domain's, else this host's). */
  origin: string;
  noindex: boolean;
  fontPreloads: string[];
  stylesheets: string[];
}): Omit<HeadModel, 'scripts'> {
  const { site, document: doc } = args;
  const s = site.settings;
  const siteName = s.siteName || site.space.title;
  const canonical = args.notFound ? null : (args.versions.find((v) => v.current)?.url ?? null);
  const image = shareImage(doc, args.defs, args.assets, s.shareImageId);
  const favicon = s.faviconId ? args.assets.get(s.faviconId) : undefined;
  return {
    title: pageTitle(s.titlePattern, { title: doc.title, site: siteName }),
    description: describe(doc, args.descriptionField, s.description),
    canonical,
    alternates: args.notFound ? [] : hreflangLinks(site, args.versions),
    og: {
      type: args.isHome ? 'website' : 'article',
      title: doc.title,
      url: canonical,
      siteName,
      locale: doc.locale,
    },
    image: image
      ? { url: absolute(args.origin, image.variants.hero), alt: image.alt, ...heroSize(image) }
      : null,
    favicon: favicon ? { href: favicon.url, type: favicon.mimeType } : null,
    fontPreloads: args.fontPreloads,
    stylesheets: args.stylesheets,
    noindex: args.noindex || args.notFound,
    headCode: s.headCode,
  };
}
