import { Hono, type MiddlewareHandler } from 'hono';
import { edgeAnswers } from '../core/cache/edge/edge-answers.ts';
import { type EdgeStatus, edgeStatusOf } from '../core/cache/edge/edge-status.ts';
import type { Scope, ServerMode } from '../core/config/index.ts';
import { type ReadRouting, readRoutingOf } from '../core/db/types.ts';
import { installFastAnswers } from '../core/http/fast-answers.ts';
import { healthRoutes } from '../core/http/health.ts';
import { type Readiness, readinessGate } from '../core/http/readiness.ts';
import { requestId } from '../core/http/request-id.ts';
import { metricsRoute } from '../core/metrics/metrics-route.ts';
import { installRequestMetrics } from '../core/metrics/observe-requests.ts';
import type { SiteDeps } from '../site/pipeline/deps.ts';
import { fastPagesOptions } from '../site/server/fast-pages.ts';
import { websiteServer } from '../site/server/website-server.ts';
import { sitePagesRateLimit } from './rate-limits.ts';
import type { Services } from './services.ts';

// What every mode's app starts with, and the website mode's whole app, apart from cli/app.ts: the static export
// (cli/commands/build-site.ts) builds the website app from this module alone, so that its process loads neither
// the public API, GraphQL, the studio nor the management surfaces (their packages were most of its start-up).

/** Adds the edge's purge status to a ready `/readyz` answer (`edge`: ok or failing, pending retries). */
function withEdgeStatus(status: () => Promise<EdgeStatus>): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.status !== 200) return;
    const body = (await c.res.clone().json()) as Record<string, unknown>;
    c.res = c.json({ ...body, edge: await status() }, 200, { 'Cache-Control': 'no-store' });
  };
}

/**
 * Adds the read replicas to a `/readyz` answer: each by host, port and database with its state (`ok`, `lagging`,
 * `down`, …), the position it has replayed and its lag. A replica left out does not make the process unready:
 * the primary answers its reads (operations.md, "Read replicas").
 */
function withReplicaStatus(routing: ReadRouting): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.status !== 200) return;
    const body = (await c.res.clone().json()) as Record<string, unknown>;
    c.res = c.json({ ...body, replicas: routing.status() }, 200, { 'Cache-Control': 'no-store' });
  };
}

export interface AppOptions {
  /**
   * Count requests against the rate rules (default). The static export renders every page of a space through
   * the website app in its own process: no visitor is behind those requests, so it turns them off.
   */
  rateLimits?: boolean;
  /** `/readyz` answers 503 until this is ready (`verso serve` warms up first: cli/warm-up.ts). */
  readiness?: Readiness;
  /** Told the website pipeline's deps (website mode): the static export renders pages with them directly. */
  onSiteDeps?: (deps: SiteDeps) => void;
}

/** A scope's mount, only when the process has the scope: a replica mounts what its `SCOPES` name. */
export const scoped = (services: Services) => (scope: Scope, mount: () => void) => {
  if (services.config.SCOPES.includes(scope)) mount();
};

/** The start of every mode's app: request id, metrics, the edge's tags, `/readyz`'s details. */
export function appStart(mode: ServerMode, services: Services, options: AppOptions) {
  const app = new Hono();
  app.use(requestId());
  const mountScoped = scoped(services);
  // Every answer is counted (core/metrics/); `/metrics` answers only METRICS_ALLOWED_IPS, before any surface.
  const { metrics } = services;
  installRequestMetrics(app, metrics, mode === 'website');
  const onLookup = (hit: boolean) => metrics.cacheLookup('answer', hit);
  mountScoped('metrics', () =>
    app.use(
      '/metrics',
      metricsRoute({
        metrics,
        allowedIps: services.config.METRICS_ALLOWED_IPS,
        trustedProxies: services.config.TRUSTED_PROXIES,
      }),
    ),
  );
  // With an edge cache: cacheable answers carry their tags for it, and /readyz says how its purges fare.
  const edge = services.config.EDGE_CACHE;
  if (edge !== 'none' && mode !== 'management')
    app.use('*', edgeAnswers({ kind: edge, ttlSeconds: services.config.EDGE_CACHE_TTL }));
  const edgeStatus = edgeStatusOf(services.cache);
  if (options.readiness) app.use('/readyz', readinessGate(options.readiness));
  if (edgeStatus) app.use('/readyz', withEdgeStatus(edgeStatus));
  const routing = readRoutingOf(services.db);
  if (routing) app.use('/readyz', withReplicaStatus(routing));
  return { app, onLookup };
}

/** The website mode's surfaces after the start: health, the site (with its rate rule unless off), fast answers. */
export function mountWebsite(
  { app, onLookup }: ReturnType<typeof appStart>,
  services: Services,
  options: AppOptions,
): Hono {
  app.route('/', healthRoutes(services.db));
  if (options.rateLimits ?? true) app.use('*', sitePagesRateLimit(services));
  app.route('/', websiteServer(services, options.onSiteDeps ? { onSiteDeps: options.onSiteDeps } : {}));
  // Repeated public cached pages are replayed in front of the app (core/http/fast-answers.ts).
  installFastAnswers(app, { ...fastPagesOptions, onLookup });
  return app;
}

/** The website mode's app (`buildApp('website', …)` with the website plugin on). */
export function websiteApp(services: Services, options: AppOptions = {}): Hono {
  return mountWebsite(appStart('website', services, options), services, options);
}
