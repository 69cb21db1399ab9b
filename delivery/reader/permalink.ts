/**
 * Permalinks (space-format.md, "Permalinks"): a document's permalink in a locale is its ancestors' slugs and
 * its own joined by `/`, without a leading slash. The database walk (document-query.ts) hands over the slugs
 * root first, or nothing when a document or one of its ancestors is unpublished in the locale.
 */
export function joinPermalink(slugsRootFirst: readonly string[]): string {
  return slugsRootFirst.join('/');
}

/**
 * The segments of a permalink (`/about/team/` → `['about', 'team']`; leading and trailing slashes are
 * ignored), or null when it cannot be one (an empty or dot segment). An empty permalink has no segments.
 */
export function permalinkSegments(permalink: string): string[] | null {
  const trimmed = permalink.replace(/^\/+|\/+$/g, '');
  if (trimmed === '') return [];
  const segments = trimmed.split('/');
  return segments.some((s) => s === '' || s === '.' || s === '..') ? null : segments;
}

/**
 * A raw address path (`caf%C3%A9/menu`) as a permalink (`café/menu`), decoding each segment on its own so
 * that an encoded slash can never join two segments; null when the encoding is broken or hides a slash.
 */
export function decodePermalinkPath(rawPath: string): string | null {
  const out: string[] = [];
  for (const raw of rawPath.split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (segment.includes('/')) return null;
    out.push(segment);
  }
  return out.join('/');
}

/** The link rule of the spec: `/` followed by the permalink; null when the target has none in the locale. */
export function hrefOf(permalink: string | null | undefined): string | null {
  return typeof permalink === 'string' ? `/${permalink}` : null;
}

/** Locale to permalink in the space's order of locales, whatever order rows came in: the same bytes, the same ETag. */
export function inLocaleOrder(
  alternates: Record<string, string>,
  locales: readonly string[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const locale of locales) if (alternates[locale] !== undefined) out[locale] = alternates[locale];
  return out;
}
