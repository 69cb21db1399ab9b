import { createHash } from 'node:crypto';

/** The name part of a content-addressed file: 20 hex digits of SHA-256 (80 bits). */
export function contentHash(text: string | Uint8Array): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 20);
}

/** A strong ETag for the same bytes: the quoted full digest. */
export function strongEtag(text: string | Uint8Array): string {
  return `"${createHash('sha256').update(text).digest('hex')}"`;
}
