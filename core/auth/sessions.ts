import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/types.ts';
import { type ApiPrincipal, type Role, verifyApiKeyToken } from './api-keys.ts';

/** How long a studio session lasts at most (never past its key's own expiry). */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** How long `verso dev`'s one-time sign-in link works. */
export const LINK_TTL_MS = 10 * 60 * 1000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export interface Session {
  principal: ApiPrincipal;
  expiresAt: Date;
}

interface SessionRow {
  key_id: string;
  name: string;
  role: Role;
  space_ids: string[] | null;
  permissions: string[] | null;
  expires_at: Date | string;
}

async function openFor(db: Queryable, keyId: string, keyExpiry: Date | null, now: Date) {
  const id = randomBytes(32).toString('base64url');
  const limit = now.getTime() + SESSION_TTL_MS;
  const expiresAt = new Date(keyExpiry ? Math.min(limit, keyExpiry.getTime()) : limit);
  await db.query('insert into auth_sessions (id_hash, key_id, expires_at) values ($1, $2, $3)', [
    sha256(id),
    keyId,
    expiresAt,
  ]);
  // Sessions that ran out are dropped here, so the table holds only live ones without a housekeeping job.
  void db.query('delete from auth_sessions where expires_at < now()').catch(() => {});
  return { id, expiresAt };
}

async function keyExpiry(db: Queryable, keyId: string): Promise<Date | null> {
  const res = await db.query<{ expires_at: Date | string | null }>(
    'select expires_at from api_keys where id = $1',
    [keyId],
  );
  const at = res.rows[0]?.expires_at;
  return at ? new Date(at) : null;
}

/** Exchanges an API key for a new session: its id (for the cookie) and expiry; null for a bad key. */
export async function openSession(
  db: Queryable,
  token: string,
  now = new Date(),
): Promise<{ id: string; expiresAt: Date; principal: ApiPrincipal } | null> {
  const principal = await verifyApiKeyToken(db, token, now);
  if (!principal) return null;
  const opened = await openFor(db, principal.keyId, await keyExpiry(db, principal.keyId), now);
  return { ...opened, principal };
}

/**
 * The session behind a cookie's id, with the key's current role, spaces and permissions: null when the session
 * ran out, was closed, or its key was deleted or has expired. One indexed join per request.
 */
export async function readSession(db: Queryable, id: string, now = new Date()): Promise<Session | null> {
  const res = await db.query<SessionRow>(
    `select k.id as key_id, k.name, k.role, k.space_ids, k.permissions, s.expires_at
     from auth_sessions s join api_keys k on k.id = s.key_id
     where s.id_hash = $1 and s.expires_at > $2 and (k.expires_at is null or k.expires_at > $2)`,
    [sha256(id), now],
  );
  const row = res.rows[0];
  if (!row) return null;
  return {
    principal: {
      keyId: row.key_id,
      name: row.name,
      role: row.role,
      spaceIds: row.space_ids,
      permissions: row.permissions,
    },
    expiresAt: new Date(row.expires_at),
  };
}

export async function closeSession(db: Queryable, id: string): Promise<void> {
  await db.query('delete from auth_sessions where id_hash = $1', [sha256(id)]);
}

/** A one-time sign-in token for a key (`verso dev`'s link); only its hash is stored. */
export async function createLinkToken(db: Queryable, keyId: string, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query('insert into auth_link_tokens (token_hash, key_id, expires_at) values ($1, $2, $3)', [
    sha256(token),
    keyId,
    new Date(now.getTime() + LINK_TTL_MS),
  ]);
  return token;
}

/**
 * Spends a one-time token: deleted in the same statement that reads it, so two requests with one token open
 * at most one session. Null when unknown, used or expired.
 */
export async function redeemLinkToken(
  db: Queryable,
  token: string,
  now = new Date(),
): Promise<{ id: string; expiresAt: Date } | null> {
  const res = await db.query<{ key_id: string; expires_at: Date | string }>(
    'delete from auth_link_tokens where token_hash = $1 returning key_id, expires_at',
    [sha256(token)],
  );
  const row = res.rows[0];
  if (!row || new Date(row.expires_at).getTime() <= now.getTime()) return null;
  const keyEnds = await keyExpiry(db, row.key_id);
  if (keyEnds && keyEnds.getTime() <= now.getTime()) return null;
  return openFor(db, row.key_id, keyEnds, now);
}

/**
 * Whom a one-time token would sign in as, without spending it (the confirmation page of `GET /auth/link`):
 * the key, or null when the token is unknown, used or expired, or its key has expired.
 */
export async function peekLinkToken(
  db: Queryable,
  token: string,
  now = new Date(),
): Promise<ApiPrincipal | null> {
  const res = await db.query<SessionRow>(
    `select k.id as key_id, k.name, k.role, k.space_ids, k.permissions, t.expires_at
     from auth_link_tokens t join api_keys k on k.id = t.key_id
     where t.token_hash = $1 and t.expires_at > $2 and (k.expires_at is null or k.expires_at > $2)`,
    [sha256(token), now],
  );
  const row = res.rows[0];
  if (!row) return null;
  return {
    keyId: row.key_id,
    name: row.name,
    role: row.role,
    spaceIds: row.space_ids,
    permissions: row.permissions,
  };
}
