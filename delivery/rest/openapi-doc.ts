import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Env } from 'hono';

/**
 * The OpenAPI 3.1 document of every route registered on `app`, generated from the same definitions that
 * route and validate requests, plus the schemas of field values (links, blocks …) that clients type fields with.
 */
export function openApiDocument<E extends Env>(app: OpenAPIHono<E>): Record<string, unknown> {
  return app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'Verso delivery API',
      version: '1',
      license: { name: 'MIT', url: 'https://opensource.org/license/mit' },
      description:
        'Published content of one space, read-only and anonymous. Errors answer `{ error: { key, kind, status, message, details } }`. Answers carry a weak ETag and `Cache-Control: public, max-age=0, s-maxage=<ttl>, stale-while-revalidate=<ttl × 10>`; `If-None-Match` answers 304. With `Authorization: Bearer <preview token>` the `/v1` routes read drafts instead (`private, no-store`, no ETag).',
    },
    // The document describes whichever host serves it: relative to that host, as a browser resolves it.
    servers: [{ url: '/', description: 'The host that served this document.' }],
    // Anonymous by default (declared, so that clients and linters need not guess); the `/v1` routes also take
    // an optional preview token (routes.ts).
    security: [],
  }) as unknown as Record<string, unknown>;
}
