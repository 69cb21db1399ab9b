import type { Context } from 'hono';

/** What identifies an operation for the answer cache (GraphQL-over-HTTP request parameters). */
export interface OperationParams {
  query: string;
  variables: unknown;
  operationName: string | undefined;
}

/**
 * The parameters of a `GET` (`?query=&variables=&operationName=`) or a JSON `POST`, read once so the answer
 * cache can key on them; `request()` gives yoga a request with the same body (made only when GraphQL runs).
 * Anything else (other media types, malformed JSON, no query) is left entirely to yoga and never cached:
 * `params` is undefined.
 */
export async function operationParams(c: Context): Promise<{ params?: OperationParams; request(): Request }> {
  const raw = c.req.raw;
  const same = () => raw;
  if (raw.method === 'GET') {
    const url = new URL(raw.url);
    const query = url.searchParams.get('query');
    if (query === null) return { request: same };
    const variables = url.searchParams.get('variables');
    let parsed: unknown;
    try {
      parsed = variables ? JSON.parse(variables) : undefined;
    } catch {
      return { request: same };
    }
    const operationName = url.searchParams.get('operationName') ?? undefined;
    return { params: { query, variables: parsed, operationName }, request: same };
  }
  const type = raw.headers.get('content-type') ?? '';
  if (raw.method !== 'POST' || !/^application\/json\b/i.test(type)) return { request: same };
  const text = await c.req.text();
  const request = () => new Request(raw.url, { method: 'POST', headers: raw.headers, body: text });
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { request };
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { request };
  const { query, variables, operationName } = body as Record<string, unknown>;
  if (typeof query !== 'string') return { request };
  return {
    params: {
      query,
      variables,
      operationName: typeof operationName === 'string' ? operationName : undefined,
    },
    request,
  };
}
