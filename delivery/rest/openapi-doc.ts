import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Env } from 'hono';
import { fieldValueSchemas } from './schemas.ts';

/**
 * The OpenAPI 3.1 document of every route registered on `app`, generated from the same definitions that
 * route and validate requests, plus the schemas of field values (links, blocks …) that clients type fields with.
 */
export function openApiDocument<E extends Env>(app: OpenAPIHono<E>): Record<string, unknown> {
  for (const [name, schema] of Object.entries(fieldValueSchemas)) {
    if (!app.openAPIRegistry.definitions.some((d) => d.type === 'schema' && d.schema === schema)) {
      app.openAPIRegistry.register(name, schema);
    }
  }
  return app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'Verso delivery API',
      version: '1',
      description:
        'Published content of one space, read-only and anonymous. Errors answer `{ error: { key, kind, status, message, details } }`. Answers carry a weak ETag and `Cache-Control: public, max-age=0, s-maxage=<ttl>, stale-while-revalidate=<ttl × 10>`; `If-None-Match` answers 304.',
    },
  }) as unknown as Record<string, unknown>;
}
