const hostPattern = /^[A-Za-z0-9.-]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/;

/** `http://h:1/a/b?x` → `http`, `h:1`, `/a/b` (percent-encoding kept), without building a URL object per request. */
export function splitUrl(url: string): { scheme: string; host: string; path: string } {
  const schemeEnd = url.indexOf('://');
  const hostStart = schemeEnd + 3;
  let pathStart = url.indexOf('/', hostStart);
  if (pathStart < 0) pathStart = url.length;
  let pathEnd = url.indexOf('?', pathStart);
  if (pathEnd < 0) pathEnd = url.length;
  return {
    scheme: url.slice(0, schemeEnd),
    host: url.slice(hostStart, pathStart),
    path: url.slice(pathStart, pathEnd) || '/',
  };
}

/**
 * The origin clients reached this answer by, for absolute asset addresses: the `Host` header and the scheme,
 * `X-Forwarded-Proto` when a proxy terminated TLS (only `http`/`https`). Anything malformed falls back to
 * the address the server saw. The origin is part of the cache key, so a forged header only ever changes the
 * answer to the request that carried it.
 */
export function requestOrigin(url: string, headers: { host?: string; forwardedProto?: string }): string {
  const seen = splitUrl(url);
  const proto = headers.forwardedProto?.split(',')[0]?.trim().toLowerCase();
  const scheme = proto === 'http' || proto === 'https' ? proto : seen.scheme;
  const host = headers.host && hostPattern.test(headers.host) ? headers.host.toLowerCase() : seen.host;
  return `${scheme}://${host}`;
}
