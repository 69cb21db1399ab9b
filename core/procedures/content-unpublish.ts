import { z } from 'zod';
import { cacheTags } from '../cache/tags.ts';
import type { Queryable } from '../db/types.ts';
import { AppError } from '../errors/app-error.ts';
import { assetUseTags, changedIds } from '../media/asset-use.ts';
import { defineProcedure } from '../rpc/procedure.ts';
import { scheduleAction } from '../scheduling/schedule-action.ts';
import { emitDocumentEvent } from '../webhooks/events.ts';
import type { ContentChangeDeps, DocumentChange } from './content-publish.ts';
import { documentSubtree } from './document-tree.ts';
import { assertLocale, documentId, futureTime, localeName, spaceName } from './inputs.ts';

/**
 * Takes down the published versions of `ids` in one locale. Nothing is lost: a published version without a
 * newer draft becomes the draft; with one it is dropped (the draft is newer). Either way the draft keeps the
 * time of the first publication, which a later publish keeps. Answers the ids taken down.
 */
interface TakenDown {
  ids: string[];
  /** What the published fields taken down named: the assets whose use may have ended (asset-use.ts). */
  named: string[];
}

async function takeDown(tx: Queryable, ids: string[], locale: string): Promise<TakenDown> {
  // The first publication's time stays with the document: a newer draft keeps it for the next publish.
  await tx.query(
    `update document_versions d set published_at = p.published_at
     from document_versions p
     where d.document_id = any($1::uuid[]) and d.locale = $2 and d.state = 'draft' and d.published_at is null
       and p.document_id = d.document_id and p.locale = d.locale and p.state = 'published'`,
    [ids, locale],
  );
  const dropped = await tx.query<{ document_id: string; fields: unknown }>(
    `delete from document_versions p
     where p.document_id = any($1::uuid[]) and p.locale = $2 and p.state = 'published'
       and exists (select 1 from document_versions d where d.document_id = p.document_id and d.locale = p.locale and d.state = 'draft')
     returning p.document_id, p.fields`,
    [ids, locale],
  );
  const kept = await tx.query<{ document_id: string; fields: unknown }>(
    `update document_versions set state = 'draft'
     where document_id = any($1::uuid[]) and locale = $2 and state = 'published'
     returning document_id, fields`,
    [ids, locale],
  );
  const rows = [...dropped.rows, ...kept.rows];
  return {
    ids: rows.map((r) => r.document_id),
    named: changedIds(
      rows.map((r) => r.fields),
      [],
    ),
  };
}

/** What an unpublish took down (`unpublished`) and which delivered descendants it hid with it (`hidden`). */
export interface Unpublished {
  unpublished: string[];
  hidden: string[];
}

/**
 * Takes a document down in one locale. Its descendants keep their published versions: they stop being
 * delivered because their parent is not (the delivery index, migration 0002, drops them with it) and come
 * back unchanged when it is published again. `hidden` names those that were delivered and no longer are
 * (tree order); they are purged with the document, since their pages, permalinks and lists change, and so is
 * the use of the assets the versions taken down named (asset-use.ts).
 * `withDescendants` takes the whole subtree down instead, each one as the document itself. Records the
 * `content.unpublished` event when anything changed. `content.unpublish` and scheduled unpublishing call this.
 */
export async function unpublishDocument(
  deps: ContentChangeDeps,
  change: DocumentChange & { withDescendants?: boolean | undefined },
): Promise<Unpublished> {
  const { id, locale } = change;
  assertLocale(deps.space, locale);
  const { unpublished, hidden, named } = await deps.db.transaction(async (tx) => {
    // Locked as content.publish locks it: a publish and an unpublish of one document take turns.
    const doc = await tx.query('select 1 from documents where id = $1 and space_id = $2 for update', [
      id,
      deps.space.id,
    ]);
    if (doc.rows.length === 0) throw new AppError('content.notFound');
    await change.claim?.(tx);
    if (change.withDescendants) {
      const subtree = await documentSubtree(tx, deps.space.id, id);
      const down = await takeDown(tx, subtree, locale);
      return {
        unpublished: subtree.filter((d) => down.ids.includes(d)),
        hidden: [] as string[],
        named: down.named,
      };
    }
    // Every delivered descendant hangs on this document: read before it goes, in tree order (sort_key).
    const below = await tx.query<{ document_id: string }>(
      `select document_id from delivered_documents
       where ancestors @> array[$1::uuid] and locale = $2 and space_id = $3
       order by sort_key`,
      [id, locale, deps.space.id],
    );
    const down = await takeDown(tx, [id], locale);
    return {
      unpublished: down.ids,
      hidden: down.ids.length > 0 ? below.rows.map((r) => r.document_id) : [],
      named: down.named,
    };
  });
  if (unpublished.length > 0) {
    await deps.cache.purgeTags([
      ...[...unpublished, ...hidden].map(cacheTags.document),
      cacheTags.lists(deps.space.id),
      ...(await assetUseTags(deps.db, deps.space.id, named)),
    ]);
    await emitDocumentEvent(deps, 'content.unpublished', id, { locale, unpublished, hidden });
  }
  return { unpublished, hidden };
}

/**
 * `content.unpublish`: takes the document down now (`unpublishDocument`), or, with `unpublishAt`, stores a
 * scheduled unpublish that the management processes run at that time (core/scheduling/) and changes nothing now.
 */
export const contentUnpublish = defineProcedure({
  name: 'content.unpublish',
  permission: 'space:write',
  input: z.strictObject({
    space: spaceName,
    id: documentId,
    locale: localeName,
    withDescendants: z.boolean().optional(),
    unpublishAt: futureTime.optional(),
  }),
  async run(ctx, input) {
    ctx.audit.target = input.id;
    if (input.unpublishAt) {
      const scheduled = await scheduleAction(ctx, {
        id: input.id,
        locale: input.locale,
        action: 'unpublish',
        at: input.unpublishAt,
        withDescendants: input.withDescendants ?? false,
      });
      ctx.audit.details = {
        locale: input.locale,
        unpublishAt: scheduled.at,
        ...(input.withDescendants ? { withDescendants: true } : {}),
      };
      return scheduled;
    }
    const { unpublished, hidden } = await unpublishDocument(ctx, input);
    ctx.audit.details = { locale: input.locale, unpublished, hidden };
    return { id: input.id, locale: input.locale, status: 'unpublished', unpublished, hidden };
  },
});
