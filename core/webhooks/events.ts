import type { Queryable } from '../db/types.ts';
import type { Logger } from '../log.ts';

/** Every event a hook may subscribe to (docs/webhooks.md lists their `data`). */
export const webhookEvents = [
  'content.published',
  'content.unpublished',
  'content.deleted',
  'content.draftSaved',
  'designs.published',
  'assets.changed',
] as const;
export type WebhookEvent = (typeof webhookEvents)[number];

/** The notification channel that wakes the delivering processes as soon as a delivery is written. */
export const deliveriesChannel = 'verso_webhook_deliveries';

export interface EmitDeps {
  /** The database, or the open transaction of the change (the deliveries then commit with it). */
  db: Queryable;
}

/**
 * Records one event for every enabled hook of the space that subscribes to it, as a pending delivery with the
 * body `{type, timestamp, data}`, and wakes the delivering processes (`pg_notify`, sent at commit when `db` is
 * a transaction). Resolves to how many deliveries were written; a space without such hooks costs one indexed
 * statement. Throws what the database throws.
 */
export async function emitWebhookEvent(
  deps: EmitDeps,
  spaceId: string,
  event: WebhookEvent,
  data: Record<string, unknown>,
): Promise<number> {
  const body = JSON.stringify({ type: event, timestamp: new Date().toISOString(), data });
  const res = await deps.db.query<{ id: string }>(
    `insert into webhook_deliveries (webhook_id, event, body)
     select id, $2, $3 from webhooks where space_id = $1 and disabled_at is null and $2 = any(events)
     returning id`,
    [spaceId, event, body],
  );
  if (res.rows.length > 0) await deps.db.query('select pg_notify($1, $2)', [deliveriesChannel, '']);
  return res.rows.length;
}

/** Whether any enabled hook of the space wants the event (so that its data need not be read otherwise). */
export async function hasSubscribers(db: Queryable, spaceId: string, event: WebhookEvent): Promise<boolean> {
  const res = await db.query(
    'select 1 from webhooks where space_id = $1 and disabled_at is null and $2 = any(events) limit 1',
    [spaceId, event],
  );
  return res.rows.length > 0;
}

/** A document's part of an event: id, type, the locales it is published in and its permalink in each. */
export interface DocumentEventData {
  id: string;
  type: string;
  locales: string[];
  permalinks: Record<string, string>;
}

/**
 * Reads a document's event data (before a delete, read it first). Permalinks are those of the delivery index:
 * a document published under an unpublished parent has a locale but no permalink there.
 */
export async function documentEventData(
  db: Queryable,
  spaceId: string,
  documentId: string,
): Promise<DocumentEventData | undefined> {
  const res = await db.query<DocumentEventData>(
    `select d.id::text as id, d.type,
       coalesce((select array_agg(v.locale order by v.locale) from document_versions v
                 where v.document_id = d.id and v.state = 'published'), '{}') as locales,
       coalesce((select jsonb_object_agg(dd.locale, array_to_string(dd.slugs, '/') order by dd.locale)
                 from delivered_documents dd where dd.document_id = d.id), '{}'::jsonb) as permalinks
     from documents d where d.id = $1 and d.space_id = $2`,
    [documentId, spaceId],
  );
  return res.rows[0];
}

export interface DocumentEmitDeps extends EmitDeps {
  log: Logger;
  space: { id: string };
}

/**
 * Emits a document event after its change committed, from a procedure: `emitDocumentEvent(ctx, event, id,
 * {locale})`. The data is the document's (`documentEventData`) with `extra` added; it is read only when a
 * hook wants the event. A failure is logged, never answered: the change itself is done.
 */
export async function emitDocumentEvent(
  deps: DocumentEmitDeps,
  event: WebhookEvent,
  documentId: string,
  extra: Record<string, unknown> = {},
): Promise<void> {
  try {
    if (!(await hasSubscribers(deps.db, deps.space.id, event))) return;
    const doc = await documentEventData(deps.db, deps.space.id, documentId);
    await emitWebhookEvent(deps, deps.space.id, event, { ...doc, id: documentId, ...extra });
  } catch (err) {
    deps.log.error({ err, event, documentId }, 'webhook event not recorded');
  }
}

/** `emitWebhookEvent` for changes already committed (designs, uploads): a failure is logged, not thrown. */
export async function emitAfterCommit(
  deps: EmitDeps & { log: Logger },
  spaceId: string,
  event: WebhookEvent,
  data: Record<string, unknown>,
): Promise<void> {
  try {
    await emitWebhookEvent(deps, spaceId, event, data);
  } catch (err) {
    deps.log.error({ err, event, spaceId }, 'webhook event not recorded');
  }
}
