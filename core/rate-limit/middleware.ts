import type { Context, MiddlewareHandler } from 'hono';
import { AppError, toErrorBody } from '../errors/app-error.ts';
import { clientAddressOf } from '../net/client-address.ts';
import type { TrustedProxies } from '../net/trusted-proxies.ts';
import type { RateLimiter } from './rate-limiter.ts';
import type { RateRuleName } from './rules.ts';

export interface RateLimitMiddlewareArgs {
  limiter: RateLimiter;
  rule: RateRuleName;
  trustedProxies: TrustedProxies | undefined;
  /** The space the request is for, so that the space's overrides apply; undefined: the defaults. */
  spaceOf?: (c: Context) => Promise<string | undefined> | string | undefined;
  /** Requests not counted (health checks, hashed assets). */
  skip?: (c: Context) => boolean;
  /** Added to the 429 answer (e.g. the public API's CORS header, so browsers can read it). */
  refusalHeaders?: Record<string, string>;
}

/**
 * Counts each request per client address: over the limit it answers 429 `rateLimit.exceeded` with
 * `Retry-After`; every counted answer carries `RateLimit-Policy` and `RateLimit`.
 */
export function rateLimit(args: RateLimitMiddlewareArgs): MiddlewareHandler {
  return async (c, next) => {
    if (args.skip?.(c)) return next();
    let spaceId: string | undefined;
    try {
      spaceId = await args.spaceOf?.(c);
    } catch {
      spaceId = undefined;
    }
    const decision = await args.limiter.consume(args.rule, clientAddressOf(c, args.trustedProxies), {
      spaceId,
    });
    if (!decision.allowed) {
      return c.json(toErrorBody(new AppError('rateLimit.exceeded')), 429, {
        ...decision.headers,
        ...args.refusalHeaders,
        'Cache-Control': 'no-store',
      });
    }
    await next();
    const headers = { ...decision.headers };
    // A cross-origin answer exposes the rate headers, so that browser clients can pace themselves.
    const exposed = c.res.headers.get('Access-Control-Expose-Headers');
    if (c.res.headers.has('Access-Control-Allow-Origin')) {
      headers['Access-Control-Expose-Headers'] = [exposed, 'RateLimit', 'RateLimit-Policy']
        .filter(Boolean)
        .join(', ');
    }
    try {
      for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
    } catch {
      // Immutable headers (a fetched or redirect Response): copy the answer once.
      const res = new Response(c.res.body, c.res);
      for (const [name, value] of Object.entries(headers)) res.headers.set(name, value);
      c.res = res;
    }
  };
}
