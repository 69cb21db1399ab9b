import type { Context } from 'hono';
import { type ApiPrincipal, verifyApiKeyToken } from '../auth/api-keys.ts';
import type { Queryable } from '../db/types.ts';
import { AppError } from '../errors/app-error.ts';

/** The caller of a management request: `Authorization: Bearer <key>`; 401 without a valid, unexpired key. */
export async function bearerPrincipal(c: Context, db: Queryable): Promise<ApiPrincipal> {
  const header = c.req.header('authorization') ?? '';
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!m) throw new AppError('auth.required');
  const principal = await verifyApiKeyToken(db, m[1]!);
  if (!principal) throw new AppError('auth.invalid');
  return principal;
}
