import { z } from 'zod';
import type { TaggedCache } from '../cache/tagged-cache.ts';
import { cacheTags } from '../cache/tags.ts';
import { searchText } from '../content/search-text.ts';
import type { Db, Queryable } from '../db/types.ts';
import { AppError } from '../errors/app-error.ts';
import type { Logger } from '../log.ts';
import { assetUseTags, changedIds } from '../media/asset-use.ts';
import type { Plugin } from '../plugins.ts';
import { defineProcedure } from '../rpc/procedure.ts';
import type { SpaceRef } from '../rpc/spaces.ts';
import { scheduleAction } from '../scheduling/schedule-action.ts';
import { contentInvalid, spaceValueContext, versionFieldsProblem } from '../space-format/document-fields.ts';
import type { FieldDef } from '../space-format/field-defs.ts';
import { emitDocumentEvent } from '../webhooks/events.ts';
import { documentSubtree } from './document-tree.ts';
import { assertLocale, documentId, futureTime, localeName, spaceName } from './inputs.ts';

interface VersionRow {
  state: 'published' | 'draft';
  title: string;
  slug: string;
  fields: Record<string, unknown>;
  published_at: Date | string | null;
}

async function fieldDefsOf(tx: Queryable, spaceId: string, type: string): Promise<FieldDef[]> {
  const defs = await tx.query<{ fields: FieldDef[] }>(
    `select fields from content_types where space_id = $1 and kind = 'content' and name = $2`,
    [spaceId, type],
  );
  return defs.rows[0]?.fields ?? [];
}

/**
 * What is published is checked as the import checks a published version: complete (its `required` fields
 * hold values; a draft may lack them) and pointing only at what exists now (an asset deleted since the draft
 * was saved). 422 `content.invalid` with the path, and nothing changes.
 */
async function assertPublishable(
  tx: Queryable,
  deps: ContentChangeDeps,
  defs: FieldDef[],
  fields: Record<string, unknown>,
): Promise<void> {
  const values = await spaceValueContext(tx, deps.space.id, fields, deps.plugins ?? []);
  const problem = versionFieldsProblem(fields, defs, 'fields', { ...values, complete: true });
  if (problem) throw contentInvalid(problem);
}

async function searchTextOf(
  tx: Queryable,
  documentId: string,
  defs: FieldDef[],
  fields: Record<string, unknown>,
) {
  const tags = await tx.query<{ name: string }>(
    'select t.name from document_tags dt join tags t on t.id = dt.tag_id where dt.document_id = $1 order by dt.position',
    [documentId],
  );
  return searchText(
    fields,
    defs,
    tags.rows.map((t) => t.name),
  );
}

/** What publishing and unpublishing need: the space's database and cache, and where failures are logged. */
export interface ContentChangeDeps {
  db: Db;
  cache: TaggedCache;
  log: Logger;
  space: SpaceRef;
  /** The plugins' checks of block extensions; the scheduler publishes without them (checked when saved). */
  plugins?: Plugin[];
}

/** One document in one locale; `claim` runs inside the change's transaction (a scheduled run claims its row). */
export interface DocumentChange {
  id: string;
  locale: string;
  /**
   * Runs in the change's transaction right after the document is locked; what it throws rolls the change back.
   * A scheduled run deletes its row here, so that of two processes only one changes the document.
   */
  claim?: (tx: Queryable) => Promise<void>;
}

/**
 * Publishes a document in one locale: its draft becomes the published version (search text recomputed), or,
 * without a draft, the published version is published again. `publishedAt` keeps the first publication.
 * Purges the document's tags and its descendants' (their permalinks hang on it, and those an unpublish of
 * this document hid are delivered again: the delivery index's triggers recompute the subtree), the lists, and
 * the use of the assets the new version names and the old one did not, or the other way round (asset-use.ts),
 * then records the `content.published` event. `content.publish` and scheduled publishing both call this.
 */
export async function publishDocument(deps: ContentChangeDeps, change: DocumentChange): Promise<string> {
  const { id, locale } = change;
  assertLocale(deps.space, locale);
  const published = await deps.db.transaction(async (tx) => {
    const doc = await tx.query<{ type: string }>(
      'select type from documents where id = $1 and space_id = $2 for update',
      [id, deps.space.id],
    );
    if (!doc.rows[0]) throw new AppError('content.notFound');
    await change.claim?.(tx);
    const versions = await tx.query<VersionRow>(
      'select state, title, slug, fields, published_at from document_versions where document_id = $1 and locale = $2',
      [id, locale],
    );
    const draft = versions.rows.find((v) => v.state === 'draft');
    const current = versions.rows.find((v) => v.state === 'published');
    const source = draft ?? current;
    if (!source) {
      throw new AppError('content.notFound', {
        message: `The document has no version in locale "${locale}".`,
      });
    }
    const defs = await fieldDefsOf(tx, deps.space.id, doc.rows[0].type);
    await assertPublishable(tx, deps, defs, source.fields);
    const text = await searchTextOf(tx, id, defs, source.fields);
    const res = await tx.query<{ published_at: Date }>(
      `insert into document_versions (document_id, locale, state, title, slug, fields, published_at, updated_at, search_text)
       values ($1, $2, 'published', $3, $4, $5, coalesce($6::timestamptz, now()), now(), $7)
       on conflict (document_id, locale, state) do update set title = excluded.title, slug = excluded.slug,
         fields = excluded.fields, published_at = excluded.published_at, updated_at = now(), search_text = excluded.search_text
       returning published_at`,
      [
        id,
        locale,
        source.title,
        source.slug,
        JSON.stringify(source.fields),
        // The first publication: of the published version, else the one an unpublish left on the draft.
        current?.published_at ?? draft?.published_at ?? null,
        text,
      ],
    );
    if (draft) {
      await tx.query(
        `delete from document_versions where document_id = $1 and locale = $2 and state = 'draft'`,
        [id, locale],
      );
    }
    return {
      at: res.rows[0]!.published_at,
      type: doc.rows[0].type,
      named: changedIds(current ? [current.fields] : [], [source.fields]),
    };
  });
  const [subtree, assetUse] = await Promise.all([
    documentSubtree(deps.db, deps.space.id, id),
    assetUseTags(deps.db, deps.space.id, published.named),
  ]);
  await deps.cache.purgeTags([
    ...subtree.map(cacheTags.document),
    cacheTags.lists(deps.space.id),
    // Without descendants it can enter, leave or move in the lists of its type in its locale alone (with them,
    // those it hid by an unpublish come back in their own types' lists: every list, as before).
    ...(subtree.length === 1 ? [cacheTags.listsOf(deps.space.id, published.type, locale)] : []),
    ...assetUse,
  ]);
  await emitDocumentEvent(deps, 'content.published', id, { locale });
  return new Date(published.at).toISOString();
}

/**
 * `content.publish`: publishes now (`publishDocument`), or, with `publishAt`, stores a scheduled publish that
 * the management processes run at that time (core/scheduling/) and changes nothing now.
 */
export const contentPublish = defineProcedure({
  name: 'content.publish',
  permission: 'space:write',
  input: z.strictObject({
    space: spaceName,
    id: documentId,
    locale: localeName,
    publishAt: futureTime.optional(),
  }),
  async run(ctx, input) {
    ctx.audit.target = input.id;
    if (input.publishAt) {
      const scheduled = await scheduleAction(ctx, {
        id: input.id,
        locale: input.locale,
        action: 'publish',
        at: input.publishAt,
      });
      ctx.audit.details = { locale: input.locale, publishAt: scheduled.at };
      return scheduled;
    }
    const publishedAt = await publishDocument(ctx, input);
    ctx.audit.details = { locale: input.locale };
    return { id: input.id, locale: input.locale, status: 'published', publishedAt };
  },
});
