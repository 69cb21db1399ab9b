import { z } from 'zod';
import { AppError } from '../errors/app-error.ts';
import { defineProcedure, type ProcedureContext } from '../rpc/procedure.ts';
import { checkTarget, urlProblem } from '../webhooks/address-check.ts';
import '../webhooks/errors.ts';
import { webhookEvents } from '../webhooks/events.ts';
import { newWebhookSecret } from '../webhooks/signing.ts';
import { spaceName } from './inputs.ts';

interface HookRow {
  id: string;
  url: string;
  events: string[];
  description: string;
  created_at: Date;
  updated_at: Date;
  last_success_at: Date | null;
  disabled_at: Date | null;
  disabled_reason: string | null;
}

const columns =
  'id::text as id, url, events, description, created_at, updated_at, last_success_at, disabled_at, disabled_reason';
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const shape = (r: HookRow) => ({
  id: r.id,
  url: r.url,
  events: r.events,
  description: r.description,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
  lastSuccessAt: iso(r.last_success_at),
  disabledAt: iso(r.disabled_at),
  disabledReason: r.disabled_reason,
});

const hookId = z.uuid({ message: 'must be a UUID' });
const url = z
  .string()
  .max(2048)
  .superRefine((v, c) => {
    const problem = urlProblem(v);
    if (problem) c.addIssue({ code: 'custom', message: problem });
  });
const events = z
  .array(z.enum(webhookEvents))
  .min(1, 'name at least one event')
  .transform((list) => [...new Set(list)]);
const description = z.string().max(500);

/** 422 unless the address resolves, and only to public addresses (or `WEBHOOK_ALLOW_PRIVATE`). */
async function assertAddress(ctx: ProcedureContext, raw: string): Promise<void> {
  const check = await checkTarget(raw, { allowPrivate: ctx.instance?.allowPrivateWebhooks === true });
  if (check.ok) return;
  throw new AppError('webhook.addressRefused', {
    message: `The webhook address is refused: ${check.reason}.`,
    details: [
      {
        key: 'webhook.addressRefused',
        path: 'url',
        params: { message: check.reason, ...(check.address ? { address: check.address } : {}) },
      },
    ],
  });
}

export const webhooksList = defineProcedure({
  name: 'webhooks.list',
  permission: 'webhooks:manage',
  input: z.strictObject({ space: spaceName }),
  async run(ctx) {
    const res = await ctx.db.query<HookRow>(
      `select ${columns} from webhooks where space_id = $1 order by created_at, id`,
      [ctx.space.id],
    );
    return { items: res.rows.map(shape) };
  },
});

/** A new hook; its secret is in this answer only. */
export const webhooksCreate = defineProcedure({
  name: 'webhooks.create',
  permission: 'webhooks:manage',
  input: z.strictObject({ space: spaceName, url, events, description: description.default('') }),
  async run(ctx, input) {
    await assertAddress(ctx, input.url);
    const secret = newWebhookSecret();
    const res = await ctx.db.query<HookRow>(
      `insert into webhooks (space_id, url, events, description, secret) values ($1, $2, $3, $4, $5)
       returning ${columns}`,
      [ctx.space.id, input.url, input.events, input.description, secret],
    );
    ctx.audit.target = res.rows[0]!.id;
    return { ...shape(res.rows[0]!), secret };
  },
});

/**
 * Changes a hook: the fields given replace the stored ones. `enabled: true` turns a disabled hook back on
 * (new events are sent again; deliveries given up stay failed), `enabled: false` turns it off.
 */
export const webhooksUpdate = defineProcedure({
  name: 'webhooks.update',
  permission: 'webhooks:manage',
  input: z.strictObject({
    space: spaceName,
    id: hookId,
    url: url.optional(),
    events: events.optional(),
    description: description.optional(),
    enabled: z.boolean().optional(),
  }),
  async run(ctx, input) {
    if (input.url !== undefined) await assertAddress(ctx, input.url);
    const res = await ctx.db.query<HookRow>(
      `update webhooks set url = coalesce($3, url), events = coalesce($4, events),
         description = coalesce($5, description), updated_at = now(),
         disabled_at = case when $6::boolean is null then disabled_at when $6 then null else coalesce(disabled_at, now()) end,
         disabled_reason = case when $6::boolean is null then disabled_reason when $6 then null
                                else coalesce(disabled_reason, 'Turned off by webhooks.update.') end
       where id = $1 and space_id = $2 returning ${columns}`,
      [
        input.id,
        ctx.space.id,
        input.url ?? null,
        input.events ?? null,
        input.description ?? null,
        input.enabled ?? null,
      ],
    );
    if (!res.rows[0]) throw new AppError('webhook.notFound');
    ctx.audit.target = input.id;
    return shape(res.rows[0]);
  },
});

/** Deletes a hook with its deliveries and their attempts; pending ones are not sent. */
export const webhooksDelete = defineProcedure({
  name: 'webhooks.delete',
  permission: 'webhooks:manage',
  input: z.strictObject({ space: spaceName, id: hookId }),
  async run(ctx, input) {
    const res = await ctx.db.query('delete from webhooks where id = $1 and space_id = $2 returning id', [
      input.id,
      ctx.space.id,
    ]);
    if (res.rows.length === 0) throw new AppError('webhook.notFound');
    ctx.audit.target = input.id;
    return { id: input.id, deleted: true };
  },
});
