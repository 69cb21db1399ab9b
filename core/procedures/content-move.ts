import { z } from 'zod';
import { cacheTags } from '../cache/tags.ts';
import type { Queryable } from '../db/types.ts';
import { AppError } from '../errors/app-error.ts';
import { defineProcedure } from '../rpc/procedure.ts';
import { contentInvalid } from '../space-format/document-fields.ts';
import { documentSubtree } from './document-tree.ts';
import { bumpRevision, freeSlug, lockSiblings } from './document-write.ts';
import { documentId, spaceName } from './inputs.ts';

/** Which of `ids` the delivery index holds in some locale: what readers may have cached. */
export async function deliveredAmong(tx: Queryable, ids: string[]): Promise<Set<string>> {
  const res = await tx.query<{ document_id: string }>(
    'select distinct document_id from delivered_documents where document_id = any($1::uuid[])',
    [ids],
  );
  return new Set(res.rows.map((r) => r.document_id));
}

/**
 * Puts a document under another parent (`null`: a root) at a tree position (siblings sort by position, then
 * creation time, as in the space file). Refuses a parent inside the document's own subtree and a slug a new
 * sibling holds (422). The database recomputes the subtree's delivery (core/db/migrations/0002); the purge is
 * every document of the subtree delivered before or after (their permalinks hang on this one) and the lists,
 * or, for a new position under the same parent, the document alone and the lists.
 */
export const contentMove = defineProcedure({
  name: 'content.move',
  permission: 'space:write',
  input: z.strictObject({
    space: spaceName,
    id: documentId,
    parentId: documentId.nullable(),
    position: z.number().int().min(0).max(2_147_483_647),
  }),
  async run(ctx, input) {
    const spaceId = ctx.space.id;
    const result = await ctx.db.transaction(async (tx) => {
      const doc = await tx.query<{ parent_id: string | null; position: number }>(
        'select parent_id, position from documents where id = $1 and space_id = $2 for update',
        [input.id, spaceId],
      );
      const row = doc.rows[0];
      if (!row) throw new AppError('content.notFound');
      const subtree = await documentSubtree(tx, spaceId, input.id);
      const reparented = row.parent_id !== input.parentId;
      if (reparented && input.parentId) {
        if (subtree.includes(input.parentId)) throw contentInvalid('parentId: the tree has a cycle');
        const parent = await tx.query('select 1 from documents where id = $1 and space_id = $2', [
          input.parentId,
          spaceId,
        ]);
        if (parent.rows.length === 0) throw contentInvalid(`parentId: no document with id ${input.parentId}`);
      }
      if (!reparented && row.position === input.position) return { moved: [] as string[], changed: false };
      if (reparented) {
        await lockSiblings(tx, spaceId, input.parentId);
        const slugs = await tx.query<{ locale: string; slug: string }>(
          'select distinct locale, slug from document_versions where document_id = $1 order by locale, slug',
          [input.id],
        );
        for (const v of slugs.rows) {
          const at = { spaceId, parentId: input.parentId, locale: v.locale, except: input.id };
          await freeSlug(tx, at, v.slug, true, 'parentId');
        }
      }
      const affected = reparented ? subtree : [input.id];
      const before = await deliveredAmong(tx, affected);
      await tx.query('update documents set parent_id = $2, position = $3 where id = $1', [
        input.id,
        input.parentId,
        input.position,
      ]);
      await bumpRevision(tx, spaceId, input.id);
      const after = await deliveredAmong(tx, affected);
      return { moved: affected.filter((id) => before.has(id) || after.has(id)), changed: true };
    });
    if (result.moved.length > 0) {
      await ctx.cache.purgeTags([...result.moved.map(cacheTags.document), cacheTags.lists(spaceId)]);
    }
    ctx.audit.target = input.id;
    ctx.audit.details = { parentId: input.parentId, position: input.position };
    return { id: input.id, parentId: input.parentId, position: input.position, purged: result.moved };
  },
});
