import { z } from 'zod';
import { cacheTags } from '../cache/tags.ts';
import type { Queryable } from '../db/types.ts';
import { AppError } from '../errors/app-error.ts';
import { assetUseTags, changedIds } from '../media/asset-use.ts';
import { defineProcedure } from '../rpc/procedure.ts';
import { emitDocumentEvent } from '../webhooks/events.ts';
import { documentSubtree } from './document-tree.ts';
import { assertLocale, documentId, localeName, spaceName } from './inputs.ts';

interface TakenDown {
  ids: string[];
  /** What the published fields taken down named: the assets whose use may have ended (asset-use.ts). */
  named: string[];
}

/**
 * Takes down the published versions of `ids` in one locale. Nothing is lost: a published version without a
 * newer draft becomes the draft; with one it is dropped (the draft is newer). Answers the ids taken down.
 */
async function takeDown(tx: Queryable, ids: string[], locale: string): Promise<TakenDown> {
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

/**
 * Takes a document down in one locale. Its descendants keep their published versions: they stop being
 * delivered because their parent is not (the delivery index, migration 0002, drops them with it) and come
 * back unchanged when it is published again. `hidden` names those that were delivered and no longer are
 * (tree order); they are purged with the document, since their pages, permalinks and lists change, and so is
 * the use of the assets the versions taken down named (asset-use.ts).
 * `withDescendants: true` takes the whole subtree down instead, each one as the document itself.
 */
export const contentUnpublish = defineProcedure({
  name: 'content.unpublish',
  permission: 'space:write',
  input: z.strictObject({
    space: spaceName,
    id: documentId,
    locale: localeName,
    withDescendants: z.boolean().optional(),
  }),
  async run(ctx, input) {
    assertLocale(ctx.space, input.locale);
    const { unpublished, hidden, named } = await ctx.db.transaction(async (tx) => {
      // Locked as content.publish locks it: a publish and an unpublish of one document take turns.
      const doc = await tx.query('select 1 from documents where id = $1 and space_id = $2 for update', [
        input.id,
        ctx.space.id,
      ]);
      if (doc.rows.length === 0) throw new AppError('content.notFound');
      if (input.withDescendants) {
        const subtree = await documentSubtree(tx, ctx.space.id, input.id);
        const down = await takeDown(tx, subtree, input.locale);
        return {
          unpublished: subtree.filter((id) => down.ids.includes(id)),
          hidden: [] as string[],
          named: down.named,
        };
      }
      // Every delivered descendant hangs on this document: read before it goes, in tree order (sort_key).
      const below = await tx.query<{ document_id: string }>(
        `select document_id from delivered_documents
         where ancestors @> array[$1::uuid] and locale = $2 and space_id = $3
         order by sort_key`,
        [input.id, input.locale, ctx.space.id],
      );
      const down = await takeDown(tx, [input.id], input.locale);
      return {
        unpublished: down.ids,
        hidden: down.ids.length > 0 ? below.rows.map((r) => r.document_id) : [],
        named: down.named,
      };
    });
    if (unpublished.length > 0) {
      await ctx.cache.purgeTags([
        ...[...unpublished, ...hidden].map(cacheTags.document),
        cacheTags.lists(ctx.space.id),
        ...(await assetUseTags(ctx.db, ctx.space.id, named)),
      ]);
    }
    if (unpublished.length > 0)
      await emitDocumentEvent(ctx, 'content.unpublished', input.id, {
        locale: input.locale,
        unpublished,
        hidden,
      });
    ctx.audit.target = input.id;
    ctx.audit.details = { locale: input.locale, unpublished, hidden };
    return { id: input.id, locale: input.locale, status: 'unpublished', unpublished, hidden };
  },
});
