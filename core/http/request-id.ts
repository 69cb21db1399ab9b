import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

const SANE = /^[A-Za-z0-9._-]{8,128}$/;

/** The id of a request: the caller's own `X-Request-Id` if sane, else a new one (the fast path uses it too). */
export function requestIdFor(given: string | undefined): string {
  return given && SANE.test(given) ? given : randomUUID();
}

/** Every answer carries `X-Request-Id` (a caller's own, if sane), which the logs name too. */
export const requestId = (): MiddlewareHandler => async (c, next) => {
  const id = requestIdFor(c.req.header('x-request-id'));
  c.set('requestId' as never, id as never);
  c.header('X-Request-Id', id);
  await next();
};
