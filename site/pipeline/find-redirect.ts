import { decodePermalinkPath } from '../../delivery/reader/permalink.ts';
import type { ReadContext, Reader } from '../../delivery/reader/types.ts';
import { pagePath } from './site-urls.ts';
import type { LocaleRoute } from './types.ts';

export interface RedirectStep {
  status: number;
  location: string;
}

const normal = (path: string) => `/${path.replace(/^\/+|\/+$/g, '')}`;

/**
 * Step 5 of a page: when no document matches, the space's redirects of the locale. `fromPath` is
 * the path after the locale prefix; a site path target gets the prefix back, a redirect to a
 * document goes to its address in the locale (none while it is unpublished there). The query
 * string is kept unless the target has its own.
 */
export async function findRedirect(
  reader: Reader,
  ctx: ReadContext,
  route: Extract<LocaleRoute, { kind: 'page' }>,
  search: string,
): Promise<RedirectStep | null> {
  const path = normal(decodePermalinkPath(route.permalink) ?? route.permalink);
  const redirects = await reader.redirects(ctx);
  const match = redirects.find((r) => normal(r.fromPath) === path);
  if (!match?.toPath) return null;
  const target = match.toPath.startsWith('/') ? pagePath(route.prefix, match.toPath.slice(1)) : match.toPath;
  return { status: match.status, location: target.includes('?') ? target : target + search };
}
