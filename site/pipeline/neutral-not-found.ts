import type { Context } from 'hono';
import { STRICT_PAGE_CSP } from '../headers/csp.ts';
import { pageHeaders, respond } from '../headers/security-headers.ts';

/**
 * The neutral 404 of an unknown host, an `external` space or a space being imported: it names
 * nothing (no space, no product), is never stored (a host may be added at any moment), and is the
 * same bytes for every such request.
 */
export const NEUTRAL_NOT_FOUND_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">' +
  '<link rel="icon" href="data:,"><title>Not found</title><style>body{font:1rem/1.5 system-ui,sans-serif;max-width:32rem;margin:20vh auto 0;padding:0 1.5rem;color:#1b1f27;background:#fff}h1{font-size:1.5rem}</style>' +
  '</head><body><main><h1>Not found</h1><p>There is nothing at this address.</p></main></body></html>';

export function neutralNotFound(c: Context): Response {
  return respond(c, NEUTRAL_NOT_FOUND_HTML, 404, {
    ...pageHeaders(STRICT_PAGE_CSP),
    'Cache-Control': 'no-store',
  });
}
