import type { Context, MiddlewareHandler } from 'hono';
import { RATE_EXPOSED, RATE_HEADERS_VAR } from '../../core/rate-limit/middleware.ts';

const ALLOW_ORIGIN = '*';
const EXPOSED = 'ETag, X-Request-Id';
/** A request the rate limit counted carries its headers, and exposes them too. */
const EXPOSED_COUNTED = `${EXPOSED}, ${RATE_EXPOSED}`;

const exposedOf = (c: Context) => (c.get(RATE_HEADERS_VAR as never) ? EXPOSED_COUNTED : EXPOSED);

/** Sets the CORS headers of an answer prepared by the context (before the route runs). */
export function prepareCors(c: Context): void {
  c.header('Access-Control-Allow-Origin', ALLOW_ORIGIN);
  c.header('Access-Control-Expose-Headers', exposedOf(c));
}

/**
 * Public CORS (any origin; GET, POST, OPTIONS) on every answer, errors included; preflights answer 204.
 * Headers are prepared before the route runs rather than copied onto its response afterwards, because
 * touching `c.res` turns the server's direct write of a cached body into a stream. Surfaces mounted after
 * the public API (GraphQL, media) may answer with a Response of their own: theirs get the headers set after.
 */
export function publicCors(ownPath: (path: string) => boolean): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') {
      return c.body(null, 204, {
        'Access-Control-Allow-Origin': ALLOW_ORIGIN,
        'Access-Control-Expose-Headers': EXPOSED,
        'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
        // Authorization: a preview token (preview-gate.ts) from a browser front end.
        'Access-Control-Allow-Headers':
          c.req.header('access-control-request-headers') ?? 'Content-Type, Authorization',
        'Access-Control-Max-Age': '86400',
      });
    }
    prepareCors(c);
    await next();
    if (!ownPath(c.req.path)) {
      c.res.headers.set('Access-Control-Allow-Origin', ALLOW_ORIGIN);
      c.res.headers.set('Access-Control-Expose-Headers', exposedOf(c));
    }
  };
}
