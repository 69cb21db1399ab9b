import type { MiddlewareHandler } from 'hono';

const allowed = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': 'ETag, X-Request-Id' };

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
        ...allowed,
        'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
        'Access-Control-Allow-Headers': c.req.header('access-control-request-headers') ?? 'Content-Type',
        'Access-Control-Max-Age': '86400',
      });
    }
    for (const [name, value] of Object.entries(allowed)) c.header(name, value);
    await next();
    if (!ownPath(c.req.path))
      for (const [name, value] of Object.entries(allowed)) c.res.headers.set(name, value);
  };
}
