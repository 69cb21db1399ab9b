import type { Queryable } from '../db/types.ts';
import { newPrefixedToken, parsePrefixedToken, secretMatches } from './prefixed-token.ts';

/** The kind part of a preview token: `vsp_<prefix>_<secret>` (API keys are `vso_…`). */
const KIND = 'vsp';

export interface PreviewTokenRow {
  id: string;
  name: string;
  createdBy: string;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

const columns = `id::text as id, name, created_by as "createdBy", created_at as "createdAt",
  expires_at as "expiresAt", revoked_at as "revokedAt"`;

/** Stores a new token of a space and returns it with its plaintext, which is never readable again. */
export async function createPreviewToken(
  db: Queryable,
  args: { spaceId: string; name: string; expiresAt: Date; createdBy: string },
): Promise<PreviewTokenRow & { token: string }> {
  const { prefix, hash, token } = newPrefixedToken(KIND);
  const res = await db.query<PreviewTokenRow>(
    `insert into preview_tokens (space_id, name, prefix, hash, created_by, expires_at)
     values ($1, $2, $3, $4, $5, $6) returning ${columns}`,
    [args.spaceId, args.name, prefix, hash, args.createdBy, args.expiresAt],
  );
  return { ...res.rows[0]!, token };
}

/** Every token of a space that has not been dropped by housekeeping, newest first. */
export async function listPreviewTokens(db: Queryable, spaceId: string): Promise<PreviewTokenRow[]> {
  const res = await db.query<PreviewTokenRow>(
    `select ${columns} from preview_tokens where space_id = $1 order by created_at desc, id`,
    [spaceId],
  );
  return res.rows;
}

/** Revokes a token of a space (a second revoke keeps the first time); null when the space has no such token. */
export async function revokePreviewToken(
  db: Queryable,
  args: { spaceId: string; id: string },
): Promise<PreviewTokenRow | null> {
  const res = await db.query<PreviewTokenRow>(
    `update preview_tokens set revoked_at = coalesce(revoked_at, now())
     where id = $1 and space_id = $2 returning ${columns}`,
    [args.id, args.spaceId],
  );
  return res.rows[0] ?? null;
}

/**
 * The token's id when `token` is a live preview token of `spaceId`, else null (malformed, unknown, wrong
 * secret, another space's, expired or revoked). One indexed read per call and no cache: a revocation holds
 * on every process from the next request. Nothing is written, so a read-only database role serves it.
 */
export async function verifyPreviewToken(
  db: Queryable,
  args: { token: string; spaceId: string },
): Promise<string | null> {
  const parsed = parsePrefixedToken(KIND, args.token);
  if (!parsed) return null;
  const res = await db.query<{ id: string; hash: string; live: boolean }>(
    `select id::text as id, hash,
       space_id = $2 and revoked_at is null and expires_at > now() as live
     from preview_tokens where prefix = $1`,
    [parsed.prefix, args.spaceId],
  );
  const row = res.rows[0];
  // Compared before the row is checked: an unknown prefix takes as long as a wrong secret.
  if (!secretMatches(row?.hash, parsed.secret) || !row?.live) return null;
  return row.id;
}

/** Deletes tokens that expired or were revoked more than `days` ago; resolves to how many. */
export async function trimPreviewTokens(db: Queryable, days = 30): Promise<number> {
  const res = await db.query<{ id: string }>(
    `delete from preview_tokens
     where least(expires_at, coalesce(revoked_at, expires_at)) < now() - make_interval(days => $1)
     returning id`,
    [days],
  );
  return res.rows.length;
}
