import { cacheTags } from '../../core/cache/tags.ts';
import type { Db } from '../../core/db/types.ts';
import { AppError } from '../../core/errors/app-error.ts';
import { publishedAssetIds } from '../../core/media/visibility.ts';
import { selectAssets } from './asset-query.ts';
import { authorFields, selectAuthorCounts } from './author-query.ts';
import { expands, expandsDocuments, publicContentModel, type SpaceModel } from './content-model.ts';
import {
  carriedAlternates,
  carriedDocuments,
  type DeliverDeps,
  deliverAsset,
  deliverAssets,
  deliverDocuments,
  deliverUsers,
  tagAskedAssets,
  tagAskedDocuments,
  tagDocuments,
} from './deliver-documents.ts';
import { type DocumentSelection, selectDocuments } from './document-query.ts';
import { parseFilters } from './list-order.ts';
import { listPaging, selectDeleted } from './list-paging.ts';
import { checkListQuery } from './list-query.ts';
import { selectList } from './list-select.ts';
import { selectRedirects } from './menu-query.ts';
import { hrefOf, permalinkSegments } from './permalink.ts';
import { selectPermalinks } from './permalink-query.ts';
import { readAheadStore } from './read-ahead.ts';
import { menuReads } from './reader-menus.ts';
import { createRegistry } from './registry.ts';
import type { DocumentRow } from './rows.ts';
import { selectSpace, selectSpaces } from './space-query.ts';
import { selectTagCounts } from './tag-query.ts';
import type {
  Alternates,
  DeliveredAsset,
  DeliveredDocument,
  OneOptions,
  ReadContext,
  Reader,
} from './types.ts';

export interface ReaderOptions {
  db: Db;
  /** MEDIA_SIGNING_SECRET, else AUTH_SECRET: signs the variant addresses of assets. */
  mediaSecret: () => string;
  /** The website plugin is on: blocks carry `design: { variant, style }` from `ext.website`, when set. */
  blockDesigns: boolean;
}

/**
 * The one reader of published content (REST, GraphQL and the site). Each method is a few batched statements
 * over `Db` and records the cache tags of what it read in `ctx.tags`; every answer also carries
 * `cacheTags.registry` (it depends on the content model). What was asked by id carries the tags of those ids,
 * found or not (a publish of one purges its tag, so an answer without it gives way). Only what any publish may
 * change carries `cacheTags.lists(spaceId)`: lists, children, and "nothing here" at a permalink or the home
 * (which document a publish puts there is not known beforehand). A site page carries it only as a 404.
 */
export function createReader(options: ReaderOptions): Reader {
  const { db } = options;
  const registry = createRegistry(db);
  const deps: DeliverDeps = { db, mediaSecret: options.mediaSecret, blockDesigns: options.blockDesigns };

  const modelFor = async (ctx: ReadContext): Promise<SpaceModel> => {
    ctx.tags.addTags([cacheTags.registry]);
    return registry.model(ctx.spaceId);
  };
  /**
   * The model, read beside a statement that does not depend on it: a space's first read waited for its content
   * types before asking for its documents (two round trips in turn on a site's first visit, issue 42). Awaited
   * later; a failure before then is not unhandled.
   */
  const modelBeside = (ctx: ReadContext): Promise<SpaceModel> => {
    const model = modelFor(ctx);
    model.catch(() => {});
    return model;
  };
  const nothing = (ctx: ReadContext) => ctx.tags.addTags([cacheTags.lists(ctx.spaceId)]);
  const expandSet = (expand?: string[]) => new Set(expand ?? []);
  const ahead = readAheadStore();

  const menus = menuReads({ db, modelFor, modelBeside, nothing, many: (...args) => many(...args) });

  /** One document or null; a document of a type the registry does not know answers `contentType.notFound`. */
  async function one(
    ctx: ReadContext,
    selection: Omit<DocumentSelection, 'spaceId' | 'locale' | 'drafts' | 'related' | 'refs'>,
    expand?: string[],
    options?: OneOptions,
  ) {
    const modelRead = modelBeside(ctx);
    // What it names comes with it when it will be read next: expanded here, or asked by the caller. Only an
    // expansion needs the model before the statement.
    const related =
      options?.related === true || (!!expand?.length && expandsDocuments(await modelRead, expand));
    // A row the static export read ahead is the one this statement would answer (read-ahead.ts).
    const readAhead = related ? ahead.take(ctx, selection) : undefined;
    const row =
      (readAhead && (await readAhead)) ??
      (
        await selectDocuments(db, {
          spaceId: ctx.spaceId,
          locale: ctx.locale,
          drafts: ctx.drafts,
          ...selection,
          related,
          refs: expands(expand),
        })
      )[0];
    const model = await modelRead;
    if (!row) {
      if (selection.ids) tagAskedDocuments(ctx, selection.ids);
      else nothing(ctx);
      return null;
    }
    if (!model.contentTypes.has(row.type)) {
      nothing(ctx);
      throw new AppError('contentType.notFound', {
        message: `No such content type: "${row.type}".`,
        details: [{ key: 'contentType.notFound', params: { type: row.type } }],
      });
    }
    const [doc] = await deliverDocuments(deps, ctx, model, [row], expandSet(expand));
    return doc ?? null;
  }

  async function many(ctx: ReadContext, model: SpaceModel, rows: DocumentRow[], expand?: string[]) {
    return deliverDocuments(
      deps,
      ctx,
      model,
      rows.filter((r) => model.contentTypes.has(r.type)),
      expandSet(expand),
    );
  }

  async function assetsByIds(ctx: ReadContext, ids: string[]): Promise<Map<string, DeliveredAsset>> {
    // Public while published content names them: the tags of that rule, not of every list.
    tagAskedAssets(ctx, ids, true);
    const out = new Map<string, DeliveredAsset>();
    if (ids.length === 0) return out;
    // A share-link preview sees every asset of the space; the public sees what published content references.
    if (ctx.drafts) {
      for (const row of await selectAssets(db, ctx.spaceId, ids))
        out.set(row.id, deliverAsset(deps, ctx, row));
      return out;
    }
    // The media module owns the rule, so `/v1/assets` and `/media` never disagree about an asset.
    const visible = await publishedAssetIds(db, { spaceId: ctx.spaceId, assetIds: ids });
    for (const row of await selectAssets(db, ctx.spaceId, [...visible]))
      out.set(row.id, deliverAsset(deps, ctx, row));
    return out;
  }

  return {
    space: (idOrName) => selectSpace(db, idOrName),
    spaces: () => selectSpaces(db),

    async byPermalink(ctx, permalink, expand, options) {
      const segments = permalinkSegments(permalink);
      if (segments === null) {
        nothing(ctx);
        return null;
      }
      return segments.length === 0
        ? one(ctx, { home: true }, expand, options)
        : one(ctx, { segments }, expand, options);
    },

    home: (ctx, expand, options) => one(ctx, { home: true }, expand, options),

    readAhead(ctx, docs) {
      if (docs === null) {
        ahead.clear();
        return Promise.resolve();
      }
      return ahead.add(db, ctx, docs);
    },

    byId: (ctx, id, expand, options) => one(ctx, { ids: [id] }, expand, options),

    async byIds(ctx, ids, expand, from) {
      if (ids.length === 0) return new Map();
      const modelRead = modelBeside(ctx);
      tagAskedDocuments(ctx, ids);
      const rows =
        (from && carriedDocuments(from, ids)) ??
        (await selectDocuments(db, {
          spaceId: ctx.spaceId,
          locale: ctx.locale,
          drafts: ctx.drafts,
          ids,
          // Their assets and users are read next: expanded here, or asked by a caller naming `from` (a page).
          refs: from !== undefined || expands(expand),
        }));
      const docs = await many(ctx, await modelRead, rows, expand);
      return new Map(docs.map((d) => [d.id, d]));
    },

    async list(ctx, query) {
      const { limit, offset } = checkListQuery(query);
      const model = await modelFor(ctx);
      nothing(ctx);
      if (query.type !== undefined && !model.contentTypes.has(query.type)) {
        throw new AppError('contentType.notFound', {
          message: `No such content type: "${query.type}".`,
          details: [{ key: 'contentType.notFound', params: { type: query.type }, path: 'type' }],
        });
      }
      // Checked against the model after `type`: a field is its type's, and the allowed names are named.
      const typeDef = query.type !== undefined ? model.contentTypes.get(query.type) : undefined;
      const filters = parseFilters(query.filter ?? [], typeDef);
      const paging = listPaging(ctx, { ...query, offset }, typeDef, filters);
      const { order } = paging;
      const page = await selectList(db, {
        spaceId: ctx.spaceId,
        locale: ctx.locale,
        drafts: ctx.drafts,
        types: query.type !== undefined ? [query.type] : [...model.contentTypes.keys()],
        parentId: query.parentId,
        under: query.under,
        tags: query.tags,
        search: query.search,
        limit,
        offset,
        ...(query.carry ? { carry: true } : {}),
        ...(order.length ? { order } : {}),
        ...(filters.length ? { filters } : {}),
        ...paging.selection,
      });
      const items = await many(ctx, model, page.rows, query.expand);
      return { items, total: page.total, limit, offset, cursor: paging.next(page) };
    },

    async deleted(ctx, query) {
      checkListQuery({ limit: query.limit, offset: 0 });
      nothing(ctx);
      return selectDeleted(db, ctx, query);
    },

    async children(ctx, parentIds) {
      const out = new Map<string, DeliveredDocument[]>(parentIds.map((id) => [id, []]));
      if (parentIds.length === 0) return out;
      const model = await modelFor(ctx);
      nothing(ctx);
      const rows = await selectDocuments(db, {
        spaceId: ctx.spaceId,
        locale: ctx.locale,
        drafts: ctx.drafts,
        parentIds,
      });
      for (const doc of await many(ctx, model, rows)) {
        if (doc.parentId) out.get(doc.parentId)?.push(doc);
      }
      return out;
    },

    async alternates(ctx, ids, from) {
      const out = new Map<string, Alternates>();
      if (ids.length === 0) return out;
      // The versions of one document in every locale: its publish in any of them purges its tag.
      tagAskedDocuments(ctx, ids);
      const rows =
        (from && carriedAlternates(from, ids)) ??
        (await selectPermalinks(db, {
          spaceId: ctx.spaceId,
          locale: 'every',
          drafts: ctx.drafts,
          ids,
        }));
      tagDocuments(ctx, rows);
      for (const row of rows) {
        const entry = out.get(row.id) ?? {};
        entry[row.locale] = row.permalink;
        out.set(row.id, entry);
      }
      return out;
    },

    menu: menus.menu,
    menuSummaries: menus.menuSummaries,

    async tags(ctx) {
      // Any publish may add a tag's document or take it away.
      ctx.tags.addTags([cacheTags.lists(ctx.spaceId)]);
      const model = await modelFor(ctx);
      return selectTagCounts(db, ctx.spaceId, ctx.locale, [...model.contentTypes.keys()]);
    },

    async authors(ctx) {
      ctx.tags.addTags([cacheTags.lists(ctx.spaceId)]);
      const model = await modelFor(ctx);
      const fields = authorFields(model.contentTypes.values());
      const counts = await selectAuthorCounts(db, ctx.spaceId, ctx.locale, fields);
      const users = await deliverUsers(
        deps,
        ctx,
        counts.map((c) => c.id),
      );
      return counts
        .flatMap((c) => {
          const user = users.get(c.id);
          return user ? [{ ...user, count: c.count }] : [];
        })
        .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
    },

    async redirects(ctx) {
      ctx.tags.addTags([cacheTags.redirects(ctx.spaceId)]);
      // Published reads get their targets' addresses with the redirects; previews walk the tree for them.
      const rows = await selectRedirects(db, ctx.spaceId, ctx.locale, { targets: !ctx.drafts });
      const redirects = rows.map(({ target, ...r }) => r);
      const targets = [
        ...new Set(redirects.flatMap((r) => (r.toPath === null && r.contentId ? [r.contentId] : []))),
      ];
      if (targets.length === 0) return redirects;
      // A target not delivered in the locale redirects nowhere until its publish.
      tagAskedDocuments(ctx, targets);
      const delivered = ctx.drafts
        ? await selectPermalinks(db, {
            spaceId: ctx.spaceId,
            locale: ctx.locale,
            drafts: ctx.drafts,
            ids: targets,
          })
        : rows.flatMap((r) => (r.target ? [r.target] : []));
      tagDocuments(ctx, delivered);
      const permalinks = new Map(delivered.map((r) => [r.id, r.permalink]));
      // A redirect to a document goes to its address in the locale (null while it is not delivered there).
      return redirects.map((r) =>
        r.toPath === null && r.contentId ? { ...r, toPath: hrefOf(permalinks.get(r.contentId)) } : r,
      );
    },

    async asset(ctx, id) {
      return (await assetsByIds(ctx, [id])).get(id.toLowerCase()) ?? null;
    },

    assets: (ctx, ids) => assetsByIds(ctx, [...new Set(ids)]),

    async referencedAssets(ctx, ids, from) {
      const wanted = [...new Set(ids)];
      tagAskedAssets(ctx, wanted, false);
      if (wanted.length === 0) return new Map<string, DeliveredAsset>();
      return deliverAssets(deps, ctx, wanted, from);
    },

    users: (ctx, ids, from) => deliverUsers(deps, ctx, [...new Set(ids)], from),

    async contentModel(spaceId) {
      return publicContentModel(await registry.model(spaceId));
    },

    reloadRegistry: () => registry.reload(),
    schemaVersion: () => registry.schemaVersion(),
  };
}
