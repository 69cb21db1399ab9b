import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

/** Every answer carries `X-Request-Id` (a caller's own, if sane), which the logs name too. */
export const requestId = (): MiddlewareHandler => async (c, next) => {
  const given = c.req.header('x-request-id');
  const id = given && /^[A-Za-z0-9._-]{8,128}$/.test(given) ? given : randomUUID();
  c.set('requestId' as never, id as never);
  c.header('X-Request-Id', id);
  await next();
};
