import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

export type KeyPurpose = 'site-access' | 'share-link' | 'form-stamp' | 'form-stamp-static' | 'form-result';

/** A key per purpose derived from `AUTH_SECRET` (HKDF-SHA256), so no signature of one kind verifies as another. */
export function deriveKey(authSecret: string, purpose: KeyPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', authSecret, 'verso', `verso:${purpose}`, 32));
}

export function hmac(key: Buffer, ...parts: string[]): string {
  return createHmac('sha256', key).update(parts.join('\n')).digest('base64url');
}

/** Constant-time comparison of two signatures (false for different lengths). */
export function sameSignature(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
