import { createYoga, type Plugin, type YogaLogger } from 'graphql-yoga';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { stillHeld, type TaggedCache, type TagSink } from '../../core/cache/tagged-cache.ts';
import type { Config } from '../../core/config/index.ts';
import { AppError } from '../../core/errors/app-error.ts';
import { onTheFly } from '../../core/http/content-coding.ts';
import { dependOn, replayable } from '../../core/http/fast-answers.ts';
import type { Logger } from '../../core/log.ts';
import { utf8Bytes } from '../../core/utf8-bytes.ts';
import type { Reader, SpaceInfo } from '../reader/types.ts';
import { type KeptAnswer, sendKept } from '../rest/kept-answer.ts';
import { requestOrigin } from '../rest/request-origin.ts';
import type { GraphqlServerContext } from './context.ts';
import { failureAnswer } from './errors.ts';
import { limitsPlugin } from './limits.ts';
import { operationParams, type YogaInput } from './operation-params.ts';
import { publicErrorsPlugin } from './public-errors.ts';
import { requestReads } from './request-reads.ts';
import { type CachedAnswer, cachedAnswer, responseKey } from './response-cache.ts';
import { schemaCache } from './schema-cache.ts';

/**
 * The space of the request, set by the public API's space gate before any route runs, and the grant of a
 * request with a live preview token (delivery/public-api/preview-gate.ts).
 */
export type GraphqlEnv = { Variables: { space: SpaceInfo; preview?: { tokenId: string } } };

export interface GraphqlDeps {
  reader: Reader;
  cache: TaggedCache;
  log: Logger;
  config: Pick<
    Config,
    'CACHE_TTL' | 'PUBLIC_GRAPHQL_INTROSPECTION' | 'GRAPHQL_MAX_DEPTH' | 'GRAPHQL_MAX_COMPLEXITY'
  >;
}

/** Far above the largest query the token limit lets through (5000 tokens), far below abuse. */
export const maxBodyBytes = 100_000;

/** Yoga's own log lines go to the process log; its debug chatter does not. */
const yogaLogger = (log: Logger): YogaLogger => ({
  debug: () => {},
  info: () => {},
  warn: (...args: unknown[]) => log.warn({ detail: args }, 'graphql-yoga'),
  error: (...args: unknown[]) => log.error({ err: args[0] }, 'graphql-yoga'),
});

const noTags: TagSink = { addTags() {} };

/**
 * `/graphql` of the public API (docs/graphql.md), mounted after the public API, whose gate sets the request's
 * space. A request reads top to bottom: the space's schema (built once per schema version), the operation's
 * parameters and cache key, then the tagged cache: a hit sends the kept bytes without running GraphQL; a miss
 * runs graphql-yoga over the shared reader and keeps a successful answer. Successful answers carry an ETag
 * and the delivery `Cache-Control` (a conditional GET answers 304); everything else is `no-store`. A preview
 * (a preview token) runs over the space's drafts and is never kept: `private, no-store`.
 */
export function graphqlRoutes(deps: GraphqlDeps): Hono<GraphqlEnv> {
  const { config, log } = deps;
  const ttl = config.CACHE_TTL;
  const limits = {
    maxDepth: config.GRAPHQL_MAX_DEPTH,
    maxComplexity: config.GRAPHQL_MAX_COMPLEXITY,
    introspection: config.PUBLIC_GRAPHQL_INTROSPECTION,
  };
  const settings = `${limits.maxDepth}.${limits.maxComplexity}.${limits.introspection}`;
  const schemaOf = schemaCache(deps.reader);
  const yoga = createYoga<GraphqlServerContext>({
    schema: (ctx) => ctx.schema,
    graphqlEndpoint: '/graphql',
    graphiql: limits.introspection ? { title: 'Verso GraphQL' } : false,
    // yoga's own GraphiQL page loads its scripts from a CDN (blank offline); this one carries them (about 9 MB,
    // loaded on the first GET of the editor only).
    renderGraphiQL: async (options) =>
      (await import('@graphql-yoga/render-graphiql')).renderGraphiQL(options),
    landingPage: false,
    // The public API's middleware answers CORS for every route alike.
    cors: false,
    // Masking happens in publicErrorsPlugin, which also keeps the keys of deliberate errors.
    maskedErrors: false,
    logging: yogaLogger(log),
    plugins: [...limitsPlugin(limits), publicErrorsPlugin(log), parsedBodyPlugin],
    // bodyGuard below refuses a body over `maxBodyBytes` before yoga runs, with or without a length; yoga's own
    // limit (25 MB) wrapped every body in a TransformStream.
    maxRequestBodySize: false,
  });

  const app = new Hono<GraphqlEnv>();
  const tooLarge = (c: Context) => failure(c, new AppError('graphql.request.tooLarge'), log);
  app.all('/graphql', bodyGuard(tooLarge), async (c) => {
    const space = c.get('space');
    const requestId = c.get('requestId' as never) as string | undefined;
    let schema: Awaited<ReturnType<typeof schemaOf>>;
    try {
      schema = await schemaOf(space.id);
    } catch (err) {
      return failure(c, err, log);
    }
    const origin = requestOrigin(c.req.url, {
      host: c.req.header('host'),
      forwardedProto: c.req.header('x-forwarded-proto'),
    });
    const preview = c.get('preview') !== undefined;
    const run = async ({ request, body }: YogaInput, tags: TagSink) => {
      const reads = requestReads({
        reader: deps.reader,
        spaceId: space.id,
        defaultLocale: space.defaultLocale,
        tags,
        origin,
        ...(preview ? { drafts: 'all' as const } : {}),
      });
      const context: GraphqlServerContext = {
        space,
        reader: deps.reader,
        reads,
        origin,
        requestId,
        ...schema,
        ...(body ? { operationBody: body } : {}),
      };
      return yoga.fetch(request, context);
    };
    const operation = await operationParams(c);
    const { request } = operation;
    // A preview reads drafts: run for this request only, never kept with the published answers.
    if (preview) return uncached(c, await run(request(), noTags), 'private, no-store');
    const key = responseKey({
      spaceId: space.id,
      schemaVersion: schema.schemaVersion,
      origin,
      settings,
      accept: c.req.header('accept') ?? '',
      operation,
    });
    if (!key) return uncached(c, await run(request(), noTags));
    const answer = await cachedAnswer({
      cache: deps.cache,
      key,
      ttlSeconds: ttl,
      run: (tags) => run(request(), tags),
    });
    if (!('cached' in answer)) return uncached(c, answer.fresh);
    replayableWhileKept(c, deps.cache, key, answer.cached);
    return send(c, answer.cached, ttl);
  });
  return app;
}

/**
 * Yoga takes the JSON body the route has read and parsed already (operation-params.ts, `YogaInput`) as the
 * request's parameters. It runs after yoga's own parsers, so it replaces the one that would read the body again.
 */
const parsedBodyPlugin: Plugin<GraphqlServerContext> = {
  onRequestParse({ serverContext, setRequestParser }) {
    const body = (serverContext as Partial<GraphqlServerContext> | undefined)?.operationBody;
    if (body) setRequestParser(() => body);
  },
};

/**
 * Hono's bodyLimit reads `raw.body`, which makes @hono/node-server build a full web Request around a stream
 * for every POST (a large share of a cached answer's cost) instead of reading the body directly. With a
 * `Content-Length` and no `Transfer-Encoding` bodyLimit decides by the length alone, so that case is decided
 * here the same way; GET and HEAD carry no body (bodyLimit lets them through); anything else goes to it.
 */
function bodyGuard(tooLarge: (c: Context) => Response): MiddlewareHandler {
  const limit = bodyLimit({ maxSize: maxBodyBytes, onError: tooLarge });
  return (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined)
      return Number.parseInt(length || '0', 10) > maxBodyBytes ? Promise.resolve(tooLarge(c)) : next();
    return limit(c, next);
  };
}

/**
 * Lets the fast path in front of Hono (core/http/fast-answers.ts, which reads a small POST's body into its key)
 * replay this answer while the tagged cache still holds this very entry: any purge of its tags, a registry
 * reload included, ends the replays. A cache without `peek` is never replayed.
 */
function replayableWhileKept(c: Context, cache: TaggedCache, key: string, kept: CachedAnswer): void {
  const still = stillHeld(cache, key, kept);
  if (!still) return;
  dependOn(c, still);
  replayable(c);
}

/** GraphQL answers differ by media type (`Accept`) and go out compressed when the client takes it. */
const VARY = 'Accept, Accept-Encoding';

/** A kept GraphQL answer as sent: its text encoded once per entry, its media type. */
const sentAs = (answer: CachedAnswer): KeptAnswer => ({
  status: 200,
  etag: answer.etag,
  contentType: answer.contentType,
  vary: VARY,
  bytes: utf8Bytes(answer.body),
});

/**
 * A kept answer with the delivery caching headers, or 304 to a GET whose `If-None-Match` names it. Its encoded
 * bytes and their brotli or gzip forms are made once per entry, on the first request that needs each.
 */
const send = (c: Context, answer: CachedAnswer, ttl: number): Response =>
  sendKept(c, answer, sentAs, ttl, c.req.method === 'GET');

/**
 * An answer that is not kept (errors, refusals, GraphiQL, previews), `no-store` or as given. A JSON one is
 * compressed per request at the cheap levels when the client takes it and its size is worth it (core/http/
 * content-coding.ts `onTheFly`); anything else (GraphiQL's page, development only) goes out as it is.
 */
async function uncached(c: Context, response: Response, cacheControl = 'no-store'): Promise<Response> {
  const headers = new Headers(response.headers);
  headers.set('Cache-Control', cacheControl);
  headers.set('Vary', VARY);
  const bytes = utf8Bytes(await response.text());
  const json = /json/i.test(headers.get('content-type') ?? '');
  const form = json ? onTheFly(bytes, c.req.header('accept-encoding')) : { bytes, coding: undefined };
  if (form.coding) {
    headers.set('Content-Encoding', form.coding);
    headers.delete('Content-Length');
  }
  return c.body(form.bytes, { status: response.status as 200, headers });
}

/** A failure before GraphQL runs, as a GraphQL answer; unexpected ones are logged with the request id. */
function failure(c: Context, err: unknown, log: Logger): Response {
  const answer = failureAnswer(err);
  if (answer.status >= 500)
    log.error({ err, requestId: c.get('requestId' as never) }, 'GraphQL request failed');
  return c.json(answer.body, answer.status as 500, { 'Cache-Control': 'no-store' });
}
