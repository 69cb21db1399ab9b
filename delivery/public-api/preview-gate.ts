import type { MiddlewareHandler } from 'hono';
import { verifyPreviewToken } from '../../core/auth/preview-tokens.ts';
import type { Queryable } from '../../core/db/types.ts';
import { AppError } from '../../core/errors/app-error.ts';
import type { RestEnv } from '../rest/rest-routes.ts';

const bearer = /^Bearer(?:\s+(\S*))?\s*$/i;
const challenge = 'Bearer realm="preview", error="invalid_token"';

/**
 * Preview on the public API (docs/delivery-api.md, "Preview"): `Authorization: Bearer <token>` with a live
 * preview token of the request's space makes the request read drafts (`c.var.preview`). Any other bearer is
 * 401 `preview.invalid` with `WWW-Authenticate: Bearer`, never the published answer, so that a developer sees
 * the token failed. Other schemes (the Basic credentials a password-protecting proxy forwards) are not the
 * API's and are ignored, as before. Mounted after the space gate, on `/v1/*` and `/graphql` only; without the
 * header it reads nothing (and such requests are answered in front of Hono when cached anyway).
 */
export function previewGate(db: Queryable): MiddlewareHandler<RestEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization');
    if (header === undefined) return next();
    const m = bearer.exec(header);
    if (!m) return next();
    const token = m[1];
    const tokenId = token ? await verifyPreviewToken(db, { token, spaceId: c.get('space').id }) : null;
    if (!tokenId) {
      // Prepared on the context: the error handler's answer carries it, as it carries the CORS headers.
      c.header('WWW-Authenticate', challenge);
      throw new AppError('preview.invalid');
    }
    c.set('preview', { tokenId });
    return next();
  };
}
