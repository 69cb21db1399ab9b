import type { Context } from 'hono';
import { AppError, toErrorBody } from '../errors/app-error.ts';
import type { Logger } from '../log.ts';

/**
 * The edge of every JSON surface: an AppError answers its own key; anything else is logged with the request
 * id and answered as `internal.error`, with no internals.
 */
export function errorResponse(c: Context, err: unknown, log: Logger): Response {
  const body = toErrorBody(err);
  if (body.error.status >= 500 && !(err instanceof AppError && err.key !== 'internal.error')) {
    log.error({ err, requestId: c.get('requestId' as never), path: c.req.path }, 'request failed');
  }
  // A dependency that is down says when to come back (operations.md: 503 `unavailable`).
  const retry: Record<string, string> = body.error.status === 503 ? { 'Retry-After': '5' } : {};
  if (body.error.status === 503) {
    log.warn(
      { key: body.error.key, requestId: c.get('requestId' as never), path: c.req.path },
      'a dependency is unavailable',
    );
  }
  return c.json(body, body.error.status as 500, { 'Cache-Control': 'no-store', ...retry });
}
