import { createHmac, hkdfSync } from 'node:crypto';

/**
 * What a submission keeps of its sender's address: an HMAC-SHA256 over the space and the address
 * with a key derived from `AUTH_SECRET` (HKDF, purpose `verso:form-client`). Equal senders of one
 * space give equal hashes (abuse can be traced and cleaned up); the address itself cannot be read
 * back, not even by trying every IPv4 address without the secret, and hashes of two spaces differ.
 */
export function clientHash(authSecret: string, spaceId: string, address: string): string {
  const key = Buffer.from(hkdfSync('sha256', authSecret, 'verso', 'verso:form-client', 32));
  return createHmac('sha256', key).update(`${spaceId}\n${address}`).digest('base64url');
}
