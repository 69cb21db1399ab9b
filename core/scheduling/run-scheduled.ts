import type { TaggedCache } from '../cache/tagged-cache.ts';
import type { Db, Queryable } from '../db/types.ts';
import { AppError } from '../errors/app-error.ts';
import type { Logger } from '../log.ts';
import { publishDocument } from '../procedures/content-publish.ts';
import { unpublishDocument } from '../procedures/content-unpublish.ts';
import { writeAudit } from '../rpc/audit.ts';
import { findSpace } from '../rpc/spaces.ts';
import type { ScheduledKind } from './schedule-action.ts';

export interface RunDeps {
  db: Db;
  cache: TaggedCache;
  log: Logger;
}

/** What became of one look at a scheduled action. */
export type RunOutcome = 'ran' | 'gone' | 'failed';

interface ActionRow {
  space_id: string;
  document_id: string;
  locale: string;
  action: ScheduledKind;
  at: Date;
  with_descendants: boolean;
  created_by: string;
}

/** Thrown by the claim when the row is gone: another process ran it, or it was cancelled or scheduled anew. */
class Gone extends Error {}

/**
 * Runs the scheduled action `rowId` exactly as `content.publish` / `content.unpublish` would now (the same
 * functions: same purges, same webhook event), audited as `system:scheduler`. The row is deleted inside the
 * change's transaction, so two processes that look at once run it once ('gone' for the other, as for a
 * cancelled or rescheduled action). A change the content refuses (an `AppError`: the version or the locale is
 * gone) marks the row failed and is logged. Anything else (the database) is thrown, and the row stays for the
 * next look.
 */
export async function runScheduledAction(deps: RunDeps, rowId: string): Promise<RunOutcome> {
  const found = await deps.db.query<ActionRow>(
    `select space_id, document_id, locale, action, at, with_descendants, created_by
     from scheduled_actions where id = $1 and failed_at is null`,
    [rowId],
  );
  const row = found.rows[0];
  if (!row) return 'gone';
  const claim = async (tx: Queryable) => {
    const res = await tx.query('delete from scheduled_actions where id = $1 and failed_at is null', [rowId]);
    if (res.rowCount === 0) throw new Gone();
  };
  let details: Record<string, unknown>;
  try {
    const change = {
      db: deps.db,
      cache: deps.cache,
      log: deps.log,
      space: await findSpace(deps.db, row.space_id),
    };
    const target = { id: row.document_id, locale: row.locale, claim };
    details =
      row.action === 'publish'
        ? { locale: row.locale, publishedAt: await publishDocument(change, target) }
        : {
            locale: row.locale,
            ...(await unpublishDocument(change, { ...target, withDescendants: row.with_descendants })),
          };
  } catch (err) {
    if (err instanceof Gone) return 'gone';
    if (!(err instanceof AppError)) throw err;
    const marked = await deps.db.query(
      'update scheduled_actions set failed_at = now(), error = $2 where id = $1 and failed_at is null',
      [rowId, err.message],
    );
    // No row: the document or the space was deleted meanwhile, and the action with it.
    if (marked.rowCount === 0) return 'gone';
    deps.log.warn(
      {
        documentId: row.document_id,
        locale: row.locale,
        action: row.action,
        error: err.key,
        reason: err.message,
      },
      'scheduled action failed',
    );
    return 'failed';
  }
  const scheduledFor = new Date(row.at).toISOString();
  deps.log.info(
    {
      documentId: row.document_id,
      locale: row.locale,
      action: row.action,
      scheduledFor,
      lateMs: Date.now() - new Date(row.at).getTime(),
    },
    'scheduled action ran',
  );
  try {
    await writeAudit(deps.db, {
      principal: { system: 'scheduler' },
      action: `content.${row.action}`,
      spaceId: row.space_id,
      target: row.document_id,
      details: { ...details, scheduledFor, scheduledBy: row.created_by },
    });
  } catch (err) {
    deps.log.error({ err, documentId: row.document_id }, 'scheduled action not audited');
  }
  return 'ran';
}
