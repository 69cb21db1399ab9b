import type { Queryable } from '../db/types.ts';
import { AppError } from '../errors/app-error.ts';
import { newPrefixedToken, parsePrefixedToken, secretMatches } from './prefixed-token.ts';

export type Role = 'superadmin' | 'owner' | 'admin' | 'editor' | 'viewer';

export interface NewKey {
  name?: string;
  role?: Role;
  /** Space ids the key is limited to; undefined: every space (a restriction binds a superadmin too). */
  spaceIds?: string[];
  permissions?: string[];
  expiresAt?: Date | null;
}

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

/** Creates a key and returns its plaintext once: `vso_<prefix>_<secret>` (prefixed-token.ts: what is stored). */
export async function createApiKey(db: Queryable, key: NewKey): Promise<{ id: string; token: string }> {
  const { prefix, hash, token } = newPrefixedToken('vso');
  const res = await db.query<{ id: string }>(
    `insert into api_keys (name, prefix, hash, role, space_ids, permissions, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [
      key.name ?? '',
      prefix,
      hash,
      key.role ?? 'admin',
      key.spaceIds ?? null,
      key.permissions ?? null,
      key.expiresAt ?? null,
    ],
  );
  return { id: res.rows[0]!.id, token };
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

/**
 * The key behind a bearer token, or null (unknown, wrong secret or expired). The prefix finds the row; the
 * secret's hash is compared in constant time. `last_used_at` is refreshed at most once a minute.
 */
export async function verifyApiKeyToken(
  db: Queryable,
  token: string,
  now = new Date(),
): Promise<ApiPrincipal | null> {
  const parsed = parsePrefixedToken('vso', token);
  if (!parsed) return null;
  const res = await db.query<{
    id: string;
    name: string;
    hash: string;
    role: Role;
    space_ids: string[] | null;
    permissions: string[] | null;
    expires_at: Date | string | null;
  }>('select id, name, hash, role, space_ids, permissions, expires_at from api_keys where prefix = $1', [
    parsed.prefix,
  ]);
  const row = res.rows[0];
  // Compared before the row is checked: an unknown prefix takes as long as a wrong secret.
  if (!secretMatches(row?.hash, parsed.secret) || !row) return null;
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
