import type { Context, MiddlewareHandler } from 'hono';
import { cacheTags } from '../core/cache/tags.ts';
import { rateLimit } from '../core/rate-limit/middleware.ts';
import { resolveSpace } from '../delivery/public-api/resolve-space.ts';
import { spaceDirectory } from '../delivery/public-api/space-directory.ts';
import type { Reader } from '../delivery/reader/types.ts';
import type { Services } from './services.ts';

/**
 * The public API's rule (300 per minute per client address, or the space's own): counted before the API
 * answers, so the space is resolved here the way the API's gate does, from a list of spaces read every few
 * seconds. A refusal carries the public CORS header so that browsers can read it.
 */
export function publicApiRateLimit(services: Services, reader: Reader): MiddlewareHandler {
  const directory = spaceDirectory({ read: () => reader.spaces(), maxAgeMs: 3000, log: services.log });
  const spaceOf = async (c: Context) => {
    await directory.loaded;
    const resolved = resolveSpace(directory.current(), {
      pin: services.config.PUBLIC_SPACE,
      host: c.req.header('host'),
    });
    return resolved.kind === 'space' ? resolved.space.id : undefined;
  };
  return rateLimit({
    limiter: services.rateLimiter,
    rule: 'publicApi',
    trustedProxies: services.config.TRUSTED_PROXIES,
    spaceOf,
    skip: (c) => c.req.method === 'OPTIONS',
    refusalHeaders: {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Expose-Headers': 'RateLimit, RateLimit-Policy, Retry-After',
    },
  });
}

/** Paths of the site that are not pages: hashed assets, media, health and the site's own forms. */
const notPages = /^\/(?:_site|_cms|media)\/|^\/(?:healthz|readyz)$/;

/**
 * The site pages' rule (1200 per minute per client address, or the host's space's own). The host's space is
 * looked up through the tagged cache under `domains`, so a domain change is seen at once.
 */
export function sitePagesRateLimit(services: Services): MiddlewareHandler {
  const spaceOf = (c: Context) => {
    const host = (c.req.header('host') ?? '').toLowerCase().replace(/:\d*$/, '');
    if (!host) return undefined;
    return services.cache
      .getOrSet(`rate:host:${host}`, async (sink) => {
        sink.addTags([cacheTags.domains]);
        const res = await services.db.query<{ space_id: string }>(
          'select space_id from website_domains where host = $1',
          [host],
        );
        return res.rows[0]?.space_id ?? null;
      })
      .then((id) => id ?? undefined);
  };
  return rateLimit({
    limiter: services.rateLimiter,
    rule: 'sitePages',
    trustedProxies: services.config.TRUSTED_PROXIES,
    spaceOf,
    skip: (c) => notPages.test(c.req.path) || c.req.method === 'OPTIONS',
  });
}
