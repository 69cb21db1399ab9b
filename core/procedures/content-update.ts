import { z } from 'zod';
import { cacheTags } from '../cache/tags.ts';
import { AppError } from '../errors/app-error.ts';
import { defineProcedure } from '../rpc/procedure.ts';
import { contentInvalid } from '../space-format/document-fields.ts';
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

interface Base {
  state: 'draft' | 'published';
  title: string;
  slug: string;
  fields: Record<string, unknown>;
}

/**
 * Saves the draft of one locale (made from the published version when there is none): given parts replace
 * the draft's, `fields` as a whole. `revision` is the one the caller read; the statement that raises it
 * compares it too, so a stale one writes nothing and answers 409 `content.conflict` with the current one.
 * A draft is never delivered (share links bypass the shared cache), so only new tags of a delivered
 * document purge anything: its tags and the space's lists.
 */
export const contentUpdate = defineProcedure({
  name: 'content.update',
  permission: 'space:write',
  input: z.strictObject({
    space: spaceName,
    id: documentId,
    locale: localeName,
    revision: z.number().int().min(0),
    title: titleInput.optional(),
    slug: slugInput.optional(),
    fields: fieldsInput.optional(),
    tags: tagsInput.optional(),
  }),
  async run(ctx, input) {
    assertLocale(ctx.space, input.locale);
    const spaceId = ctx.space.id;
    const purge = await ctx.db.transaction(async (tx) => {
      const claimed = await tx.query<{ type: string; parent_id: string | null }>(
        `update documents set revision = revision + 1
         where id = $1 and space_id = $2 and revision = $3 returning type, parent_id`,
        [input.id, spaceId, input.revision],
      );
      const doc = claimed.rows[0];
      if (!doc) {
        const current = await tx.query<{ revision: string }>(
          'select revision from documents where id = $1 and space_id = $2',
          [input.id, spaceId],
        );
        if (!current.rows[0]) throw new AppError('content.notFound');
        const revision = Number(current.rows[0].revision);
        throw new AppError('content.conflict', {
          details: [{ key: 'content.conflict', path: 'revision', params: { revision } }],
        });
      }
      const defs = await typeFields(tx, spaceId, doc.type);
      const versions = await tx.query<Base>(
        'select state, title, slug, fields from document_versions where document_id = $1 and locale = $2',
        [input.id, input.locale],
      );
      const base = versions.rows.find((v) => v.state === 'draft') ?? versions.rows[0];
      const title = input.title ?? base?.title;
      if (title === undefined) throw contentInvalid('title: required (no version in this locale yet)');
      if (input.fields !== undefined) await assertFields(tx, ctx, defs, input.fields);
      let slug = input.slug ?? base?.slug;
      if (slug === undefined || input.slug !== undefined) {
        await lockSiblings(tx, spaceId, doc.parent_id);
        const at = { spaceId, parentId: doc.parent_id, locale: input.locale, except: input.id };
        slug = await freeSlug(tx, at, slug ?? slugFromTitle(title), input.slug !== undefined);
      }
      const tagsChanged = input.tags !== undefined && (await setTags(tx, spaceId, input.id, input.tags));
      const fields = input.fields ?? base?.fields ?? {};
      await tx.query(
        `insert into document_versions (document_id, locale, state, title, slug, fields, updated_at, search_text)
         values ($1, $2, 'draft', $3, $4, $5, now(), $6)
         on conflict (document_id, locale, state) do update set title = excluded.title, slug = excluded.slug,
           fields = excluded.fields, updated_at = now(), search_text = excluded.search_text`,
        [
          input.id,
          input.locale,
          title,
          slug,
          JSON.stringify(fields),
          await versionSearchText(tx, input.id, defs, fields),
        ],
      );
      if (!tagsChanged) return false;
      // Tag names are searched in every version, published ones included; tags are delivered with the document.
      const others = await tx.query<{ locale: string; state: string; fields: Record<string, unknown> }>(
        'select locale, state, fields from document_versions where document_id = $1 and not (locale = $2 and state = $3)',
        [input.id, input.locale, 'draft'],
      );
      for (const v of others.rows) {
        await tx.query(
          'update document_versions set search_text = $4 where document_id = $1 and locale = $2 and state = $3',
          [input.id, v.locale, v.state, await versionSearchText(tx, input.id, defs, v.fields)],
        );
      }
      const delivered = await tx.query('select 1 from delivered_documents where document_id = $1 limit 1', [
        input.id,
      ]);
      return delivered.rows.length > 0;
    });
    if (purge) await ctx.cache.purgeTags([cacheTags.document(input.id), cacheTags.lists(spaceId)]);
    ctx.audit.target = input.id;
    ctx.audit.details = {
      locale: input.locale,
      changed: ['title', 'slug', 'fields', 'tags'].filter((k) => k in input),
    };
    await emitDocumentEvent(ctx, 'content.draftSaved', input.id, { locale: input.locale });
    return readDocument(ctx.db, spaceId, input.id);
  },
});
