import type { MiddlewareHandler } from 'hono';
import { clientAddressOf } from '../net/client-address.ts';
import { inRanges, type TrustedProxies } from '../net/trusted-proxies.ts';
import type { Metrics } from './metrics.ts';

/**
 * `GET /metrics` (scope `metrics`): the process's figures in Prometheus's text format, to the addresses in
 * `METRICS_ALLOWED_IPS` only (by the client address rules of `TRUSTED_PROXIES`). Anyone else gets what the
 * process answers without the scope (404, or on a website process the site's page at `/metrics`), so the
 * path reveals nothing and a page of that name stays reachable for visitors. That answer is `no-store` and
 * carries nothing for an edge: a cache in front would otherwise keep the refusal and hand it to the scraper.
 */
export function metricsRoute(args: {
  metrics: Metrics;
  allowedIps: TrustedProxies | undefined;
  trustedProxies: TrustedProxies | undefined;
}): MiddlewareHandler {
  return async (c, next) => {
    const allowed = args.allowedIps?.kind === 'list' ? args.allowedIps.ranges : undefined;
    if (c.req.method !== 'GET' || !allowed || !inRanges(clientAddressOf(c, args.trustedProxies), allowed)) {
      await next();
      const res = uncached(c.res);
      // Hono's setter copies the old answer's headers onto a new one: clear it first.
      c.res = undefined;
      c.res = res;
      return;
    }
    const body = await args.metrics.registry.metrics();
    return c.body(body, 200, {
      'Content-Type': args.metrics.registry.contentType,
      'Cache-Control': 'no-store',
    });
  };
}

const EDGE_HEADERS = ['Surrogate-Control', 'CDN-Cache-Control', 'xkey', 'Surrogate-Key', 'Cache-Tag'];

function uncached(res: Response): Response {
  const copy = new Response(res.body, res);
  copy.headers.set('Cache-Control', 'no-store');
  for (const name of EDGE_HEADERS) copy.headers.delete(name);
  return copy;
}
