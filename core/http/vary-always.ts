import type { MiddlewareHandler } from 'hono';

/**
 * `Vary: <value>` on every answer below that names none: errors (400, 404, 422, 429, 503 from the shared error
 * edge or a rate rule) as well as the cached answers, which set it themselves. Those errors are `no-store` and
 * never compressed, so a cache that honours `Cache-Control` keeps none of them; one that does not (a CDN rule
 * told to cache every answer) would otherwise hand a stored identity error to every encoding and lose the
 * variants of the address. One header for every answer of a route keeps each cache's view of it the same.
 */
export function varyAlways(value: string): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.headers.has('Vary')) return;
    try {
      c.res.headers.set('Vary', value);
    } catch {
      // Immutable headers (a fetched Response): copy the answer once.
      const copy = new Response(c.res.body, c.res);
      copy.headers.set('Vary', value);
      c.res = copy;
    }
  };
}
