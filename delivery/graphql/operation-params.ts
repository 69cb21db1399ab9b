import type { Context } from 'hono';

/** What identifies an operation for the answer cache (GraphQL-over-HTTP request parameters). */
export interface OperationParams {
  query: string;
  variables: unknown;
  operationName: string | undefined;
}

/** What `operationParams` reads from a request. */
export interface OperationRequest {
  /**
   * The method and the text the parameters are read from (a `POST`'s JSON body, a `GET`'s query string):
   * equal sources give equal parameters, so what is derived from them can be remembered by it.
   */
  source?: string;
  /** The parameters, parsed on first use; undefined when the request carries none (left to yoga). */
  params(): OperationParams | undefined;
  /** The request for yoga (made only when GraphQL runs). */
  request(): YogaInput;
}

/**
 * What yoga is handed: the request, and for a JSON `POST` whose body is an operation, that body parsed (`body`,
 * yoga's own copy) with a request that carries no body. Yoga takes the parsed body as it is (graphql-route.ts,
 * `parsedBodyPlugin`) instead of reading a web stream of the text this route has already read: that stream and the
 * TransformStream yoga's size limit wrapped around it took about 12 % of an uncached query (docs/performance.md).
 */
export interface YogaInput {
  request: Request;
  body?: object;
}

/**
 * The parameters of a `GET` (`?query=&variables=&operationName=`) or a JSON `POST`, read once so the answer
 * cache can key on them. Anything else (other media types, malformed JSON, no query) is left entirely to yoga
 * and never cached: `params()` is undefined. Parsing waits until `params()` is asked for: a repeated query
 * whose cache key is remembered by its source is never parsed.
 */
export async function operationParams(c: Context): Promise<OperationRequest> {
  const raw = c.req.raw;
  const same = () => ({ request: raw });
  if (raw.method === 'GET') {
    const url = new URL(raw.url);
    return { source: `GET ${url.search}`, params: once(() => getParams(url)), request: same };
  }
  const type = raw.headers.get('content-type') ?? '';
  if (raw.method !== 'POST' || !/^application\/json\b/i.test(type))
    return { params: () => undefined, request: same };
  const text = await c.req.text();
  const params = once(() => postParams(text));
  // Any other body (not an operation: malformed, not an object, no query) is yoga's to read and refuse.
  const request = (): YogaInput =>
    params() === undefined
      ? { request: new Request(raw.url, { method: 'POST', headers: raw.headers, body: text }) }
      : {
          request: new Request(raw.url, { method: 'POST', headers: raw.headers }),
          body: JSON.parse(text) as object,
        };
  return { source: `POST ${text}`, params, request };
}

const once = <T>(f: () => T) => {
  let done = false;
  let value: T;
  return () => {
    if (!done) {
      value = f();
      done = true;
    }
    return value;
  };
};

function getParams(url: URL): OperationParams | undefined {
  const query = url.searchParams.get('query');
  if (query === null) return undefined;
  const variables = url.searchParams.get('variables');
  let parsed: unknown;
  try {
    parsed = variables ? JSON.parse(variables) : undefined;
  } catch {
    return undefined;
  }
  const operationName = url.searchParams.get('operationName') ?? undefined;
  return { query, variables: parsed, operationName };
}

function postParams(text: string): OperationParams | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const { query, variables, operationName } = body as Record<string, unknown>;
  if (typeof query !== 'string') return undefined;
  return {
    query,
    variables,
    operationName: typeof operationName === 'string' ? operationName : undefined,
  };
}
