import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiPrincipal } from '../auth/api-keys.ts';
import type { TaggedCache } from '../cache/tagged-cache.ts';
import type { Db } from '../db/types.ts';
import { AppError } from '../errors/app-error.ts';
import { errorResponse } from '../http/error-handler.ts';
import type { Logger } from '../log.ts';
import { clientAddressOf } from '../net/client-address.ts';
import { inRanges, type TrustedProxies } from '../net/trusted-proxies.ts';
import { rateRules } from '../rate-limit/rules.ts';
import { writeAudit } from '../rpc/audit.ts';
import { bearerPrincipal } from '../rpc/bearer.ts';
import '../rpc/errors.ts';
import { holds, mayUseSpace } from '../rpc/permissions.ts';
import { findSpace, type SpaceRef } from '../rpc/spaces.ts';
import { parseInput, readJsonBody } from '../rpc/validation.ts';
import { controlPurges, controlSchemas } from './control-keys.ts';
import './errors.ts';

export interface ControlRoutesArgs {
  db: Db;
  cache: TaggedCache;
  log: Logger;
  trustedProxies: TrustedProxies | undefined;
  /** `CONTROL_API_ALLOWED_IPS`; unset refuses every caller. */
  allowedIps: TrustedProxies | undefined;
}

type Env = { Variables: { principal: ApiPrincipal } };

const change = z.strictObject({
  /** Values by control key; null removes the control (back to its default). */
  controls: z.record(z.string(), z.union([z.boolean(), z.string(), z.number(), z.null()])),
});
const bulkChange = change.extend({ spaces: z.union([z.literal('*'), z.array(z.string().min(1)).min(1)]) });

function checkControls(controls: Record<string, unknown>): void {
  const details = Object.entries(controls).flatMap(([key, value]) => {
    const schema = controlSchemas[key];
    if (!schema)
      return [
        { key: 'validation.invalid', path: `controls.${key}`, params: { message: 'not a known control' } },
      ];
    if (value === null) return [];
    const result = schema.safeParse(value);
    return result.success
      ? []
      : [
          {
            key: 'validation.invalid',
            path: `controls.${key}`,
            params: { message: result.error.issues[0]?.message ?? 'invalid' },
          },
        ];
  });
  if (details.length) throw new AppError('validation.failed', { details });
}

async function readControls(db: Db, spaceId: string): Promise<Record<string, unknown>> {
  const res = await db.query<{ key: string; value: unknown }>(
    'select key, value from space_controls where space_id = $1 order by key',
    [spaceId],
  );
  return Object.fromEntries(res.rows.map((r) => [r.key, r.value]));
}

/**
 * `/control/v1` (scope `control`, management mode): the operator's switches per space. Only addresses in
 * `CONTROL_API_ALLOWED_IPS` (by the client address rules of `TRUSTED_PROXIES`) are answered at all; then an
 * API key with the permission `control` is required.
 */
export function controlRoutes(args: ControlRoutesArgs): Hono<Env> {
  const app = new Hono<Env>();
  app.onError((err, c) => errorResponse(c, err, args.log));
  app.use('/control/v1/*', async (c, next) => {
    const address = clientAddressOf(c, args.trustedProxies);
    if (args.allowedIps?.kind !== 'list' || !inRanges(address, args.allowedIps.ranges)) {
      throw new AppError('control.addressRefused');
    }
    const principal = await bearerPrincipal(c, args.db);
    if (!holds(principal, 'control'))
      throw new AppError('auth.forbidden', { message: 'The API key lacks the permission control.' });
    c.set('principal', principal);
    await next();
  });

  const spaceFor = async (principal: ApiPrincipal, name: string): Promise<SpaceRef> => {
    const space = await findSpace(args.db, name);
    if (!mayUseSpace(principal, space.id)) throw new AppError('auth.spaceForbidden');
    return space;
  };

  const apply = async (principal: ApiPrincipal, space: SpaceRef, controls: Record<string, unknown>) => {
    const before = await readControls(args.db, space.id);
    await args.db.transaction(async (tx) => {
      for (const [key, value] of Object.entries(controls)) {
        if (value === null)
          await tx.query('delete from space_controls where space_id = $1 and key = $2', [space.id, key]);
        else {
          await tx.query(
            `insert into space_controls (space_id, key, value) values ($1, $2, $3::jsonb)
             on conflict (space_id, key) do update set value = excluded.value`,
            [space.id, key, JSON.stringify(value)],
          );
        }
      }
    });
    const after = await readControls(args.db, space.id);
    const changed = Object.keys(controls).filter(
      (k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null),
    );
    if (changed.length) await args.cache.purgeTags(controlPurges(space.id, changed));
    await writeAudit(args.db, {
      principal,
      action: 'control.controls.set',
      spaceId: space.id,
      details: Object.fromEntries(changed.map((k) => [k, after[k] ?? null])),
    });
    return { space: { id: space.id, name: space.name }, controls: after, changed };
  };

  app.get('/control/v1/rateLimits', (c) => c.json({ rules: rateRules }));

  app.get('/control/v1/spaces/:space/controls', async (c) => {
    const space = await spaceFor(c.get('principal'), c.req.param('space'));
    return c.json(
      { space: { id: space.id, name: space.name }, controls: await readControls(args.db, space.id) },
      200,
      {
        'Cache-Control': 'no-store',
      },
    );
  });

  app.patch('/control/v1/spaces/:space/controls', async (c) => {
    const input = parseInput(change, await readJsonBody(c));
    checkControls(input.controls);
    const space = await spaceFor(c.get('principal'), c.req.param('space'));
    return c.json(await apply(c.get('principal'), space, input.controls), 200, {
      'Cache-Control': 'no-store',
    });
  });

  // The same change for many spaces at once (e.g. the badge for every space of a plan), or `"*"` for all.
  app.patch('/control/v1/controls', async (c) => {
    const principal = c.get('principal');
    const input = parseInput(bulkChange, await readJsonBody(c));
    checkControls(input.controls);
    const names =
      input.spaces === '*'
        ? (await args.db.query<{ id: string }>('select id from spaces order by name')).rows
            .map((r) => r.id)
            .filter((id) => mayUseSpace(principal, id))
        : input.spaces;
    const spaces = [];
    for (const name of names) spaces.push(await spaceFor(principal, name));
    const results = [];
    for (const space of spaces) results.push(await apply(principal, space, input.controls));
    return c.json({ spaces: results }, 200, { 'Cache-Control': 'no-store' });
  });
  return app;
}
