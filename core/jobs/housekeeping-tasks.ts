import { trimPreviewTokens } from '../auth/preview-tokens.ts';
import { trimPurgeJournal } from '../cache/purge-journal.ts';
import type { Queryable } from '../db/types.ts';

/** Deletes API keys whose expiry has passed; resolves to how many. */
export async function deleteExpiredApiKeys(db: Queryable): Promise<number> {
  const res = await db.query<{ id: string }>(
    'delete from api_keys where expires_at is not null and expires_at <= now() returning id',
  );
  return res.rows.length;
}

/** Keeps the newest `keep` runs of each workflow (by start, then id) and deletes the rest; resolves to how many. */
export async function trimWorkflowRuns(db: Queryable, keep = 200): Promise<number> {
  const res = await db.query<{ id: string }>(
    `delete from workflow_runs w
     using (
       select id from (
         select id, row_number() over (partition by workflow order by started_at desc, id desc) as n from workflow_runs
       ) ranked where ranked.n > $1
     ) old
     where w.id = old.id
     returning w.id`,
    [keep],
  );
  return res.rows.length;
}

/** Deletes webhook deliveries (with their attempts) that ended more than `days` ago; resolves to how many. */
export async function trimWebhookDeliveries(db: Queryable, days = 30): Promise<number> {
  const res = await db.query<{ id: string }>(
    `delete from webhook_deliveries where status <> 'pending' and created_at < now() - make_interval(days => $1)
     returning id`,
    [days],
  );
  return res.rows.length;
}

/**
 * Deletes delivery journal rows (core/db/migrations/0018) older than `days`; resolves to how many. A sync client
 * whose last sync is older than that syncs from scratch (docs/delivery-api.md, "Sync").
 */
export async function trimDeliveryJournal(db: Queryable, days = 90): Promise<number> {
  const res = await db.query<{ document_id: string }>(
    'delete from delivery_journal where changed_at < now() - make_interval(days => $1) returning document_id',
    [days],
  );
  return res.rows.length;
}

export interface HousekeepingJob {
  id: string;
  everyMs: number;
  run(db: Queryable): Promise<number>;
}

/** The management instance's housekeeping (delivery-and-site.md, point 9). */
export const housekeepingJobs: HousekeepingJob[] = [
  { id: 'expired-api-keys', everyMs: 60 * 60 * 1000, run: deleteExpiredApiKeys },
  { id: 'workflow-runs', everyMs: 10 * 60 * 1000, run: (db) => trimWorkflowRuns(db, 200) },
  { id: 'purge-journal', everyMs: 60 * 60 * 1000, run: (db) => trimPurgeJournal(db, 30) },
  { id: 'webhook-deliveries', everyMs: 60 * 60 * 1000, run: (db) => trimWebhookDeliveries(db, 30) },
  { id: 'ended-preview-tokens', everyMs: 60 * 60 * 1000, run: (db) => trimPreviewTokens(db, 30) },
  { id: 'delivery-journal', everyMs: 60 * 60 * 1000, run: (db) => trimDeliveryJournal(db, 90) },
];
