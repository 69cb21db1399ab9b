import { z } from 'zod';
import { defineProcedure } from '../rpc/procedure.ts';
import { contentInvalid } from '../space-format/document-fields.ts';
import { technicalName } from '../space-format/field-defs.ts';
import { emitDocumentEvent } from '../webhooks/events.ts';
import { readDocument } from './document-read.ts';
import {
  assertFields,
  fieldsInput,
  freeSlug,
  lockSiblings,
  setTags,
  slugFromTitle,
  slugInput,
  tagsInput,
  titleInput,
  typeFields,
  versionSearchText,
} from './document-write.ts';
import { assertLocale, documentId, localeName, spaceName } from './inputs.ts';

/**
 * A new document with a draft in one locale. Nothing is delivered until it is published, so nothing is purged.
 * Without `position` it goes after its last sibling; without `slug` the slug is made from the title and made
 * unique among its siblings (`-2`, `-3`…).
 */
export const contentCreate = defineProcedure({
  name: 'content.create',
  permission: 'space:write',
  input: z.strictObject({
    space: spaceName,
    type: technicalName,
    parentId: documentId.nullable().optional(),
    position: z.number().int().min(0).max(2_147_483_647).optional(),
    locale: localeName,
    title: titleInput,
    slug: slugInput.optional(),
    fields: fieldsInput.default({}),
    tags: tagsInput.default([]),
  }),
  async run(ctx, input) {
    assertLocale(ctx.space, input.locale);
    const spaceId = ctx.space.id;
    const parentId = input.parentId ?? null;
    const id = await ctx.db.transaction(async (tx) => {
      const defs = await typeFields(tx, spaceId, input.type);
      await lockSiblings(tx, spaceId, parentId);
      if (parentId) {
        const parent = await tx.query('select 1 from documents where id = $1 and space_id = $2', [
          parentId,
          spaceId,
        ]);
        if (parent.rows.length === 0) throw contentInvalid(`parentId: no document with id ${parentId}`);
      }
      await assertFields(tx, ctx, defs, input.fields);
      const slug = await freeSlug(
        tx,
        { spaceId, parentId, locale: input.locale, except: null },
        input.slug ?? slugFromTitle(input.title),
        input.slug !== undefined,
      );
      const created = await tx.query<{ id: string }>(
        `insert into documents (id, space_id, type, parent_id, position)
         values (gen_random_uuid(), $1, $2, $3::uuid, coalesce($4::int,
           (select coalesce(max(position) + 1, 0) from documents where space_id = $1 and parent_id is not distinct from $3::uuid)))
         returning id`,
        [spaceId, input.type, parentId, input.position ?? null],
      );
      const newId = created.rows[0]!.id;
      await setTags(tx, spaceId, newId, input.tags);
      await tx.query(
        `insert into document_versions (document_id, locale, state, title, slug, fields, search_text)
         values ($1, $2, 'draft', $3, $4, $5, $6)`,
        [
          newId,
          input.locale,
          input.title,
          slug,
          JSON.stringify(input.fields),
          await versionSearchText(tx, newId, defs, input.fields),
        ],
      );
      return newId;
    });
    ctx.audit.target = id;
    ctx.audit.details = { type: input.type, locale: input.locale, parentId };
    await emitDocumentEvent(ctx, 'content.draftSaved', id, { locale: input.locale });
    return readDocument(ctx.db, spaceId, id);
  },
});
