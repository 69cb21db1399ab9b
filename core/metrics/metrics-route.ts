import type { MiddlewareHandler } from 'hono';
import { clientAddressOf } from '../net/client-address.ts';
import { inRanges, type TrustedProxies } from '../net/trusted-proxies.ts';
import type { Metrics } from './metrics.ts';

/**
 * `GET /metrics` (scope `metrics`): the process's figures in Prometheus's text format, to the addresses in
 * `METRICS_ALLOWED_IPS` only (by the client address rules of `TRUSTED_PROXIES`). Anyone else gets what the
 * process answers without the scope (404, or on a website process the site's page at `/metrics`), so the
 * path reveals nothing and a page of that name stays reachable for visitors.
 */
export function metricsRoute(args: {
  metrics: Metrics;
  allowedIps: TrustedProxies | undefined;
  trustedProxies: TrustedProxies | undefined;
}): MiddlewareHandler {
  return async (c, next) => {
    const allowed = args.allowedIps?.kind === 'list' ? args.allowedIps.ranges : undefined;
    if (c.req.method !== 'GET' || !allowed || !inRanges(clientAddressOf(c, args.trustedProxies), allowed)) {
      return next();
    }
    const body = await args.metrics.registry.metrics();
    return c.body(body, 200, {
      'Content-Type': args.metrics.registry.contentType,
      'Cache-Control': 'no-store',
    });
  };
}
