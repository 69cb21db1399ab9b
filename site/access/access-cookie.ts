import { createHash } from 'node:crypto';
import { deriveKey, hmac, sameSignature } from './keys.ts';

export const ACCESS_COOKIE = 'cms_site_access';
export const ACCESS_LIFETIME_SECONDS = 30 * 24 * 3600;

/** A fingerprint of the password hash: a new password changes it, and so voids every earlier cookie. */
export const passwordFingerprint = (passwordHash: string): string =>
  createHash('sha256').update(passwordHash).digest('base64url').slice(0, 16);

/** The cookie value: `<expiry seconds>.<HMAC over space, expiry and the password fingerprint>`. */
export function issueAccessCookie(
  authSecret: string,
  spaceId: string,
  passwordHash: string,
  now = Date.now(),
): string {
  const expiry = Math.floor(now / 1000) + ACCESS_LIFETIME_SECONDS;
  return `${expiry}.${accessSignature(authSecret, spaceId, expiry, passwordFingerprint(passwordHash))}`;
}

function accessSignature(authSecret: string, spaceId: string, expiry: number, fingerprint: string): string {
  return hmac(deriveKey(authSecret, 'site-access'), spaceId, String(expiry), fingerprint);
}

export function verifyAccessCookie(
  authSecret: string,
  spaceId: string,
  passwordHash: string,
  value: string | undefined,
  now = Date.now(),
): boolean {
  return accessCookieMatches(authSecret, spaceId, passwordFingerprint(passwordHash), value, now);
}

/**
 * The check pages make: the site's cached info carries the fingerprint, never the hash. True only for an
 * unexpired cookie of this space signed over the current password's fingerprint (constant-time compare).
 */
export function accessCookieMatches(
  authSecret: string,
  spaceId: string,
  fingerprint: string,
  value: string | undefined,
  now = Date.now(),
): boolean {
  const match = value ? /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(value) : null;
  if (!match) return false;
  const expiry = Number(match[1]);
  if (expiry * 1000 <= now) return false;
  return sameSignature(match[2]!, accessSignature(authSecret, spaceId, expiry, fingerprint));
}
