import type { Context } from 'hono';
import type { TaggedCache, TagSink } from '../../core/cache/tagged-cache.ts';
import { AppError, toErrorBody } from '../../core/errors/app-error.ts';
import { answerKey } from './cache-key.ts';
import { etagMatches, publicCacheControl, weakEtag } from './http-cache.ts';

/** A finished answer as the tagged cache keeps it: serialized, encoded and tagged once, sent many times. */
interface CachedAnswer {
  status: number;
  body: Uint8Array;
  etag: string | null;
}

const encoder = new TextEncoder();

const jsonType = 'application/json; charset=utf-8';

/** A 200 with the delivery caching headers, or 304 when `If-None-Match` names the same bytes. */
function send(c: Context, answer: CachedAnswer, ttlSeconds: number): Response {
  if (answer.etag === null) {
    return c.body(answer.body as Uint8Array<ArrayBuffer>, answer.status as 404, {
      'Content-Type': jsonType,
      'Cache-Control': 'no-store',
    });
  }
  const headers = { ETag: answer.etag, 'Cache-Control': publicCacheControl(ttlSeconds) };
  if (etagMatches(c.req.header('if-none-match'), answer.etag)) return c.body(null, 304, headers);
  return c.body(answer.body as Uint8Array<ArrayBuffer>, 200, { ...headers, 'Content-Type': jsonType });
}

export function jsonAnswer(value: unknown): CachedAnswer {
  const text = JSON.stringify(value);
  return { status: 200, body: encoder.encode(text), etag: weakEtag(text) };
}

export interface CachedArgs {
  cache: TaggedCache;
  ttlSeconds: number;
  spaceId: string;
  origin: string;
  /** The route's name and its parsed parameters: together with space and origin, the cache key. */
  route: string;
  params: Record<string, unknown>;
  /** Reads the answer, recording into `tags` what it touched; throws an AppError for "nothing here". */
  read(tags: TagSink): Promise<unknown>;
}

/**
 * A reader answer through the tagged cache: a repeated request is served from memory without touching the
 * database, until a purge of one of the tags the reader recorded (or the TTL). "Nothing here" (404) answers
 * are cached the same way, tagged so that a publish makes the content appear; errors are sent `no-store`.
 */
export async function cachedAnswer(c: Context, args: CachedArgs): Promise<Response> {
  const key = answerKey({
    spaceId: args.spaceId,
    origin: args.origin,
    route: args.route,
    params: args.params,
  });
  const answer = await args.cache.getOrSet<CachedAnswer>(
    key,
    async (tags) => {
      try {
        return jsonAnswer(await args.read(tags));
      } catch (err) {
        if (!(err instanceof AppError) || err.status !== 404) throw err;
        const body = toErrorBody(err);
        return { status: body.error.status, body: encoder.encode(JSON.stringify(body)), etag: null };
      }
    },
    { ttlSeconds: args.ttlSeconds },
  );
  return send(c, answer, args.ttlSeconds);
}

/** An answer computed without the database (the overview, the OpenAPI document), with the same headers. */
export function directAnswer(c: Context, answer: CachedAnswer, ttlSeconds: number): Response {
  return send(c, answer, ttlSeconds);
}
