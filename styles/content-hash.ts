import { createHash, type Hash } from 'node:crypto';

/** The name part of a content-addressed file: 20 hex digits of SHA-256 (80 bits). */
export function contentHash(text: string | Uint8Array): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 20);
}

/** A strong ETag for the same bytes: the quoted full digest. */
export function strongEtag(text: string | Uint8Array): string {
  return `"${createHash('sha256').update(text).digest('hex')}"`;
}

/**
 * `contentHash` and `strongEtag` of `prefix + rest` from a SHA-256 that has already read `prefix` (it is
 * copied, not consumed): a page stylesheet is the site sheet (52 KB for the demo) plus a few hundred bytes of
 * its own, and hashing the whole of it twice per site was 4 % of a first visit (issue 42). Same names as the
 * functions above give the whole text.
 */
export function continuedHash(prefix: Hash, rest: string): { hash: string; etag: string } {
  const hex = prefix.copy().update(rest).digest('hex');
  return { hash: hex.slice(0, 20), etag: `"${hex}"` };
}
