import { Hono } from 'hono';
import type { TaggedCache } from '../cache/tagged-cache.ts';
import type { Db } from '../db/types.ts';
import { AppError } from '../errors/app-error.ts';
import { errorResponse } from '../http/error-handler.ts';
import type { Logger } from '../log.ts';
import type { MediaStorage } from '../media/storage.ts';
import type { Plugin } from '../plugins.ts';
import { writeAudit } from './audit.ts';
import { bearerPrincipal } from './bearer.ts';
import './errors.ts';
import { holds, mayUseSpace, type Permission } from './permissions.ts';
import type { AnyProcedure, AuditNotes, ProcedureContext, ProcedureInstance } from './procedure.ts';
import { findSpace } from './spaces.ts';
import { parseInput, readJsonBody } from './validation.ts';

export interface RpcRoutesArgs {
  db: Db;
  cache: TaggedCache;
  log: Logger;
  procedures: AnyProcedure[];
  /** The instance's plugins (their checks of written block values); none when left out. */
  plugins?: Plugin[];
  instance?: ProcedureInstance;
  /** Where original uploads live; without it `assets.delete` leaves files in place. */
  storage?: MediaStorage;
  /** The auth secret when the `auth` scope is on: the studio's session cookie then stands for a key. */
  sessionSecret?: () => string;
}

/**
 * `POST /rpc/<name>`: key → procedure → permission → input (zod) → space → run → audit. Every failure answers
 * the API's error body; the answer is the procedure's result as JSON.
 */
export function rpcRoutes(args: RpcRoutesArgs): Hono {
  const byName = new Map(args.procedures.map((p) => [p.name, p]));
  const app = new Hono();
  app.onError((err, c) => errorResponse(c, err, args.log));
  app.post('/rpc/:name', async (c) => {
    const principal = await bearerPrincipal(c, args.db, args.sessionSecret);
    const procedure = byName.get(c.req.param('name'));
    if (!procedure) throw new AppError('procedure.notFound');
    const require = (permission: Permission) => {
      if (!holds(principal, permission)) {
        throw new AppError('auth.forbidden', { message: `The API key lacks the permission ${permission}.` });
      }
    };
    require(procedure.permission);
    const input = parseInput(procedure.input, await readJsonBody(c));
    const space = await findSpace(args.db, input.space);
    if (!mayUseSpace(principal, space.id)) throw new AppError('auth.spaceForbidden');
    const audit: AuditNotes = {};
    const ctx: ProcedureContext = {
      db: args.db,
      cache: args.cache,
      log: args.log,
      principal,
      space,
      require,
      audit,
      plugins: args.plugins ?? [],
      ...(args.instance ? { instance: args.instance } : {}),
      ...(args.storage ? { storage: args.storage } : {}),
    };
    const result = await procedure.run(ctx, input);
    const { space: _named, ...rest } = input as Record<string, unknown>;
    await writeAudit(args.db, {
      principal,
      action: procedure.name,
      spaceId: space.id,
      target: audit.target ?? null,
      details: audit.details ?? rest,
    });
    return c.json(result ?? { ok: true }, 200, { 'Cache-Control': 'no-store' });
  });
  return app;
}
