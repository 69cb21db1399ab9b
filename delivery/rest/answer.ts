import type { Context } from 'hono';
import type { TaggedCache, TagSink } from '../../core/cache/tagged-cache.ts';
import { AppError, toErrorBody } from '../../core/errors/app-error.ts';
import { onTheFly } from '../../core/http/content-coding.ts';
import { utf8Bytes } from '../../core/utf8-bytes.ts';
import { answerKey } from './cache-key.ts';
import { weakEtag } from './http-cache.ts';
import { type KeptAnswer, sendKept } from './kept-answer.ts';
import { MEMO_SLOT_VAR, type MemoSlot, type ResolvedAnswer } from './route-memo.ts';

/** A finished answer as the tagged cache keeps it: serialized, encoded and tagged once, sent many times. */
interface CachedAnswer {
  status: number;
  body: Uint8Array;
  etag: string | null;
}

const JSON_TYPE = 'application/json; charset=utf-8';
/** What an answer varies on besides its address (which holds the Host and protocol). */
const VARY = 'Accept-Encoding';

/** A REST answer as sent: JSON, varying on the encoding. */
const sentAs = (answer: CachedAnswer): KeptAnswer => ({
  status: answer.status,
  etag: answer.etag,
  contentType: JSON_TYPE,
  vary: VARY,
  bytes: answer.body as Uint8Array<ArrayBuffer>,
});

/**
 * A 200 with the delivery caching headers, or 304 when `If-None-Match` names the same bytes; brotli or gzip when
 * the client takes it. A cached "nothing here" (etag null) is `no-store`.
 */
const send = (c: Context, answer: CachedAnswer, ttlSeconds: number): Response =>
  sendKept(c, answer, sentAs, ttlSeconds, true);

export function jsonAnswer(value: unknown): CachedAnswer {
  const shared = sharedItems(value);
  if (shared) return listAnswer(shared.items, shared.rest);
  // Encoded once: the tag is the hash of the same bytes.
  const body = utf8Bytes(JSON.stringify(value));
  return { status: 200, body, etag: weakEtag(body) };
}

/**
 * Answers of lists whose items the reader gave again (a frozen array: delivery/reader/shape-memo.ts), by the
 * array and the JSON of the list's other members: serializing, encoding and hashing the same 25 documents was
 * a third of an uncached list's CPU (issue 14). The bytes are those of `JSON.stringify` of the whole value.
 */
const listAnswers = new WeakMap<readonly unknown[], Map<string, CachedAnswer>>();

function sharedItems(value: unknown): { items: readonly unknown[]; rest: string } | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  // Checked before the rest is copied: most answers (a document, an asset) are not such lists.
  const items = (value as { items?: unknown }).items;
  if (!Array.isArray(items) || !Object.isFrozen(items) || Object.keys(value)[0] !== 'items') return undefined;
  const { items: _, ...others } = value as { items: unknown };
  return { items, rest: JSON.stringify(others) };
}

function listAnswer(items: readonly unknown[], rest: string): CachedAnswer {
  let byRest = listAnswers.get(items);
  if (!byRest) {
    byRest = new Map();
    listAnswers.set(items, byRest);
  }
  let answer = byRest.get(rest);
  if (!answer) {
    const body = utf8Bytes(`{"items":${JSON.stringify(items)}${rest === '{}' ? '}' : `,${rest.slice(1)}`}`);
    answer = { status: 200, body, etag: weakEtag(body) };
    // The same items under another total (a document published past the page): the few latest are kept.
    if (byRest.size >= 8) byRest.delete(byRest.keys().next().value!);
    byRest.set(rest, answer);
  }
  return answer;
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
 * The resolution is recorded for the fast path of the same URL (route-memo.ts) once it answered.
 */
export async function cachedAnswer(c: Context, args: CachedArgs): Promise<Response> {
  const resolved: ResolvedAnswer = {
    cache: args.cache,
    ttlSeconds: args.ttlSeconds,
    key: answerKey({ spaceId: args.spaceId, origin: args.origin, route: args.route, params: args.params }),
    read: args.read,
  };
  const res = await resolvedAnswer(c, resolved);
  const slot = c.get(MEMO_SLOT_VAR as never) as MemoSlot | undefined;
  slot?.memo.set(slot.key, slot.snapshot, resolved);
  return res;
}

/** The answer of a resolved request: the tagged cache's entry (computed on a miss), sent with its headers. */
export async function resolvedAnswer(c: Context, resolved: ResolvedAnswer): Promise<Response> {
  const answer = await resolved.cache.getOrSet<CachedAnswer>(
    resolved.key,
    (tags) => answerOf(() => resolved.read(tags)),
    { ttlSeconds: resolved.ttlSeconds },
  );
  return send(c, answer, resolved.ttlSeconds);
}

/** A reader's value as an answer; "nothing here" (an AppError with status 404) as its error body. */
async function answerOf(read: () => Promise<unknown>): Promise<CachedAnswer> {
  try {
    return jsonAnswer(await read());
  } catch (err) {
    if (!(err instanceof AppError) || err.status !== 404) throw err;
    const body = toErrorBody(err);
    return { status: body.error.status, body: utf8Bytes(JSON.stringify(body)), etag: null };
  }
}

/**
 * A preview's answer (drafts): read for this request only, never kept in any cache, `private, no-store` and
 * without an ETag, so that nothing of it can stand in for a published answer or the other way round. Compressed
 * per request at the cheap levels (core/http/content-coding.ts `onTheFly`).
 */
export async function privateAnswer(c: Context, read: () => Promise<unknown>): Promise<Response> {
  const answer = await answerOf(read);
  const form = onTheFly(answer.body as Uint8Array<ArrayBuffer>, c.req.header('accept-encoding'));
  const headers: Record<string, string> = {
    'Content-Type': JSON_TYPE,
    'Cache-Control': 'private, no-store',
    Vary: VARY,
  };
  if (form.coding) headers['Content-Encoding'] = form.coding;
  return c.body(form.bytes, answer.status as 200, headers);
}

/** An answer computed without the database (the overview, the OpenAPI document), with the same headers. */
export function directAnswer(c: Context, answer: CachedAnswer, ttlSeconds: number): Response {
  return send(c, answer, ttlSeconds);
}
