/**
 * Where to go after the password form: a path on the same site, else `/`. Refuses absolute and
 * protocol-relative addresses, backslashes (browsers read `/\evil` as `//evil`) and control characters.
 */
export function safeNextPath(next: unknown): string {
  if (typeof next !== 'string' || next.length > 2048) return '/';
  if (!next.startsWith('/') || next.startsWith('//') || /[\\\p{Cc}]/u.test(next)) return '/';
  try {
    const url = new URL(next, 'http://same.invalid');
    return url.host === 'same.invalid' ? `${url.pathname}${url.search}${url.hash}` : '/';
  } catch {
    return '/';
  }
}
