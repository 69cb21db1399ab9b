import type { Context } from 'hono';
import { type ApiPrincipal, verifyApiKeyToken } from '../auth/api-keys.ts';
import { SESSION_COOKIE, sameOriginRequest, sessionOf } from '../auth/auth-routes.ts';
import type { Queryable } from '../db/types.ts';
import { AppError } from '../errors/app-error.ts';

/**
 * The caller of a management request: `Authorization: Bearer <key>`, or, when `sessionSecret` is given (the
 * `auth` scope is on), the studio's session cookie from the management origin itself (anything else with a
 * cookie is refused: no CSRF). 401 without a valid, unexpired key or session.
 */
export async function bearerPrincipal(
  c: Context,
  db: Queryable,
  sessionSecret?: () => string,
): Promise<ApiPrincipal> {
  const header = c.req.header('authorization');
  if (
    header === undefined &&
    sessionSecret &&
    (c.req.header('cookie') ?? '').includes(`${SESSION_COOKIE}=`)
  ) {
    if (!sameOriginRequest(c)) throw new AppError('auth.crossOrigin');
    const found = await sessionOf(c, db, sessionSecret());
    if (!found) throw new AppError('auth.sessionRequired');
    return found.session.principal;
  }
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!m) throw new AppError('auth.required');
  const principal = await verifyApiKeyToken(db, m[1]!);
  if (!principal) throw new AppError('auth.invalid');
  return principal;
}
