import type { Context, MiddlewareHandler } from 'hono';
import { rateLimit } from '../core/rate-limit/middleware.ts';
import { resolveSpace } from '../delivery/public-api/resolve-space.ts';
import { spaceDirectory } from '../delivery/public-api/space-directory.ts';
import type { Reader } from '../delivery/reader/types.ts';
import { findDomain } from '../site/pipeline/find-domain.ts';
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
 * The site pages' rule (1200 per minute per client address, or the host's space's own). The host's space comes
 * from the process's space directory (site/pipeline/space-directory.ts), the one the page itself is found by,
 * which purges of `domains` keep current: a first visit of a host read it through the tagged cache before (a
 * Redis read, a query, a write and a note to the other processes, issue 42).
 */
export function sitePagesRateLimit(services: Services): MiddlewareHandler {
  const spaceOf = async (c: Context) => {
    const host = (c.req.header('host') ?? '').toLowerCase().replace(/:\d*$/, '');
    if (!host) return undefined;
    return (await findDomain(services, host))?.spaceId;
  };
  return rateLimit({
    limiter: services.rateLimiter,
    rule: 'sitePages',
    trustedProxies: services.config.TRUSTED_PROXIES,
    spaceOf,
    skip: (c) => notPages.test(c.req.path) || c.req.method === 'OPTIONS',
  });
}
