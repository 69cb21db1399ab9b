import { Hono } from 'hono';
import type { Db } from '../db/types.ts';
import { AppError } from '../errors/app-error.ts';
import { errorResponse } from '../http/error-handler.ts';
import type { Logger } from '../log.ts';
import { writeAudit } from '../rpc/audit.ts';
import { bearerPrincipal } from '../rpc/bearer.ts';
import { holds } from '../rpc/permissions.ts';
import { reloadRegistry } from './reload.ts';

/**
 * `POST /api/v1/contentTypes/reload` (management): bumps the schema version and passes the reload to every
 * process on the database, this one included (see `watchRegistry`). Needs `registry:reload`.
 */
export function registryRoutes(args: { db: Db; log: Logger }): Hono {
  const app = new Hono();
  app.onError((err, c) => errorResponse(c, err, args.log));
  app.post('/api/v1/contentTypes/reload', async (c) => {
    const principal = await bearerPrincipal(c, args.db);
    if (!holds(principal, 'registry:reload')) {
      throw new AppError('auth.forbidden', { message: 'The API key lacks the permission registry:reload.' });
    }
    const schemaVersion = await reloadRegistry(args.db);
    await writeAudit(args.db, { principal, action: 'contentTypes.reload', details: { schemaVersion } });
    args.log.info({ schemaVersion }, 'content-type registry reloaded');
    return c.json({ schemaVersion }, 200, { 'Cache-Control': 'no-store' });
  });
  return app;
}
