import type { Context, MiddlewareHandler } from 'hono';
import { AppError, toErrorBody } from '../errors/app-error.ts';
import { rateSlot } from '../http/fast-answers.ts';
import { clientAddress, clientAddressOf } from '../net/client-address.ts';
import type { TrustedProxies } from '../net/trusted-proxies.ts';
import type { RateLimiter } from './rate-limiter.ts';
import type { RateRuleName } from './rules.ts';

export interface RateLimitMiddlewareArgs {
  limiter: RateLimiter;
  rule: RateRuleName;
  trustedProxies: TrustedProxies | undefined;
  /** The space the request is for, so that the space's overrides apply; undefined: the defaults. */
  spaceOf?: (c: Context) => Promise<string | undefined> | string | undefined;
  /** Requests not counted (health checks, hashed assets). */
  skip?: (c: Context) => boolean;
  /** Added to the 429 answer (e.g. the public API's CORS header, so browsers can read it). */
  refusalHeaders?: Record<string, string>;
}

/** The context variable holding the rate headers of a counted request, for CORS to expose them. */
export const RATE_HEADERS_VAR = 'rateLimitHeaders';

/** The rate headers a cross-origin answer exposes, after whatever the surface's CORS exposes already. */
export const RATE_EXPOSED = 'RateLimit, RateLimit-Policy';

interface NodeIncoming {
  socket?: { remoteAddress?: string };
  headers?: Record<string, string | string[] | undefined>;
}

/**
 * The client address of a node request, computed once per connection and forwarding headers: the address is
 * a pure function of the socket's peer (fixed for its life), those headers and `TRUSTED_PROXIES`, and parsing
 * addresses on every request of a keep-alive connection was a measurable part of a cached answer.
 */
export function incomingAddressOf(trusted: TrustedProxies | undefined): (incoming: NodeIncoming) => string {
  type Known = { cf: unknown; forwarded: unknown; real: unknown; address: string };
  const bySocket = new WeakMap<object, Known>();
  return (incoming) => {
    const h = incoming.headers ?? {};
    const socket = incoming.socket;
    const cf = h['cf-connecting-ip'];
    const forwarded = h['x-forwarded-for'];
    const real = h['x-real-ip'];
    const known = socket ? bySocket.get(socket) : undefined;
    // Compared one by one (a header repeated is a new array: computed again), with no string built per request.
    if (known && known.cf === cf && known.forwarded === forwarded && known.real === real)
      return known.address;
    const header = (name: string) => {
      const v = h[name];
      return Array.isArray(v) ? v.join(', ') : v;
    };
    const address = clientAddress({ socket: socket?.remoteAddress, header }, trusted);
    if (socket) bySocket.set(socket, { cf, forwarded, real, address });
    return address;
  };
}

/** The client address of a Hono request: by its node request when served by node, else by the context. */
function addressMemo(
  trusted: TrustedProxies | undefined,
  ofIncoming: (incoming: NodeIncoming) => string,
): (c: Context) => string {
  return (c) => {
    const env = c.env as { incoming?: NodeIncoming; server?: { incoming?: NodeIncoming } } | undefined;
    const incoming = (env?.server ?? env)?.incoming;
    if (!incoming?.socket || !incoming.headers || c.get('clientAddress' as never))
      return clientAddressOf(c, trusted);
    const address = ofIncoming(incoming);
    c.set('clientAddress' as never, address as never);
    return address;
  };
}

/** Clients refused lately, per rule, space and address, kept at most this many (the oldest out first). */
const MAX_REFUSED = 10_000;

/**
 * Counts each request per client address: over the limit it answers 429 `rateLimit.exceeded` with
 * `Retry-After`; every counted answer carries `RateLimit-Policy` and `RateLimit`.
 *
 * The headers are prepared before the route runs (`c.header`), so that an answer built by the context carries
 * them as written, with nothing copied onto it afterwards. A route answering with a Response of its own (GraphQL,
 * media, islands) does not get prepared headers: those answers are completed after `next()`, as before.
 *
 * Counted in Redis, the decision is a round trip away (0.4–0.5 ms here, in series before every uncached page
 * and read). A GET or HEAD, which changes nothing, runs meanwhile; refused, its answer is dropped for the 429.
 * A client refused lately waits for its decision first, so that over the limit it costs no work at all.
 */
export function rateLimit(args: RateLimitMiddlewareArgs): MiddlewareHandler {
  const ofIncoming = incomingAddressOf(args.trustedProxies);
  const addressOf = addressMemo(args.trustedProxies, ofIncoming);
  /** Until when a client was refused, by `spaceId address` (per middleware, so per rule). */
  const refusedUntil = new Map<string, number>();
  /** The 429, with `prepared`: the headers the context held before the route ran (`preparedHeaders`). */
  const refusal = (prepared: Headers, decision: { headers: Record<string, string> }) => {
    const set: Record<string, string> = {
      'Content-Type': 'application/json',
      ...decision.headers,
      ...args.refusalHeaders,
      'Cache-Control': 'no-store',
    };
    for (const name in set) prepared.set(name, set[name]!);
    return new Response(JSON.stringify(toErrorBody(new AppError('rateLimit.exceeded'))), {
      status: 429,
      headers: prepared,
    });
  };
  return async (c, next) => {
    if (args.skip?.(c)) return next();
    let spaceId: string | undefined;
    try {
      spaceId = await args.spaceOf?.(c);
    } catch {
      spaceId = undefined;
    }
    // A request the fast path counted already (and was refused) is not counted again.
    const slot = rateSlot(c);
    const address = addressOf(c);
    const counting = slot?.decided ?? args.limiter.consume(args.rule, address, { spaceId });
    // A replay of this answer by the fast path counts against the same rule, space and client address.
    const options = { spaceId };
    slot?.setCount((req) => args.limiter.consume(args.rule, ofIncoming(req), options));
    const client = `${spaceId ?? ''} ${address}`;
    if (counting instanceof Promise && readOnly(c.req.method)) {
      const until = refusedUntil.get(client);
      if (until === undefined || until <= Date.now()) {
        if (until !== undefined) refusedUntil.delete(client);
        const prepared = preparedHeaders(c);
        const ran = next().then(
          () => undefined,
          (err: unknown) => ({ err }),
        );
        const decision = await counting;
        const failed = await ran;
        if (!decision.allowed) {
          note(refusedUntil, client, decision.resetSeconds);
          // The route's answer is dropped whole: none of its headers (ETag, Cache-Control) may reach the 429.
          c.res = undefined;
          c.res = refusal(prepared, decision);
          return;
        }
        if (failed) throw failed.err;
        c.set(RATE_HEADERS_VAR as never, decision.headers as never);
        return completed(c, decision.headers);
      }
    }
    const decision = await counting;
    if (!decision.allowed) {
      if ('resetSeconds' in decision) note(refusedUntil, client, decision.resetSeconds);
      return refusal(preparedHeaders(c), decision);
    }
    const rate = decision.headers;
    for (const name in rate) c.header(name, rate[name]);
    c.set(RATE_HEADERS_VAR as never, rate as never);
    await next();
    completed(c, rate);
  };
}

const readOnly = (method: string) => method === 'GET' || method === 'HEAD';

/** Remembers a refused client until its window ends. */
function note(refusedUntil: Map<string, number>, client: string, resetSeconds: number): void {
  refusedUntil.delete(client);
  refusedUntil.set(client, Date.now() + resetSeconds * 1000);
  if (refusedUntil.size > MAX_REFUSED) refusedUntil.delete(refusedUntil.keys().next().value!);
}

/**
 * A copy of the headers the context holds for its answer so far (outer middleware's, such as `X-Request-Id`): the
 * route may prepare more into the same object.
 */
function preparedHeaders(c: Context): Headers {
  return new Headers(c.newResponse(null).headers);
}

/** The rate headers on the answer, unless the context prepared them on it already; exposed to browsers when cross-origin. */
function completed(c: Context, rate: Record<string, string>): void {
  const res = c.res;
  // A cross-origin answer exposes the rate headers, so that browser clients can pace themselves.
  const exposed = res.headers.get('Access-Control-Expose-Headers');
  const expose = !exposed?.includes('RateLimit') && res.headers.has('Access-Control-Allow-Origin');
  // Prepared headers reached the answer (the common case): leave it untouched.
  if (!expose && res.headers.get('RateLimit') === rate.RateLimit) return;
  const headers = { ...rate };
  if (expose) headers['Access-Control-Expose-Headers'] = [exposed, RATE_EXPOSED].filter(Boolean).join(', ');
  try {
    for (const [name, value] of Object.entries(headers)) res.headers.set(name, value);
  } catch {
    // Immutable headers (a fetched or redirect Response): copy the answer once.
    const copy = new Response(res.body, res);
    for (const [name, value] of Object.entries(headers)) copy.headers.set(name, value);
    c.res = copy;
  }
}
