import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Bearer secrets Verso hands out once (API keys `vso_…`, preview tokens `vsp_…`): `<kind>_<prefix>_<secret>`.
 * The prefix finds the row; only the SHA-256 of the secret is stored (the secret has 256 bits, so a fast hash
 * is enough).
 */
export const hashTokenSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

export function newPrefixedToken(kind: string): { prefix: string; hash: string; token: string } {
  const prefix = randomBytes(6).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  return { prefix, hash: hashTokenSecret(secret), token: `${kind}_${prefix}_${secret}` };
}

const patterns = new Map<string, RegExp>();

/** The prefix and secret of a token of `kind`, or null when it does not have that form. */
export function parsePrefixedToken(kind: string, token: string): { prefix: string; secret: string } | null {
  let pattern = patterns.get(kind);
  if (!pattern) {
    pattern = new RegExp(`^${kind}_([0-9a-f]{12})_([A-Za-z0-9_-]{20,})$`);
    patterns.set(kind, pattern);
  }
  const m = pattern.exec(token.trim());
  return m ? { prefix: m[1]!, secret: m[2]! } : null;
}

/**
 * Whether `secret` hashes to `storedHash`, compared in constant time. Without a stored hash (no row had the
 * prefix) a hash is still compared, so that timing does not tell whether a prefix exists.
 */
export function secretMatches(storedHash: string | undefined, secret: string): boolean {
  const given = Buffer.from(hashTokenSecret(secret), 'hex');
  const stored = Buffer.from(storedHash ?? hashTokenSecret('no such token'), 'hex');
  return storedHash !== undefined && stored.length === given.length && timingSafeEqual(stored, given);
}
