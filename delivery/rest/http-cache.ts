import { createHash } from 'node:crypto';

/** `Cache-Control` of a delivery answer (delivery-and-site.md, "Caching"). */
export const publicCacheControl = (ttlSeconds: number): string =>
  `public, max-age=0, s-maxage=${ttlSeconds}, stale-while-revalidate=${ttlSeconds * 10}`;

/**
 * A weak validator over the body: equal bytes give equal tags in every process, and a text and its UTF-8
 * bytes the same tag.
 */
export function weakEtag(body: string | Uint8Array): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/**
 * Whether `If-None-Match` names the current representation: `*`, or a list in which one tag equals it under
 * weak comparison (the `W/` prefix ignored on both sides, RFC 9110 §13.1.2).
 */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const current = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === current);
}
