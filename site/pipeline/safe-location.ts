/**
 * The one rule for every `Location` the site builds from a path (trailing slash, locale prefix, `/home`, a
 * relative target of the redirects table, `next` after the password, a form's way back, a share link): a path
 * on the same host. Browsers read `//evil.example`, `/\evil.example` and, once they drop tabs and newlines,
 * `/\t/evil.example` as another host; dot segments can make one after parsing (`/.//evil` → `//evil`). So the
 * candidate is parsed against a placeholder origin and its normalised path, query and fragment are kept only
 * when they still start with a single `/` on that origin. Anything else is null: the caller answers without a
 * redirect. Encoded slashes and backslashes (`/%2F%2Fevil`, `/%5Cevil`) stay encoded: a browser never decodes
 * them into a host.
 */

const SAME = 'http://same.invalid';

/** Longer than any path the site serves; Node refuses request lines much longer anyway. */
const MAX_LENGTH = 8192;

export function sameHostLocation(candidate: string): string | null {
  if (candidate.length > MAX_LENGTH || !candidate.startsWith('/')) return null;
  // A backslash is a slash to browsers; a control character (tab, newline) is dropped by them before parsing.
  if (/^\/\/|[\\\p{Cc}]/u.test(candidate)) return null;
  let url: URL;
  try {
    url = new URL(candidate, SAME);
  } catch {
    return null;
  }
  if (url.origin !== SAME || url.pathname.startsWith('//')) return null;
  return url.pathname + url.search + url.hash;
}

/** Schemes a redirects-table target may name (what `isSafeUrl` lets an editor write). */
const ABSOLUTE = /^(?:https?|mailto|tel):/i;

/**
 * A target of the redirects table: an address with a scheme is the editor's choice and stays where it points
 * (serialised, so that it is a valid header); anything else must be a path on this host, resolved against
 * `base` (the request's path) when it is relative (`?page=2`, `#top`).
 */
export function tableLocation(target: string, base: string): string | null {
  if (ABSOLUTE.test(target)) {
    try {
      return new URL(target).href;
    } catch {
      return null;
    }
  }
  if (target.startsWith('/')) return sameHostLocation(target);
  const from = sameHostLocation(base);
  // Not a path, so no `/` of its own may make a host or a scheme of it (`//x`, `\\x`, `x:`).
  if (from === null || /^[/\\]|^[^/?#]*:|[\\\p{Cc}]/u.test(target)) return null;
  try {
    const url = new URL(target, SAME + from);
    return sameHostLocation(url.pathname + url.search + url.hash);
  } catch {
    return null;
  }
}
