import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode, StatusCode } from 'hono/utils/http-status';

/** The headers of every site-process response (delivery-and-site.md, "Response headers of the site process"). */
export const EVERY_RESPONSE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'cross-origin',
} as const;

const EVERY = Object.entries(EVERY_RESPONSE_HEADERS);

/**
 * Sets the every-response headers after the handler ran, so no route can forget them: each one an answer
 * lacks (media answers set `nosniff` themselves, and must still get the others). The site's own answers
 * (`respond`) carry them all already.
 */
export const securityHeaders = (): MiddlewareHandler => async (c, next) => {
  await next();
  const headers = c.res.headers;
  for (const [name, value] of EVERY) if (!headers.has(name)) headers.set(name, value);
};

/** An answer of the site, with the every-response headers (and what the context prepared, such as the request id). */
export function respond(
  c: Context,
  body: string | null,
  status: number,
  headers: Record<string, string>,
): Response {
  const all = { ...EVERY_RESPONSE_HEADERS, ...headers };
  return body === null
    ? c.body(null, status as StatusCode, all)
    : c.body(body, status as ContentfulStatusCode, all);
}

/** Pages also refuse to be framed: `X-Frame-Options: DENY` with the page CSP. */
export function pageHeaders(csp: string): Record<string, string> {
  return {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': csp,
    'X-Frame-Options': 'DENY',
  };
}
