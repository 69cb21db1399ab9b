import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context } from 'hono';
import { turnMark } from '../turn-now.ts';
import { requestIdFor } from './request-id.ts';

/**
 * Answers in front of Hono (the node:http level): a GET or HEAD whose exact key (method, raw URL and the
 * request headers the answer varies on) the slow path answered from a cached entry before is answered with
 * the bytes and headers the slow path wrote then, by `res.writeHead` + `res.end`: no Request/Response
 * objects, no middleware chain. Measured cost of a cached permalink: ~80 µs through Hono, ~32 µs bare. Replays
 * are sent together once the loop has read the turn's requests (`#queue`), not one by one while it reads.
 *
 * What stays per request, as the slow path makes it: `X-Request-Id` (the caller's own if sane, else new),
 * `RateLimit`/`RateLimit-Policy` (the request is counted by the same rule, space and client address;
 * a refusal goes through the slow path, which answers the 429 without counting again), `Date` (node), and
 * 304 when `If-None-Match` is exactly the ETag (any other validator goes through the slow path).
 *
 * Validity: an answer is replayed only while every check the slow path registered (`dependOn`) holds, e.g.
 * "the tagged cache's entry under this key is still the very value the answer was made from" and "the list
 * of spaces is still the one the request was resolved with". Purges drop front-layer entries synchronously
 * (here or, acknowledged, from other processes), so a purged or expired entry fails its check at once and
 * the request goes through the slow path, which records the new answer.
 *
 * Only what a handler marked `replayable` is recorded, only 200 and 304, only answers written at once (no
 * stream), never one that sets a cookie. Bounded: past `maxEntries` entries or `maxBytes` of bodies (a body
 * is shared with the cache's entry, but one purged stays here until replaced or evicted) the oldest go first.
 */

/** What the slow path learns about a candidate request while it runs (per request, on the node request). */
interface Slot {
  checks: Array<() => boolean>;
  replayable: boolean;
  /** Counts the request as the slow path's rate rule did (set by the rate-limit middleware). */
  count?: Count;
  /** A decision the fast path already made (a refusal handed to the slow path): not counted again. */
  decided?: CountDecision;
}

/** A rate decision, as the rate limiter gives it. */
export interface CountDecision {
  allowed: boolean;
  headers: Record<string, string>;
}

/** Counts a replay: at once when the count is in memory, else (Redis) through a Promise. */
type Count = (req: IncomingMessage) => CountDecision | Promise<CountDecision>;

interface Recipe {
  status: number;
  /** Flat [name, value, …] as the slow path wrote them; per-request values are filled in at `*At`. */
  headers: string[];
  requestIdAt: number;
  rateAt: number;
  policyAt: number;
  body: Uint8Array | undefined;
  etag: string | undefined;
  /** A POST's body: its key holds only the length and ends of the body, so a replay compares the whole. */
  postBody: Buffer | undefined;
  /** Body bytes, the key's length and a POST's body, for the byte bound. */
  bytes: number;
  checks: Array<() => boolean>;
  count: Count | undefined;
  /** Counts a replay of this recipe in the request metrics (its route kind and status, worked out once). */
  tally: ((seconds: number) => void) | undefined;
}

/** Where the replays of a recipe recorded from `url` with `status` are counted (core/metrics/). */
export type ReplaySinks = (url: string | undefined, status: number) => (seconds: number) => void;

interface Entry {
  ok?: Recipe;
  notModified?: Recipe;
}

export interface FastAnswersOptions {
  /** Request headers (lower case) an answer varies on, besides method and raw URL. */
  varyOn: readonly string[];
  /** Requests that must always take the slow path (e.g. those carrying a share cookie). */
  bypass?: (req: IncomingMessage) => boolean;
  /**
   * Paths (without query) whose POST is a read, e.g. `/graphql`: a small body (`Content-Length` at most
   * `maxPostBytes`, default 16 KiB) is read first and becomes part of the key, with `Content-Type` and
   * `Accept`; the slow path gets it as `rawBody`, which @hono/node-server reads instead of the stream.
   */
  postPaths?: readonly string[];
  maxPostBytes?: number;
  maxEntries?: number;
  /** Body bytes kept at most (default 64 MB). */
  maxBytes?: number;
  /** Told of each candidate request: replayed (true) or sent to the slow path (false). Metrics. */
  onLookup?: (hit: boolean) => void;
}

const slots = new WeakMap<object, Slot>();

const MAX_URL = 2048;
const MAX_HEADER = 512;

function slotOf(c: Context): Slot | undefined {
  const env = c.env as { incoming?: object; server?: { incoming?: object } } | undefined;
  const incoming = (env?.server ?? env)?.incoming;
  return incoming ? slots.get(incoming) : undefined;
}

/** The answer of this request may be replayed by the fast path while `check` holds (and every other one). */
export function dependOn(c: Context, check: () => boolean): void {
  slotOf(c)?.checks.push(check);
}

/** Marks the answer of this request as one the fast path may replay (a cached answer, nothing per visitor). */
export function replayable(c: Context): void {
  const slot = slotOf(c);
  if (slot) slot.replayable = true;
}

/**
 * For the rate-limit middleware: a decision the fast path made for this request already (then it must not
 * count again), and where to leave how to count a replay of it.
 */
export function rateSlot(c: Context): { decided?: CountDecision; setCount(count: Count): void } | undefined {
  const slot = slotOf(c);
  if (!slot) return undefined;
  return {
    ...(slot.decided ? { decided: slot.decided } : {}),
    setCount: (count) => {
      slot.count = count;
    },
  };
}

/**
 * Whether a request may be answered or recorded at all: a plain GET or HEAD without a body, credentials or a
 * range (a replay is always the whole answer), or a small POST to one of `postPaths` (`'post'`).
 */
function candidate(
  req: IncomingMessage,
  postPaths: readonly string[] | undefined,
  maxPostBytes: number,
): boolean | 'post' {
  const method = req.method;
  const post = method === 'POST' && postPaths !== undefined;
  if (method !== 'GET' && method !== 'HEAD' && !post) return false;
  const url = req.url;
  if (!url || url.length > MAX_URL || url.charCodeAt(0) !== 47 /* / */) return false;
  const h = req.headers;
  if (h.authorization !== undefined || h['transfer-encoding'] !== undefined || h.range !== undefined)
    return false;
  const length = h['content-length'];
  if (!post) return length === undefined || length === '0';
  const query = url.indexOf('?');
  if (!postPaths.includes(query < 0 ? url : url.slice(0, query))) return false;
  if (length === undefined || !/^\d{1,9}$/.test(length) || Number(length) > maxPostBytes) return false;
  return 'post';
}

const EMPTY = Buffer.alloc(0);

/**
 * Runs `each` on the items pushed during one turn of the loop, all of them in its check phase (one immediate for
 * the turn). An item whose `each` throws goes to `failed` (its connection cannot be answered); the others still run.
 */
function checkPhaseQueue<T>(each: (item: T) => void, failed: (item: T) => void): (item: T) => void {
  let items: T[] = [];
  const flush = () => {
    const taken = items;
    items = [];
    for (const item of taken) {
      try {
        each(item);
      } catch {
        failed(item);
      }
    }
  };
  return (item) => {
    if (items.length === 0) setImmediate(flush);
    items.push(item);
  };
}

/** A POST whose body the fast path reads before answering. */
interface Posted {
  req: IncomingMessage;
  res: ServerResponse;
  slow: (req: IncomingMessage, res: ServerResponse) => unknown;
}

/** The body the fast path read for a POST (handed to the slow path as `rawBody`). */
const rawBodyOf = (req: IncomingMessage) => (req as IncomingMessage & { rawBody?: Buffer }).rawBody;

/**
 * A POST body's part of its key: its length and a fingerprint of its first and last 48 bytes, where a GraphQL
 * body's operation name and variables usually differ. Building and hashing a key with the whole 1.5 KB body took
 * 2.6 µs of a GraphQL replay's 34, and the ends as text (two `latin1` slices in the key) 0.4 µs of profiled time;
 * the replay compares the whole body with the recorded one (a memcmp), so two bodies that share a fingerprint
 * only take turns being replayed.
 */
function bodyKey(body: Buffer): string {
  const length = body.length;
  let h = 0x811c9dc5;
  // FNV-1a over 32-bit words of both ends (the middle of a short body twice, which does no harm).
  const words = Math.min(12, length >>> 2);
  for (let i = 0; i < words; i++) h = Math.imul(h ^ body.readUInt32LE(i * 4), 0x01000193);
  for (let i = 1; i <= words; i++) h = Math.imul(h ^ body.readUInt32LE(length - i * 4), 0x01000193);
  // A body shorter than a word: its bytes.
  if (words === 0) for (let i = 0; i < length; i++) h = Math.imul(h ^ body[i]!, 0x01000193);
  return `${length}:${h >>> 0}`;
}

/** The body of a small POST, read whole as it streams; undefined when the stream fails. */
function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', () => resolve(undefined));
    // A client gone before the end: nothing more will come (after `end` this changes nothing).
    req.on('close', () => resolve(undefined));
  });
}

export class FastAnswers {
  readonly #entries = new Map<string, Entry>();
  readonly #varyOn: readonly string[];
  readonly #bypass: ((req: IncomingMessage) => boolean) | undefined;
  readonly #onLookup: ((hit: boolean) => void) | undefined;
  readonly #max: number;
  readonly #maxBytes: number;
  readonly #postPaths: readonly string[] | undefined;
  readonly #maxPostBytes: number;
  #bytes = 0;
  #sinks: ReplaySinks | undefined;
  /** Answers given by the fast path (tests and diagnostics). */
  hits = 0;

  constructor(options: FastAnswersOptions) {
    this.#varyOn = options.varyOn;
    this.#bypass = options.bypass;
    this.#onLookup = options.onLookup;
    this.#max = options.maxEntries ?? 10_000;
    this.#maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.#postPaths = options.postPaths;
    this.#maxPostBytes = options.maxPostBytes ?? 16 * 1024;
  }

  get size(): number {
    return this.#entries.size;
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }

  #drop(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#bytes -= (entry.ok?.bytes ?? 0) + (entry.notModified?.bytes ?? 0);
    this.#entries.delete(key);
  }

  /**
   * The request listener: the fast answer when there is one, else `slow` (the Hono listener, which counts its
   * own answers), recording. A replay is counted in `sinks` when it is sent, with the time from its request.
   */
  listener(slow: (req: IncomingMessage, res: ServerResponse) => unknown, sinks?: ReplaySinks) {
    this.#sinks = sinks;
    return (req: IncomingMessage, res: ServerResponse): void => {
      const kind = candidate(req, this.#postPaths, this.#maxPostBytes);
      if (!kind || this.#bypass?.(req)) slow(req, res);
      else if (kind === 'post') this.#takeBody({ req, res, slow });
      else {
        const key = this.#keyOf(req);
        if (key === undefined) slow(req, res);
        else this.#answer(key, req, res, slow, false);
      }
    };
  }

  /**
   * The body of a small POST (its length is known and bounded), then its answer. A body that came in the packets
   * of its headers is whole once the parser is done with them (by the loop's check phase; the next tick comes
   * between the parser's callbacks), in the request's buffer: taken from there in one `read`, without the
   * listeners, flowing mode and Promise of reading it as a stream. One still on its way is read as it streams.
   * No closure per request: tsx names each one it makes (`__name`, a property definition), 2 % of a replay.
   */
  readonly #takeBody = checkPhaseQueue<Posted>(
    (posted) => {
      const { req } = posted;
      if (!req.complete) {
        readBody(req).then((body) => this.#posted(posted, body));
        return;
      }
      const body: unknown = req.read();
      this.#posted(posted, body === null ? EMPTY : Buffer.isBuffer(body) ? body : undefined);
    },
    ({ req }) => req.destroy(),
  );

  /** A POST whose body was read (undefined: the stream failed): replayed, or the slow path with it as `rawBody`. */
  #posted({ req, res, slow }: Posted, body: Buffer | undefined): void {
    if (body === undefined) {
      res.destroy();
      return;
    }
    (req as IncomingMessage & { rawBody?: Buffer }).rawBody = body;
    const key = this.#keyOf(req);
    const { accept, 'content-type': type } = req.headers;
    // A POST is never answered 304 (only GET compares validators): any validator takes the slow path.
    if (key === undefined || req.headers['if-none-match'] !== undefined) slow(req, res);
    else this.#answer(`${key}\n${accept ?? ''}\n${type ?? ''}\n${bodyKey(body)}`, req, res, slow, true);
  }

  /**
   * Sends a replay once the loop has read what the sockets brought in this turn (the check phase), with the
   * others of the turn, instead of in the middle of reading. Under load the answers then leave together: a
   * permalink replay took 38.5 -> 33.7 µs of CPU per request and answered 14 % more requests a second (wrk, 10
   * connections, 6 interleaved rounds). One request alone waits only for the end of the poll phase it came in.
   */
  readonly #queue = checkPhaseQueue<{
    recipe: Recipe;
    req: IncomingMessage;
    res: ServerResponse;
    rate: Record<string, string> | undefined;
    started: number;
  }>(
    ({ recipe, req, res, rate, started }) => this.#send(recipe, req, res, rate, started),
    ({ res }) => res.destroy(),
  );

  /**
   * The answer to a candidate request: a replay (sent at once when `now`, else queued) or the slow path,
   * recording.
   */
  #answer(
    key: string,
    req: IncomingMessage,
    res: ServerResponse,
    slow: (req: IncomingMessage, res: ServerResponse) => unknown,
    now: boolean,
  ): void {
    const entry = this.#entries.get(key);
    const inm = req.headers['if-none-match'];
    let recipe = entry && (inm === undefined ? entry.ok : entry.notModified);
    // Any validator but the exact ETag: the slow path compares it.
    if (recipe && inm !== undefined && inm !== recipe.etag) recipe = undefined;
    // Another body under the same key (same length and ends): the slow path answers it, and is kept instead.
    if (recipe?.postBody && !recipe.postBody.equals(rawBodyOf(req) ?? EMPTY)) recipe = undefined;
    if (recipe && !this.#valid(recipe)) {
      this.#forget(key, recipe);
      recipe = undefined;
    }
    if (!recipe) {
      this.#record(key, req, res, slow);
      return;
    }
    const started = this.#sinks ? turnMark() : 0;
    let rate: Record<string, string> | undefined;
    if (recipe.count) {
      let counted: CountDecision | Promise<CountDecision>;
      try {
        counted = recipe.count(req);
      } catch {
        this.#record(key, req, res, slow);
        return;
      }
      // A refusal, or (counting through a Promise) a purge meanwhile: the slow path answers, without counting again.
      if (counted instanceof Promise) {
        const waited = recipe;
        counted.then(
          (decision) => {
            if (!decision.allowed || !this.#valid(waited)) this.#record(key, req, res, slow, decision);
            else this.#send(waited, req, res, decision.headers, started);
          },
          () => this.#record(key, req, res, slow),
        );
        return;
      }
      if (!counted.allowed) {
        this.#record(key, req, res, slow, counted);
        return;
      }
      rate = counted.headers;
    }
    if (now) this.#send(recipe, req, res, rate, started);
    else this.#queue({ recipe, req, res, rate, started });
  }

  #keyOf(req: IncomingMessage): string | undefined {
    let key = `${req.method} ${req.url}`;
    for (const name of this.#varyOn) {
      const value = req.headers[name];
      if (value === undefined) key += '\n';
      else if (typeof value !== 'string' || value.length > MAX_HEADER) return undefined;
      else key += `\n${value}`;
    }
    return key;
  }

  #valid(recipe: Recipe): boolean {
    for (const check of recipe.checks) if (!check()) return false;
    return true;
  }

  #forget(key: string, recipe: Recipe): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    if (entry.ok !== recipe && entry.notModified !== recipe) return;
    this.#bytes -= recipe.bytes;
    if (entry.ok === recipe) entry.ok = undefined;
    if (entry.notModified === recipe) entry.notModified = undefined;
    if (!entry.ok && !entry.notModified) this.#entries.delete(key);
  }

  #send(
    recipe: Recipe,
    req: IncomingMessage,
    res: ServerResponse,
    rate: Record<string, string> | undefined,
    started: number,
  ): void {
    this.hits++;
    this.#onLookup?.(true);
    // Filled in place: `writeHead` turns the list into the head's text before it returns.
    const headers = recipe.headers;
    if (recipe.requestIdAt >= 0) {
      const given = req.headers['x-request-id'];
      headers[recipe.requestIdAt] = requestIdFor(typeof given === 'string' ? given : undefined);
    }
    if (rate) {
      if (recipe.rateAt >= 0) headers[recipe.rateAt] = rate.RateLimit ?? '';
      if (recipe.policyAt >= 0) headers[recipe.policyAt] = rate['RateLimit-Policy'] ?? '';
    }
    res.writeHead(recipe.status, headers);
    if (recipe.body === undefined) res.end();
    else res.end(recipe.body);
    recipe.tally?.((turnMark() - started) / 1000);
  }

  /** The slow path, watched: what it writes becomes the recipe of `key` if its handler allowed it. */
  #record(
    key: string,
    req: IncomingMessage,
    res: ServerResponse,
    slow: (req: IncomingMessage, res: ServerResponse) => unknown,
    decided?: CountDecision,
  ): void {
    this.#onLookup?.(false);
    const slot: Slot = { checks: [], replayable: false, ...(decided ? { decided } : {}) };
    slots.set(req, slot);
    let status = 0;
    let written: unknown;
    let streamed = false;
    let contentLength: number | undefined;
    const writeHead = res.writeHead as (...a: unknown[]) => ServerResponse;
    const write = res.write as (...a: unknown[]) => boolean;
    const end = res.end as (...a: unknown[]) => ServerResponse;
    const own = res as unknown as Record<string, unknown>;
    own.writeHead = (code: number, ...rest: unknown[]) => {
      status = code;
      const last = rest[rest.length - 1];
      written = typeof last === 'object' ? last : undefined;
      // Set before `writeHead` when the slow path let node write the length.
      const length = own._contentLength;
      if (typeof length === 'number') contentLength = length;
      return writeHead.call(res, code, ...rest);
    };
    own.write = (...args: unknown[]) => {
      streamed = true;
      return write.apply(res, args);
    };
    own.end = (...args: unknown[]) => {
      const chunk = typeof args[0] === 'function' ? undefined : args[0];
      const result = end.apply(res, args);
      delete own.writeHead;
      delete own.write;
      delete own.end;
      if (!streamed && slot.replayable && slot.checks.length > 0)
        this.#keep(key, req, slot, status, written, chunk, contentLength);
      return result;
    };
    slow(req, res);
  }

  #keep(
    key: string,
    req: IncomingMessage,
    slot: Slot,
    status: number,
    written: unknown,
    chunk: unknown,
    contentLength: number | undefined,
  ): void {
    if (status !== 200 && status !== 304) return;
    if (chunk !== undefined && typeof chunk !== 'string' && !(chunk instanceof Uint8Array)) return;
    const headers: string[] = [];
    let requestIdAt = -1;
    let rateAt = -1;
    let policyAt = -1;
    let etag: string | undefined;
    let hasLength = false;
    const add = (name: string, value: unknown): boolean => {
      if (typeof value === 'number') value = String(value);
      if (typeof value !== 'string') return false;
      const lower = name.toLowerCase();
      if (lower === 'set-cookie') return false;
      if (lower === 'x-request-id') requestIdAt = headers.length + 1;
      else if (lower === 'ratelimit') rateAt = headers.length + 1;
      else if (lower === 'ratelimit-policy') policyAt = headers.length + 1;
      else if (lower === 'etag') etag = value;
      else if (lower === 'content-length') hasLength = true;
      headers.push(name, value);
      return true;
    };
    if (Array.isArray(written)) {
      for (let i = 0; i + 1 < written.length; i += 2) if (!add(String(written[i]), written[i + 1])) return;
    } else if (written && typeof written === 'object') {
      for (const [name, value] of Object.entries(written)) if (!add(name, value)) return;
    }
    // The slow path let node write the length (set before `writeHead`): the replay says it itself.
    if (!hasLength && contentLength !== undefined) headers.push('Content-Length', String(contentLength));
    if (etag === undefined) return;
    // A rate rule counted the slow request: its replay must count too, and carry the headers.
    if ((rateAt >= 0 || policyAt >= 0) && !slot.count) return;
    // Kept as bytes: a string body would be encoded again on every replay.
    const sent =
      req.method === 'HEAD' || status === 304 ? undefined : (chunk as Uint8Array | string | undefined);
    // A Buffer (a view of the same bytes, not a copy): node turns any other Uint8Array into one on every write.
    const body =
      typeof sent === 'string'
        ? Buffer.from(sent)
        : sent && !Buffer.isBuffer(sent)
          ? Buffer.from(sent.buffer, sent.byteOffset, sent.byteLength)
          : sent;
    const postBody = req.method === 'POST' ? rawBodyOf(req) : undefined;
    const recipe: Recipe = {
      status,
      headers,
      requestIdAt,
      rateAt,
      policyAt,
      body,
      postBody,
      bytes: key.length + (body?.byteLength ?? 0) + (postBody?.byteLength ?? 0),
      etag,
      checks: slot.checks,
      count: slot.count,
      tally: this.#sinks?.(req.url, status),
    };
    const entry = this.#entries.get(key) ?? {};
    const replaced = status === 304 ? entry.notModified : entry.ok;
    if (status === 304) entry.notModified = recipe;
    else entry.ok = recipe;
    this.#bytes += recipe.bytes - (replaced?.bytes ?? 0);
    // Most recently recorded last: eviction takes the oldest first.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    while (this.#entries.size > this.#max || (this.#bytes > this.#maxBytes && this.#entries.size > 1)) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#drop(oldest);
    }
  }
}

/** The fast answers a built app is served with (cli/app.ts installs them, `listen` uses them). */
const installed = new WeakMap<object, FastAnswers>();

export function installFastAnswers(app: object, options: FastAnswersOptions): FastAnswers {
  const fast = new FastAnswers(options);
  installed.set(app, fast);
  return fast;
}

export function fastAnswersOf(app: object): FastAnswers | undefined {
  return installed.get(app);
}
