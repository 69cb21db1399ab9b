import type { Context, Hono } from 'hono';
import { loadStudio } from '../build/studio.ts';
import { authRoutes } from '../core/auth/auth-routes.ts';
import type { ServerMode } from '../core/config/index.ts';
import { controlRoutes } from '../core/control/control-routes.ts';
import { AppError } from '../core/errors/app-error.ts';
import { errorResponse } from '../core/http/error-handler.ts';
import { installFastAnswers } from '../core/http/fast-answers.ts';
import { healthRoutes } from '../core/http/health.ts';
import { jsonBodyLimit } from '../core/http/json-body-limit.ts';
import { varyAlways } from '../core/http/vary-always.ts';
import { registryRoutes } from '../core/registry/registry-routes.ts';
import { rpcRoutes } from '../core/rpc/rpc-routes.ts';
import { graphqlRoutes } from '../delivery/graphql/index.ts';
import { managementMediaRoutes } from '../delivery/media/management-media.ts';
import { publicMediaRoutes } from '../delivery/media/public-media.ts';
import { uploadRoutes } from '../delivery/media/upload.ts';
import { publicApi } from '../delivery/public-api/index.ts';
import { studioContentModel } from '../studio/server/content-model-procedure.ts';
import { studioPreviewProcedure } from '../studio/server/preview-procedure.ts';
import { sessionFromAuthRoute, studioRoutes } from '../studio/server/studio-routes.ts';
import { type AppOptions, appStart, mountWebsite, scoped } from './app-start.ts';
import { allProcedures } from './procedures.ts';
import { publicApiRateLimit } from './rate-limits.ts';
import type { Services } from './services.ts';

/** The designed site's origin of a host in links the management API hands out (`SITE_URL_TEMPLATE`). */
function siteOriginOf(config: Services['config']): (host: string) => string {
  const template = config.SITE_URL_TEMPLATE ?? (config.development ? 'http://{host}:3200' : 'https://{host}');
  return (host) => template.replace('{host}', host).replace(/\/$/, '');
}

/** The studio's own procedures (what it previews), when the website plugin is on. */
function studioProcedures(services: Services) {
  const website = services.plugins.some((p) => p.id === 'website');
  return website && services.config.SCOPES.includes('studio')
    ? [studioPreviewProcedure({ mediaSecret: services.mediaSecret }), studioContentModel]
    : [];
}

/** The HTTP app of one server mode: what it mounts follows `SERVER_MODE` and `SCOPES` (operations.md). */
export function buildApp(mode: ServerMode, services: Services, options: AppOptions = {}): Hono {
  const rateLimits = options.rateLimits ?? true;
  const start = appStart(mode, services, options);
  const { app, onLookup } = start;
  const scopes = services.config.SCOPES;
  const mountScoped = scoped(services);
  // The public API answers /healthz, /readyz and / itself, and sets the request's space for what follows.
  if (mode === 'public') {
    const blockDesigns = services.plugins.some((p) => p.id === 'website');
    const api = publicApi({ ...services, blockDesigns });
    // Every answer of these routes names what it varies on, errors and 429s included (vary-always.ts).
    app.use('/v1/*', varyAlways('Accept-Encoding'));
    app.use('/graphql', varyAlways('Accept, Accept-Encoding'));
    // The public API rule counts before any API route answers.
    if (rateLimits) {
      const limit = publicApiRateLimit(services, api.reader);
      app.use('/v1/*', limit);
      app.use('/graphql', limit);
    }
    app.route('/', api.app);
    // Repeated cached REST answers are replayed in front of the app (core/http/fast-answers.ts).
    // GraphQL answers vary on Accept (its media type), every answer on Accept-Encoding (identity, br or gzip);
    // a POST to /graphql is a read, keyed by its body.
    installFastAnswers(app, {
      varyOn: ['host', 'x-forwarded-proto', 'accept', 'accept-encoding'],
      postPaths: ['/graphql'],
      onLookup,
    });
    mountScoped('graphql', () => app.route('/', graphqlRoutes({ ...services, reader: api.reader })));
  }
  // The website mode (plugin on; serve.ts refuses it otherwise) answers every other path with the site.
  if (mode === 'website' && services.plugins.some((p) => p.id === 'website'))
    return mountWebsite(start, services, options);
  app.route('/', healthRoutes(services.db));
  app.get('/', (c) => c.json({ service: 'verso', mode, scopes: services.config.SCOPES }));
  // Management: /rpc (scope rpc), /api/v1, /control/v1 (scope control only); uploads and /media below.
  if (mode === 'management') {
    const { db, cache, log } = services;
    const limit = jsonBodyLimit(services.config.REQUEST_MAX_BYTES);
    for (const path of ['/rpc/*', '/auth/*', '/control/*', '/api/*']) app.use(path, limit);
    mountScoped('rpc', () =>
      app.route(
        '/',
        rpcRoutes({
          db,
          cache,
          log,
          procedures: [...allProcedures(services.plugins), ...studioProcedures(services)],
          plugins: services.plugins,
          storage: services.storage,
          instance: {
            authSecret: services.authSecret,
            siteOrigin: siteOriginOf(services.config),
            allowPrivateWebhooks: services.config.WEBHOOK_ALLOW_PRIVATE,
          },
          ...(scopes.includes('auth') ? { sessionSecret: services.authSecret } : {}),
        }),
      ),
    );
    mountScoped('auth', () =>
      app.route(
        '/',
        authRoutes({
          db,
          log,
          secret: services.authSecret,
          rateLimiter: services.rateLimiter,
          trustedProxies: services.config.TRUSTED_PROXIES,
        }),
      ),
    );
    app.route('/', registryRoutes({ db, log }));
    // The studio (studio/): the editor that frames the website's canvas, with the website plugin only.
    mountScoped('studio', () => {
      if (!services.plugins.some((p) => p.id === 'website')) return;
      const siteUrl = services.config.STUDIO_SITE_URL ?? siteOriginOf(services.config)('localhost');
      // Bundled on the first visit (~0.3 s), not at start: most management processes never serve it;
      // its budget is held by build/studio.test.ts.
      app.route(
        '/',
        studioRoutes({
          db,
          siteUrl,
          session: sessionFromAuthRoute(app),
          assets: loadStudio,
          maxBytes: services.config.REQUEST_MAX_BYTES,
        }),
      );
    });
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
    app.route(
      '/',
      uploadRoutes({
        ...services,
        maxBytes,
        ...(scopes.includes('auth') ? { sessionSecret: services.authSecret } : {}),
      }),
    );
  app.notFound((c) => errorResponse(c, new AppError('route.notFound'), services.log));
  app.onError((err, c) => errorResponse(c, err, services.log));
  return app;
}
