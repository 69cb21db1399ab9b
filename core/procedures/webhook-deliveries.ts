import { z } from 'zod';
import { AppError } from '../errors/app-error.ts';
import { defineProcedure } from '../rpc/procedure.ts';
import '../webhooks/errors.ts';
import { spaceName } from './inputs.ts';

interface DeliveryRow {
  id: string;
  event: string;
  body: string;
  status: string;
  created_at: Date;
  next_attempt_at: Date | null;
  attempts: Array<{
    attempt: number;
    started_at: string;
    duration_ms: number;
    status: number | null;
    error: string | null;
    body: string;
  }>;
}

const cursorOf = (r: DeliveryRow) =>
  Buffer.from(`${new Date(r.created_at).toISOString()}|${r.id}`).toString('base64url');

function parseCursor(cursor: string): [string, string] {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!at || !id || Number.isNaN(Date.parse(at)) || !z.uuid().safeParse(id).success) {
    throw new AppError('validation.failed', {
      details: [
        { key: 'validation.invalid', path: 'cursor', params: { message: 'not a cursor of this list' } },
      ],
    });
  }
  return [at, id];
}

/**
 * A hook's deliveries, newest first, each with every attempt: when, how long, the answer's status (or the
 * error) and the first kilobyte of its body.
 */
export const webhooksDeliveries = defineProcedure({
  name: 'webhooks.deliveries',
  permission: 'webhooks:manage',
  input: z.strictObject({
    space: spaceName,
    id: z.uuid({ message: 'must be a UUID' }),
    limit: z.number().int().min(1).max(100).default(20),
    cursor: z.string().max(200).optional(),
  }),
  async run(ctx, input) {
    const hook = await ctx.db.query('select 1 from webhooks where id = $1 and space_id = $2', [
      input.id,
      ctx.space.id,
    ]);
    if (hook.rows.length === 0) throw new AppError('webhook.notFound');
    const [afterAt, afterId] = input.cursor ? parseCursor(input.cursor) : [null, null];
    const res = await ctx.db.query<DeliveryRow>(
      `select d.id::text as id, d.event, d.body, d.status, d.created_at, d.next_attempt_at,
         coalesce((select jsonb_agg(jsonb_build_object('attempt', a.attempt, 'started_at', a.started_at,
                     'duration_ms', a.duration_ms, 'status', a.status, 'error', a.error, 'body', a.body) order by a.attempt)
                   from webhook_attempts a where a.delivery_id = d.id), '[]'::jsonb) as attempts
       from webhook_deliveries d
       where d.webhook_id = $1 and ($2::timestamptz is null or (d.created_at, d.id) < ($2::timestamptz, $3::uuid))
       order by d.created_at desc, d.id desc limit $4`,
      [input.id, afterAt, afterId, input.limit + 1],
    );
    const rows = res.rows.slice(0, input.limit);
    return {
      items: rows.map((r) => ({
        id: r.id,
        event: r.event,
        status: r.status,
        createdAt: new Date(r.created_at).toISOString(),
        nextAttemptAt: r.next_attempt_at ? new Date(r.next_attempt_at).toISOString() : null,
        payload: JSON.parse(r.body) as unknown,
        attempts: r.attempts.map((a) => ({
          attempt: a.attempt,
          at: new Date(a.started_at).toISOString(),
          durationMs: a.duration_ms,
          status: a.status,
          error: a.error,
          body: a.body,
        })),
      })),
      nextCursor: res.rows.length > input.limit ? cursorOf(rows[rows.length - 1]!) : null,
    };
  },
});
