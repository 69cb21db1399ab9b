import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/types.ts';
import { AppError } from '../errors/app-error.ts';

export type Role = 'superadmin' | 'owner' | 'admin' | 'editor' | 'viewer';

export interface NewKey {
  name?: string;
  role?: Role;
  /** Space ids the key is limited to; undefined: every space (a restriction binds a superadmin too). */
  spaceIds?: string[];
  permissions?: string[];
  expiresAt?: Date | null;
}

export const hashKeySecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** `30d`, `12h`, `45m`, `90s` → milliseconds. */
export function parseDuration(text: string): number {
  const m = /^(\d+)\s*([smhd])$/.exec(text.trim());
  if (!m)
    throw new AppError('validation.failed', {
      message: `"${text}" is not a duration such as 30d, 12h or 45m`,
    });
  const unit = { s: 1e3, m: 6e4, h: 3.6e6, d: 8.64e7 }[m[2] as 's' | 'm' | 'h' | 'd'];
  return Number(m[1]) * unit;
}

/**
 * Creates a key and returns its plaintext once: `vso_<prefix>_<secret>`. Only the SHA-256 of the secret is
 * stored (the secret has 256 bits, so a fast hash is enough); the prefix finds the row.
 */
export async function createApiKey(db: Queryable, key: NewKey): Promise<{ id: string; token: string }> {
  const prefix = randomBytes(6).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  const res = await db.query<{ id: string }>(
    `insert into api_keys (name, prefix, hash, role, space_ids, permissions, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [
      key.name ?? '',
      prefix,
      hashKeySecret(secret),
      key.role ?? 'admin',
      key.spaceIds ?? null,
      key.permissions ?? null,
      key.expiresAt ?? null,
    ],
  );
  return { id: res.rows[0]!.id, token: `vso_${prefix}_${secret}` };
}

/** Who called: a verified API key with its role and restrictions. */
export interface ApiPrincipal {
  keyId: string;
  name: string;
  role: Role;
  /** null: every space. */
  spaceIds: string[] | null;
  /** null: every permission of the role. */
  permissions: string[] | null;
}

const tokenPattern = /^vso_([0-9a-f]{12})_([A-Za-z0-9_-]{20,})$/;

/**
 * The key behind a bearer token, or null (unknown, wrong secret or expired). The prefix finds the row; the
 * secret's hash is compared in constant time. `last_used_at` is refreshed at most once a minute.
 */
export async function verifyApiKeyToken(
  db: Queryable,
  token: string,
  now = new Date(),
): Promise<ApiPrincipal | null> {
  const m = tokenPattern.exec(token.trim());
  if (!m) return null;
  const res = await db.query<{
    id: string;
    name: string;
    hash: string;
    role: Role;
    space_ids: string[] | null;
    permissions: string[] | null;
    expires_at: Date | string | null;
  }>('select id, name, hash, role, space_ids, permissions, expires_at from api_keys where prefix = $1', [
    m[1],
  ]);
  const row = res.rows[0];
  const given = Buffer.from(hashKeySecret(m[2]!), 'hex');
  // Hash something even when no row matched, so that timing does not tell whether a prefix exists.
  const stored = Buffer.from(row?.hash ?? hashKeySecret('no such key'), 'hex');
  const matches = stored.length === given.length && timingSafeEqual(stored, given);
  if (!row || !matches) return null;
  if (row.expires_at && new Date(row.expires_at).getTime() <= now.getTime()) return null;
  void db
    .query(
      `update api_keys set last_used_at = now()
       where id = $1 and (last_used_at is null or last_used_at < now() - interval '1 minute')`,
      [row.id],
    )
    .catch(() => {});
  return {
    keyId: row.id,
    name: row.name,
    role: row.role,
    spaceIds: row.space_ids,
    permissions: row.permissions,
  };
}
