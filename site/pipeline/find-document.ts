import { AppError } from '../../core/errors/app-error.ts';
import { decodePermalinkPath } from '../../delivery/reader/permalink.ts';
import type { DeliveredDocument, ReadContext, Reader } from '../../delivery/reader/types.ts';
import { sameHostLocation } from './safe-location.ts';
import { pagePath } from './site-urls.ts';
import type { LocaleRoute, SiteInfo } from './types.ts';

export type DocumentStep =
  | { kind: 'document'; document: DeliveredDocument }
  | { kind: 'redirect'; location: string }
  | null;

/** A document of a type the running registry does not know yet is, for a visitor, not there. */
async function orNull(read: Promise<DeliveredDocument | null>): Promise<DeliveredDocument | null> {
  try {
    return await read;
  } catch (err) {
    if (err instanceof AppError && err.key === 'contentType.notFound') return null;
    throw err;
  }
}

/** A page reads its related documents next (gather-page-data.ts): they come with its document. */
const withRelated = { related: true } as const;

/** The home document of a site: the website setting, else the space's starred document. */
export function homeId(site: SiteInfo): string | null {
  return site.settings.homeContentId ?? site.space.homeContentId;
}

/**
 * Step 4 of a page: the document at the permalink, through the reader; `/` is the home document.
 * The home document under its own permalink (`/home`) answers 301 to the locale's root, so a page
 * has one address: a path with an empty segment (`//about`, `/en//about`, left by the locale step when its
 * redirect would leave the host) is no document's. Every location is a path on this host (safe-location.ts).
 */
export async function findDocument(
  reader: Reader,
  ctx: ReadContext,
  site: SiteInfo,
  route: Extract<LocaleRoute, { kind: 'page' }>,
  search: string,
): Promise<DocumentStep> {
  const home = homeId(site);
  if (route.permalink === '') {
    const doc = home ? await orNull(reader.byId(ctx, home, undefined, withRelated)) : null;
    return doc ? { kind: 'document', document: doc } : null;
  }
  const permalink = decodePermalinkPath(route.permalink);
  if (permalink === null || /^\/|\/\/|\/$/.test(route.permalink)) return null;
  const doc = await orNull(reader.byPermalink(ctx, permalink, undefined, withRelated));
  if (!doc) return null;
  if (doc.id === home) {
    const location = sameHostLocation(pagePath(route.prefix, '') + search);
    return location === null ? null : { kind: 'redirect', location };
  }
  return { kind: 'document', document: doc };
}
