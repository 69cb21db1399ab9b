import { type Context, Hono } from 'hono';
import type { Scope, ServerMode } from '../core/config/index.ts';
import { controlRoutes } from '../core/control/control-routes.ts';
import { AppError } from '../core/errors/app-error.ts';
import { errorResponse } from '../core/http/error-handler.ts';
import { installFastAnswers } from '../core/http/fast-answers.ts';
import { healthRoutes } from '../core/http/health.ts';
import { requestId } from '../core/http/request-id.ts';
import { registryRoutes } from '../core/registry/registry-routes.ts';
import { rpcRoutes } from '../core/rpc/rpc-routes.ts';
import { graphqlRoutes } from '../delivery/graphql/index.ts';
import { managementMediaRoutes } from '../delivery/media/management-media.ts';
import { publicMediaRoutes } from '../delivery/media/public-media.ts';
import { uploadRoutes } from '../delivery/media/upload.ts';
import { publicApi } from '../delivery/public-api/index.ts';
import { fastPagesOptions } from '../site/server/fast-pages.ts';
import { websiteServer } from '../site/server/website-server.ts';
import { allProcedures } from './procedures.ts';
import { publicApiRateLimit, sitePagesRateLimit } from './rate-limits.ts';
import type { Services } from './services.ts';

/** The designed site's origin of a host in links the management API hands out (`SITE_URL_TEMPLATE`). */
function siteOriginOf(config: Services['config']): (host: string) => string {
  const template = config.SITE_URL_TEMPLATE ?? (config.development ? 'http://{host}:3200' : 'https://{host}');
  return (host) => template.replace('{host}', host).replace(/\/$/, '');
}

/** The HTTP app of one server mode: what it mounts follows `SERVER_MODE` and `SCOPES` (operations.md). */
export function buildApp(mode: ServerMode, services: Services): Hono {
  const app = new Hono();
  app.use(requestId());
  const scopes = services.config.SCOPES;
  /** Mounts a surface only when the process has its scope: a replica mounts what its `SCOPES` name. */
  const mountScoped = (scope: Scope, mount: () => void) => {
    if (scopes.includes(scope)) mount();
  };
  // The public API answers /healthz, /readyz and / itself, and sets the request's space for what follows.
  if (mode === 'public') {
    const blockDesigns = services.plugins.some((p) => p.id === 'website');
    const api = publicApi({ ...services, blockDesigns });
    // The public API rule counts before any API route answers.
    const limit = publicApiRateLimit(services, api.reader);
    app.use('/v1/*', limit);
    app.use('/graphql', limit);
    app.route('/', api.app);
    // Repeated cached REST answers are replayed in front of the app (core/http/fast-answers.ts).
    installFastAnswers(app, { varyOn: ['host', 'x-forwarded-proto'] });
    mountScoped('graphql', () => app.route('/', graphqlRoutes({ ...services, reader: api.reader })));
  }
  app.route('/', healthRoutes(services.db));
  // The website mode (plugin on; serve.ts refuses it otherwise) answers every other path with the site.
  if (mode === 'website' && services.plugins.some((p) => p.id === 'website')) {
    app.use('*', sitePagesRateLimit(services));
    app.route('/', websiteServer(services));
    // Repeated public cached pages are replayed in front of the app (core/http/fast-answers.ts).
    installFastAnswers(app, fastPagesOptions);
    return app;
  }
  app.get('/', (c) => c.json({ service: 'verso', mode, scopes: services.config.SCOPES }));
  // Management: /rpc (scope rpc), /api/v1, /control/v1 (scope control only); uploads and /media below.
  if (mode === 'management') {
    const { db, cache, log } = services;
    mountScoped('rpc', () =>
      app.route(
        '/',
        rpcRoutes({
          db,
          cache,
          log,
          procedures: allProcedures(services.plugins),
          instance: { authSecret: services.authSecret, siteOrigin: siteOriginOf(services.config) },
        }),
      ),
    );
    app.route('/', registryRoutes({ db, log }));
    mountScoped('control', () =>
      app.route(
        '/',
        controlRoutes({
          db,
          cache,
          log,
          trustedProxies: services.config.TRUSTED_PROXIES,
          allowedIps: services.config.CONTROL_API_ALLOWED_IPS,
        }),
      ),
    );
  }
  if (scopes.includes('media') && mode === 'management') app.route('/', managementMediaRoutes(services));
  // Public /media reads the request's space from the public API's gate, so it mounts after the public API.
  const spaceOf = async (c: Context) => (c.var as { space?: { id: string } }).space?.id ?? null;
  if (scopes.includes('media') && mode === 'public')
    app.route('/', publicMediaRoutes({ ...services, spaceOf }));
  const maxBytes = services.config.UPLOAD_MAX_BYTES;
  if (scopes.includes('uploads') && mode === 'management')
    app.route('/', uploadRoutes({ ...services, maxBytes }));
  app.notFound((c) => errorResponse(c, new AppError('route.notFound'), services.log));
  app.onError((err, c) => errorResponse(c, err, services.log));
  return app;
}
