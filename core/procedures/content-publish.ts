import { z } from 'zod';
import { cacheTags } from '../cache/tags.ts';
import { searchText } from '../content/search-text.ts';
import type { Queryable } from '../db/types.ts';
import { AppError } from '../errors/app-error.ts';
import { assetUseTags, changedIds } from '../media/asset-use.ts';
import { defineProcedure } from '../rpc/procedure.ts';
import type { FieldDef } from '../space-format/field-defs.ts';
import { emitDocumentEvent } from '../webhooks/events.ts';
import { documentSubtree } from './document-tree.ts';
import { assertLocale, documentId, localeName, spaceName } from './inputs.ts';

interface VersionRow {
  state: 'published' | 'draft';
  title: string;
  slug: string;
  fields: Record<string, unknown>;
  published_at: Date | string | null;
}

async function searchTextOf(
  tx: Queryable,
  spaceId: string,
  documentId: string,
  type: string,
  fields: Record<string, unknown>,
) {
  const defs = await tx.query<{ fields: FieldDef[] }>(
    `select fields from content_types where space_id = $1 and kind = 'content' and name = $2`,
    [spaceId, type],
  );
  const tags = await tx.query<{ name: string }>(
    'select t.name from document_tags dt join tags t on t.id = dt.tag_id where dt.document_id = $1 order by dt.position',
    [documentId],
  );
  return searchText(
    fields,
    defs.rows[0]?.fields ?? [],
    tags.rows.map((t) => t.name),
  );
}

/**
 * Publishes a document in one locale: its draft becomes the published version (search text recomputed), or,
 * without a draft, the published version is published again. `publishedAt` keeps the first publication.
 * Purges the document's tags and its descendants' (their permalinks hang on it, and those an unpublish of
 * this document hid are delivered again: the delivery index's triggers recompute the subtree), the lists, and
 * the use of the assets the new version names and the old one did not, or the other way round (asset-use.ts).
 */
export const contentPublish = defineProcedure({
  name: 'content.publish',
  permission: 'space:write',
  input: z.strictObject({ space: spaceName, id: documentId, locale: localeName }),
  async run(ctx, input) {
    assertLocale(ctx.space, input.locale);
    const published = await ctx.db.transaction(async (tx) => {
      const doc = await tx.query<{ type: string }>(
        'select type from documents where id = $1 and space_id = $2 for update',
        [input.id, ctx.space.id],
      );
      if (!doc.rows[0]) throw new AppError('content.notFound');
      const versions = await tx.query<VersionRow>(
        'select state, title, slug, fields, published_at from document_versions where document_id = $1 and locale = $2',
        [input.id, input.locale],
      );
      const draft = versions.rows.find((v) => v.state === 'draft');
      const current = versions.rows.find((v) => v.state === 'published');
      const source = draft ?? current;
      if (!source) {
        throw new AppError('content.notFound', {
          message: `The document has no version in locale "${input.locale}".`,
        });
      }
      const text = await searchTextOf(tx, ctx.space.id, input.id, doc.rows[0].type, source.fields);
      const res = await tx.query<{ published_at: Date }>(
        `insert into document_versions (document_id, locale, state, title, slug, fields, published_at, updated_at, search_text)
         values ($1, $2, 'published', $3, $4, $5, coalesce($6::timestamptz, now()), now(), $7)
         on conflict (document_id, locale, state) do update set title = excluded.title, slug = excluded.slug,
           fields = excluded.fields, published_at = excluded.published_at, updated_at = now(), search_text = excluded.search_text
         returning published_at`,
        [
          input.id,
          input.locale,
          source.title,
          source.slug,
          JSON.stringify(source.fields),
          current?.published_at ?? null,
          text,
        ],
      );
      if (draft) {
        await tx.query(
          `delete from document_versions where document_id = $1 and locale = $2 and state = 'draft'`,
          [input.id, input.locale],
        );
      }
      return {
        at: res.rows[0]!.published_at,
        named: changedIds(current ? [current.fields] : [], [source.fields]),
      };
    });
    const [subtree, assetUse] = await Promise.all([
      documentSubtree(ctx.db, ctx.space.id, input.id),
      assetUseTags(ctx.db, ctx.space.id, published.named),
    ]);
    await ctx.cache.purgeTags([
      ...subtree.map(cacheTags.document),
      cacheTags.lists(ctx.space.id),
      ...assetUse,
    ]);
    await emitDocumentEvent(ctx, 'content.published', input.id, { locale: input.locale });
    ctx.audit.target = input.id;
    ctx.audit.details = { locale: input.locale };
    return {
      id: input.id,
      locale: input.locale,
      status: 'published',
      publishedAt: new Date(published.at).toISOString(),
    };
  },
});
