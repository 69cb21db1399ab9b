import { z } from 'zod';
import { cacheTags } from '../cache/tags.ts';
import { AppError } from '../errors/app-error.ts';
import { assetUseTags, changedIds } from '../media/asset-use.ts';
import { defineProcedure } from '../rpc/procedure.ts';
import { documentEventData, emitWebhookEvent, hasSubscribers } from '../webhooks/events.ts';
import { deliveredAmong } from './content-move.ts';
import { documentSubtree } from './document-tree.ts';
import { documentId, spaceName } from './inputs.ts';

/**
 * Deletes a document, and with `withChildren: true` its whole subtree (without it, a document with children
 * is refused with 409 `content.hasChildren`). Its published versions go with it in the same transaction (the
 * database drops them from the delivery index); every deleted document that was delivered is purged, with
 * the space's lists and the use of the assets their published versions named (asset-use.ts). Pages that link to
 * one carry its tag (delivery/reader), so they are purged too.
 */
export const contentDelete = defineProcedure({
  name: 'content.delete',
  permission: 'space:write',
  input: z.strictObject({ space: spaceName, id: documentId, withChildren: z.boolean().default(false) }),
  async run(ctx, input) {
    const spaceId = ctx.space.id;
    const { deleted, delivered, named } = await ctx.db.transaction(async (tx) => {
      const doc = await tx.query('select 1 from documents where id = $1 and space_id = $2 for update', [
        input.id,
        spaceId,
      ]);
      if (doc.rows.length === 0) throw new AppError('content.notFound');
      const subtree = await documentSubtree(tx, spaceId, input.id);
      if (subtree.length > 1 && !input.withChildren) {
        throw new AppError('content.hasChildren', {
          details: [{ key: 'content.hasChildren', path: 'id', params: { descendants: subtree.length - 1 } }],
        });
      }
      const wasDelivered = await deliveredAmong(tx, subtree);
      const published = await tx.query<{ fields: unknown }>(
        `select fields from document_versions where document_id = any($1::uuid[]) and state = 'published'`,
        [subtree],
      );
      // Each document's event data as it was before the delete; the deliveries commit with the delete.
      const gone = [];
      if (await hasSubscribers(tx, spaceId, 'content.deleted'))
        for (const id of subtree) gone.push(await documentEventData(tx, spaceId, id));
      await tx.query('delete from documents where id = $1', [input.id]);
      for (const data of gone)
        if (data) await emitWebhookEvent({ db: tx }, spaceId, 'content.deleted', { ...data });
      return {
        deleted: subtree,
        delivered: subtree.filter((id) => wasDelivered.has(id)),
        named: changedIds(
          published.rows.map((r) => r.fields),
          [],
        ),
      };
    });
    const assetUse = await assetUseTags(ctx.db, spaceId, named);
    if (delivered.length > 0 || assetUse.length > 0) {
      await ctx.cache.purgeTags([
        ...delivered.map(cacheTags.document),
        ...(delivered.length > 0 ? [cacheTags.lists(spaceId)] : []),
        ...assetUse,
      ]);
    }
    ctx.audit.target = input.id;
    ctx.audit.details = { deleted };
    return { id: input.id, deleted, purged: delivered };
  },
});
