import type { Db, Queryable } from '../db/types.ts';
import type { AttemptResult } from './send.ts';

/** A delivery a worker holds for one attempt, with its hook. */
export interface ClaimedDelivery {
  id: string;
  webhookId: string;
  event: string;
  body: string;
  attempts: number;
  createdAt: Date;
  url: string;
  secret: string;
  disabled: boolean;
}

/** How long a claim holds a delivery: longer than an attempt's lookup and 10 s timeout. */
const LEASE = "interval '1 minute'";

const claimedColumns = `d.id::text as id, d.webhook_id::text as "webhookId", d.event, d.body, d.attempts,
  d.created_at as "createdAt", w.url, w.secret, (w.disabled_at is not null) as disabled`;

/**
 * Claims up to `limit` due deliveries (polled workers): rows other workers hold are skipped, so several
 * processes on one PostgreSQL share the work, each delivery attempted by one of them.
 */
export async function claimDue(db: Queryable, limit: number): Promise<ClaimedDelivery[]> {
  const res = await db.query<ClaimedDelivery>(
    `with due as (
       select id from webhook_deliveries
       where status = 'pending' and next_attempt_at <= now() and (claimed_until is null or claimed_until < now())
       order by next_attempt_at limit $1 for update skip locked
     ), claimed as (
       update webhook_deliveries d set claimed_until = now() + ${LEASE} from due where d.id = due.id returning d.*
     )
     select ${claimedColumns} from claimed d join webhooks w on w.id = d.webhook_id`,
    [limit],
  );
  return res.rows;
}

/** How long until the next unclaimed pending delivery is due (0 when overdue), or null when there is none. */
export async function msUntilNextDue(db: Queryable): Promise<number | null> {
  const res = await db.query<{ ms: number | null }>(
    `select greatest(0, extract(epoch from min(next_attempt_at) - now()) * 1000)::float8 as ms from webhook_deliveries
     where status = 'pending' and (claimed_until is null or claimed_until < now())`,
  );
  return res.rows[0]?.ms ?? null;
}

/** Claims one delivery for its `attempt`-th attempt (a bullmq job): nothing when it moved on or is held. */
export async function claimOne(
  db: Queryable,
  id: string,
  attempts: number,
): Promise<ClaimedDelivery | undefined> {
  const res = await db.query<ClaimedDelivery>(
    `with claimed as (
       update webhook_deliveries set claimed_until = now() + ${LEASE}
       where id = $1 and attempts = $2 and status = 'pending' and (claimed_until is null or claimed_until < now())
       returning *
     )
     select ${claimedColumns} from claimed d join webhooks w on w.id = d.webhook_id`,
    [id, attempts],
  );
  return res.rows[0];
}

/** What became of a delivery after an attempt. */
export type Outcome =
  | { kind: 'delivered' }
  | { kind: 'retry'; delayMs: number }
  | { kind: 'failed'; disable?: string }
  | { kind: 'skipped'; reason: string };

/**
 * Records an attempt and its outcome in one transaction. A final failure disables the hook (and fails its
 * other pending deliveries) when the hook has not succeeded since this delivery began: it failed for a day.
 */
export async function recordAttempt(
  db: Db,
  d: ClaimedDelivery,
  startedAt: Date,
  result: AttemptResult | null,
  outcome: Outcome,
): Promise<{ disabled: boolean }> {
  return db.transaction(async (tx) => {
    const attempt = d.attempts + 1;
    if (result) {
      await tx.query(
        `insert into webhook_attempts (delivery_id, attempt, started_at, duration_ms, status, error, body)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [d.id, attempt, startedAt, result.durationMs, result.status, result.error, result.body],
      );
    }
    if (outcome.kind === 'delivered') {
      await tx.query(
        `update webhook_deliveries set status = 'delivered', attempts = $2, next_attempt_at = null, claimed_until = null where id = $1`,
        [d.id, attempt],
      );
      await tx.query('update webhooks set last_success_at = now() where id = $1', [d.webhookId]);
      return { disabled: false };
    }
    if (outcome.kind === 'retry') {
      await tx.query(
        `update webhook_deliveries set attempts = $2, next_attempt_at = now() + make_interval(secs => $3::float8 / 1000),
           claimed_until = null where id = $1`,
        [d.id, attempt, outcome.delayMs],
      );
      return { disabled: false };
    }
    await tx.query(
      `update webhook_deliveries set status = 'failed', attempts = $2, next_attempt_at = null, claimed_until = null where id = $1`,
      [d.id, result ? attempt : d.attempts],
    );
    if (outcome.kind !== 'failed' || !outcome.disable) return { disabled: false };
    const off = await tx.query(
      `update webhooks set disabled_at = now(), disabled_reason = $2, updated_at = now()
       where id = $1 and disabled_at is null and (last_success_at is null or last_success_at < $3)
       returning id`,
      [d.webhookId, outcome.disable, d.createdAt],
    );
    if (off.rows.length === 0) return { disabled: false };
    await tx.query(
      `update webhook_deliveries set status = 'failed', next_attempt_at = null, claimed_until = null
       where webhook_id = $1 and status = 'pending'`,
      [d.webhookId],
    );
    return { disabled: true };
  });
}
