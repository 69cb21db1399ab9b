import { z } from 'zod';
import { AppError } from '../errors/app-error.ts';
import { defineProcedure } from '../rpc/procedure.ts';
import { readDocument } from './document-read.ts';
import { bumpRevision } from './document-write.ts';
import { assertLocale, documentId, localeName, spaceName } from './inputs.ts';

/**
 * Drops the draft of one locale; the published version, if any, stays as it is. Drafts are not delivered, so
 * nothing is purged. 404 `content.draftNotFound` when there is no draft.
 */
export const contentDiscardDraft = defineProcedure({
  name: 'content.discardDraft',
  permission: 'space:write',
  input: z.strictObject({ space: spaceName, id: documentId, locale: localeName }),
  async run(ctx, input) {
    assertLocale(ctx.space, input.locale);
    await ctx.db.transaction(async (tx) => {
      await bumpRevision(tx, ctx.space.id, input.id);
      const gone = await tx.query(
        `delete from document_versions where document_id = $1 and locale = $2 and state = 'draft' returning 1`,
        [input.id, input.locale],
      );
      if (gone.rows.length === 0) throw new AppError('content.draftNotFound');
    });
    ctx.audit.target = input.id;
    ctx.audit.details = { locale: input.locale };
    return readDocument(ctx.db, ctx.space.id, input.id);
  },
});
