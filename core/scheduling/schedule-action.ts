import type { Db } from '../db/types.ts';
import { AppError } from '../errors/app-error.ts';
import { assertLocale } from '../procedures/inputs.ts';
import { type Actor, actorName } from '../rpc/audit.ts';
import type { SpaceRef } from '../rpc/spaces.ts';

/** The notification channel that tells the management processes a scheduled action was written. */
export const scheduledChannel = 'verso_scheduled_actions';

export type ScheduledKind = 'publish' | 'unpublish';

export interface ScheduleRequest {
  /** The document. */
  id: string;
  locale: string;
  action: ScheduledKind;
  /** ISO 8601 with an offset, in the future (checked by the procedure's input). */
  at: string;
  withDescendants?: boolean;
}

/** The answer of `content.publish {publishAt}` and `content.unpublish {unpublishAt}`. */
export interface ScheduledAnswer {
  id: string;
  locale: string;
  status: 'scheduled';
  action: ScheduledKind;
  at: string;
  withDescendants?: boolean;
}

/**
 * Stores a publish or unpublish of a document in one locale at `at`, replacing the same action scheduled
 * before (with a new row id, so that a job armed for the earlier time finds nothing), and wakes the management
 * processes at commit. Changes nothing of the document. A publish needs a version in the locale now, as
 * `content.publish` does; an unpublish may be scheduled before the document is published (publish at nine,
 * unpublish at five).
 */
export async function scheduleAction(
  ctx: { db: Db; space: SpaceRef; principal: Actor },
  req: ScheduleRequest,
): Promise<ScheduledAnswer> {
  assertLocale(ctx.space, req.locale);
  const at = await ctx.db.transaction(async (tx) => {
    const doc = await tx.query<{ has_version: boolean }>(
      `select exists (select 1 from document_versions v where v.document_id = d.id and v.locale = $3) as has_version
       from documents d where d.id = $1 and d.space_id = $2`,
      [req.id, ctx.space.id, req.locale],
    );
    if (!doc.rows[0]) throw new AppError('content.notFound');
    if (req.action === 'publish' && !doc.rows[0].has_version) {
      throw new AppError('content.notFound', {
        message: `The document has no version in locale "${req.locale}".`,
      });
    }
    const res = await tx.query<{ at: Date | string }>(
      `insert into scheduled_actions (space_id, document_id, locale, action, at, with_descendants, created_by)
       values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (document_id, locale, action) do update set id = gen_random_uuid(), at = excluded.at,
         with_descendants = excluded.with_descendants, created_by = excluded.created_by, created_at = now(),
         queued = false, failed_at = null, error = null
       returning at`,
      [
        ctx.space.id,
        req.id,
        req.locale,
        req.action,
        req.at,
        req.withDescendants ?? false,
        actorName(ctx.principal),
      ],
    );
    await tx.query('select pg_notify($1, $2)', [scheduledChannel, '']);
    return new Date(res.rows[0]!.at).toISOString();
  });
  return {
    id: req.id,
    locale: req.locale,
    status: 'scheduled',
    action: req.action,
    at,
    ...(req.action === 'unpublish' ? { withDescendants: req.withDescendants ?? false } : {}),
  };
}
