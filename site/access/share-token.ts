import { deriveKey, hmac, sameSignature } from './keys.ts';

export const SHARE_COOKIE = 'cms_share';
export const SHARE_MIN_SECONDS = 60;
export const SHARE_MAX_SECONDS = 30 * 24 * 3600;
export const SHARE_DEFAULT_SECONDS = 24 * 3600;

export interface SharePayload {
  /** Space id. */
  s: string;
  /** Environment name (`production` or a staging environment). */
  e: string;
  /** One document's id, or absent for the whole site. */
  d?: string;
  /** The document's locale (where opening the link leads); absent: the host's locale. */
  l?: string;
  /** Expiry, seconds since the epoch. */
  x: number;
  /** The link's id, by which it is revoked (`plugins.website.share.revoke`); links made before ids have none. */
  i?: string;
}

/** A signed, self-contained token (nothing stored): base64url(JSON) + '.' + HMAC. */
export function signShareToken(authSecret: string, payload: SharePayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${hmac(deriveKey(authSecret, 'share-link'), body)}`;
}

/** The payload of a valid, unexpired token; null for anything tampered, malformed or expired. */
export function verifyShareToken(
  authSecret: string,
  token: string | undefined,
  now = Date.now(),
): SharePayload | null {
  const match = token ? /^([A-Za-z0-9_-]{10,600})\.([A-Za-z0-9_-]{43})$/.exec(token) : null;
  if (!match) return null;
  if (!sameSignature(match[2]!, hmac(deriveKey(authSecret, 'share-link'), match[1]!))) return null;
  let payload: SharePayload;
  try {
    payload = JSON.parse(Buffer.from(match[1]!, 'base64url').toString('utf8')) as SharePayload;
  } catch {
    return null;
  }
  if (typeof payload.s !== 'string' || typeof payload.e !== 'string' || typeof payload.x !== 'number')
    return null;
  if (payload.d !== undefined && typeof payload.d !== 'string') return null;
  if (payload.l !== undefined && typeof payload.l !== 'string') return null;
  if (payload.i !== undefined && (typeof payload.i !== 'string' || !/^[0-9a-f]{16,32}$/.test(payload.i)))
    return null;
  return payload.x * 1000 > now ? payload : null;
}

/** Seconds the preview cookie may live: as long as the link itself (revoking the link ends it too). */
export function shareCookieSeconds(payload: SharePayload, now = Date.now()): number {
  return Math.max(0, Math.min(SHARE_MAX_SECONDS, payload.x - Math.floor(now / 1000)));
}
