import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { TaggedCache } from '../../core/cache/tagged-cache.ts';
import type { Config } from '../../core/config/index.ts';
import type { Db } from '../../core/db/types.ts';
import { AppError } from '../../core/errors/app-error.ts';
import { errorResponse } from '../../core/http/error-handler.ts';
import type { Logger } from '../../core/log.ts';
import { sharedReader } from '../reader/index.ts';
import type { Reader } from '../reader/types.ts';
import { directAnswer, jsonAnswer, resolvedAnswer } from '../rest/answer.ts';
import { openApiDocument } from '../rest/openapi-doc.ts';
import { type RestEnv, registerRestRoutes } from '../rest/rest-routes.ts';
import { MEMO_SLOT_VAR, type MemoSlot, memoKey, RouteMemo, replayableAnswer } from '../rest/route-memo.ts';
import { healthRoute, overviewRoute, readyRoute } from '../rest/routes.ts';
import { validationHook } from '../rest/validation-hook.ts';
import { serviceOverview } from './overview.ts';
import { previewGate } from './preview-gate.ts';
import { publicCors } from './public-cors.ts';
import { pinnedSpace, resolveSpace } from './resolve-space.ts';
import { spaceDirectory } from './space-directory.ts';
import { spaceGate } from './space-gate.ts';

export interface PublicApiOptions {
  db: Db;
  log: Logger;
  cache: TaggedCache;
  config: Pick<Config, 'CACHE_TTL' | 'PUBLIC_SPACE' | 'SCOPES'>;
  mediaSecret: () => string;
  /** The website plugin is on: blocks carry the `design` they chose. */
  blockDesigns: boolean;
  /** Default: the process's shared reader of `db`. */
  reader?: Reader;
  /** How old the list of spaces may get before a request triggers a new read (default 3 s). */
  spaceRecheckMs?: number;
  /** A pinned space that does not exist stops the boot. Default: write the message and exit with 1. */
  onBootFailure?: (err: AppError) => void;
}

export interface PublicApi {
  app: OpenAPIHono<RestEnv>;
  reader: Reader;
  /** The fast path's resolutions of repeated REST requests (route-memo.ts). */
  routeMemo: RouteMemo;
  /** Settles once the spaces were read and the pin checked. */
  ready: Promise<void>;
}

/** The paths this app answers itself (everything else is a surface mounted after it, or not found). */
const ownPath = (path: string) =>
  path.startsWith('/v1/') ||
  path === '/v1' ||
  path === '/' ||
  path === '/openapi.json' ||
  path === '/healthz' ||
  path === '/readyz';

const stopProcess = (err: AppError) => {
  process.stderr.write(`verso: ${err.message}\n`);
  process.exit(1);
};

/**
 * The public delivery API of `SERVER_MODE=public` (and `verso dev` on :3100): CORS for every origin, the
 * space of each request, REST `/v1`, `GET /openapi.json`, `GET /`, `/healthz` and `/readyz`. Other surfaces
 * of the mode (`/graphql`, `/media`) mount after it and find the request's space set by the same gate.
 */
export function publicApi(options: PublicApiOptions): PublicApi {
  const { db, log, config } = options;
  const reader =
    options.reader ??
    sharedReader({ db, mediaSecret: options.mediaSecret, blockDesigns: options.blockDesigns });
  const ttl = config.CACHE_TTL;
  const pin = config.PUBLIC_SPACE;
  const directory = spaceDirectory({
    read: () => reader.spaces(),
    maxAgeMs: options.spaceRecheckMs ?? 3000,
    log,
  });

  const ready = directory.loaded.then(() => {
    const spaces = directory.current();
    if (pin && !pinnedSpace(spaces, pin)) {
      (options.onBootFailure ?? stopProcess)(
        new AppError('space.notFound', { message: `PUBLIC_SPACE: no space named or with the id "${pin}"` }),
      );
      return;
    }
    const resolution = resolveSpace(spaces, { pin });
    if (resolution.kind === 'unresolved') {
      log.warn(
        `public API: ${resolution.reason}; answering 503 publicApi.space.unresolved until exactly one space exists`,
      );
    }
  });

  const app = new OpenAPIHono<RestEnv>({ defaultHook: validationHook });
  app.use('*', publicCors(ownPath));
  // Repeated REST requests skip the gate, routing and validation (route-memo.ts); a first one records itself.
  const memo = new RouteMemo();
  app.use('/v1/*', async (c, next) => {
    // HEAD is answered by the GET route (without the body). A request with credentials may be a preview
    // (preview-gate.ts): it is never answered from, or recorded into, the memo of anonymous answers.
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || c.req.header('authorization') !== undefined)
      return next();
    const key = memoKey(c);
    const snapshot = directory.current();
    const resolved = memo.get(key, snapshot);
    if (resolved) {
      const res = await resolvedAnswer(c, resolved);
      replayableAnswer(c, resolved, () => directory.current() === snapshot);
      return res;
    }
    c.set(MEMO_SLOT_VAR as never, { memo, key, snapshot } satisfies MemoSlot as never);
    await next();
    const recorded = memo.get(key, snapshot);
    if (recorded) replayableAnswer(c, recorded, () => directory.current() === snapshot);
  });
  app.use('*', spaceGate({ directory, pin }));
  const preview = previewGate(db);
  app.use('/v1/*', preview);
  app.use('/graphql', preview);

  app.openapi(healthRoute, (c) => c.json({ status: 'ok' as const }, 200, { 'Cache-Control': 'no-store' }));
  app.openapi(readyRoute, async (c) => {
    try {
      await db.query('select 1');
      const schemaVersion = await reader.schemaVersion();
      return c.json({ status: 'ready' as const, schemaVersion }, 200, { 'Cache-Control': 'no-store' });
    } catch (err) {
      throw new AppError('database.unavailable', { cause: err });
    }
  });
  const overview = (c: Context<RestEnv>) =>
    directAnswer(c, jsonAnswer(serviceOverview(c.get('space'), config.SCOPES)), ttl);
  app.openapi(overviewRoute, overview as never);

  registerRestRoutes(app, { reader, cache: options.cache, ttlSeconds: ttl });

  // Generated once, after every route is registered, from the same definitions.
  let doc: ReturnType<typeof jsonAnswer> | undefined;
  app.get('/openapi.json', (c) => {
    doc ??= jsonAnswer(openApiDocument(app));
    return directAnswer(c, doc, ttl);
  });

  app.notFound((c) => errorResponse(c, new AppError('route.notFound'), log));
  app.onError((err, c) => errorResponse(c, err, log));
  return { app, reader, routeMemo: memo, ready };
}
