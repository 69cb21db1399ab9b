import { decodePermalinkPath } from '../../delivery/reader/permalink.ts';
import type { ReadContext, Reader } from '../../delivery/reader/types.ts';
import { tableLocation } from './safe-location.ts';
import { pagePath } from './site-urls.ts';
import type { LocaleRoute } from './types.ts';

export interface RedirectStep {
  status: number;
  location: string;
}

/** A redirect's path as it is compared: one leading slash, no trailing one. */
export const redirectPath = (path: string) => `/${path.replace(/^\/+|\/+$/g, '')}`;

/** Where a redirect of a locale goes: a site path gets the locale prefix back; an address stays as it is. */
export const redirectLocation = (prefix: string, toPath: string) =>
  toPath.startsWith('/') ? pagePath(prefix, toPath.slice(1)) : toPath;

/**
 * Step 5 of a page: when no document matches, the space's redirects of the locale. `fromPath` is
 * the path after the locale prefix; a site path target gets the prefix back, a redirect to a
 * document goes to its address in the locale (none while it is unpublished there). The query
 * string is kept unless the target has its own. `fromPath` is a literal path, `*` and `:` included (as on the
 * exported site, host-files.ts). A target that is not an address an editor wrote with its scheme must be a
 * path on this host (safe-location.ts), else the redirect does not apply.
 */
export async function findRedirect(
  reader: Reader,
  ctx: ReadContext,
  route: Extract<LocaleRoute, { kind: 'page' }>,
  search: string,
): Promise<RedirectStep | null> {
  const path = redirectPath(decodePermalinkPath(route.permalink) ?? route.permalink);
  const redirects = await reader.redirects(ctx);
  const match = redirects.find((r) => redirectPath(r.fromPath) === path);
  if (!match?.toPath) return null;
  const target = redirectLocation(route.prefix, match.toPath);
  const location = tableLocation(
    target.includes('?') ? target : target + search,
    pagePath(route.prefix, route.permalink),
  );
  return location === null ? null : { status: match.status, location };
}
