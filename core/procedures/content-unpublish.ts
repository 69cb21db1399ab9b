import { z } from 'zod';
import { cacheTags } from '../cache/tags.ts';
import { defineProcedure } from '../rpc/procedure.ts';
import { emitDocumentEvent } from '../webhooks/events.ts';
import { documentSubtree } from './document-tree.ts';
import { assertLocale, documentId, localeName, spaceName } from './inputs.ts';

/**
 * Takes a document down in one locale, and its descendants with it (a document without a published parent
 * has no permalink). Nothing is lost: a published version without a newer draft becomes the draft.
 * Purges every affected document's tags and the space's lists.
 */
export const contentUnpublish = defineProcedure({
  name: 'content.unpublish',
  permission: 'space:write',
  input: z.strictObject({ space: spaceName, id: documentId, locale: localeName }),
  async run(ctx, input) {
    assertLocale(ctx.space, input.locale);
    const subtree = await documentSubtree(ctx.db, ctx.space.id, input.id);
    const affected = await ctx.db.transaction(async (tx) => {
      const dropped = await tx.query<{ document_id: string }>(
        `delete from document_versions p
         where p.document_id = any($1::uuid[]) and p.locale = $2 and p.state = 'published'
           and exists (select 1 from document_versions d where d.document_id = p.document_id and d.locale = p.locale and d.state = 'draft')
         returning p.document_id`,
        [subtree, input.locale],
      );
      const kept = await tx.query<{ document_id: string }>(
        `update document_versions set state = 'draft'
         where document_id = any($1::uuid[]) and locale = $2 and state = 'published'
         returning document_id`,
        [subtree, input.locale],
      );
      return [...dropped.rows, ...kept.rows].map((r) => r.document_id);
    });
    const ordered = subtree.filter((id) => affected.includes(id));
    if (ordered.length > 0) {
      await ctx.cache.purgeTags([...ordered.map(cacheTags.document), cacheTags.lists(ctx.space.id)]);
    }
    if (ordered.length > 0)
      await emitDocumentEvent(ctx, 'content.unpublished', input.id, {
        locale: input.locale,
        unpublished: ordered,
      });
    ctx.audit.target = input.id;
    ctx.audit.details = { locale: input.locale, unpublished: ordered };
    return { id: input.id, locale: input.locale, status: 'unpublished', unpublished: ordered };
  },
});
