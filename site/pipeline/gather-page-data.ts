import type { TaggedCache } from '../../core/cache/tagged-cache.ts';
import type { Queryable } from '../../core/db/types.ts';
import type { DeliveredDocument, ReadContext, Reader } from '../../delivery/reader/types.ts';
import type { PageNeeds } from '../designs/site-designs.ts';
import { authorOf } from '../render/bindings.ts';
import type { ContentFields, Crumb, RenderData } from '../render/context.ts';
import { cachedRead } from './cached-read.ts';
import { collectRefs, emptyRefs } from './collect-refs.ts';
import { loadDesignAssets } from './load-design-assets.ts';

export interface GatherArgs {
  document: DeliveredDocument;
  fields: ContentFields;
  needs: PageNeeds;
  /** Assets the designs and settings name (logo, favicon, share image, images in designs). */
  designAssetIds: string[];
  homeId: string | null;
  href: (doc: { id: string; permalink: string }) => string;
}

/**
 * Everything a page's render reads besides its document, in a few batched reads through the
 * reader (which records the cache tags of all of it): related documents, assets and users of the
 * document (blocks and repeaters included) and one level into related documents, the menus the
 * designs show, the breadcrumb trail, and the assets of the designs.
 */
export async function gatherPageData(
  deps: { reader: Reader; db: Queryable; mediaSecret: () => string; cache: TaggedCache },
  ctx: ReadContext,
  args: GatherArgs,
): Promise<Omit<RenderData, 'versions'>> {
  const { reader } = deps;
  const { document: doc, fields } = args;
  const refs = collectRefs(doc.fields, fields.contentTypes[doc.type] ?? [], fields, emptyRefs());
  const author = authorOf(doc, fields.contentTypes[doc.type] ?? []);
  if (typeof author === 'string') refs.users.add(author);
  refs.documents.delete(doc.id);

  // The designs' assets depend on the designs alone: read beside the first batch, not after it (a first visit of a
  // site waited for the menus, then for these; issue 42). Kept as entries: cached values travel through Redis as
  // JSON, which has no Map.
  const designAssetsRead = cachedRead(
    deps.cache,
    `design-assets:${[...new Set(args.designAssetIds)].sort().join(',')}`,
    ctx,
    async (c) => [...(await loadDesignAssets(deps, c, args.designAssetIds))],
  ).then((entries) => new Map(entries));
  designAssetsRead.catch(() => {}); // awaited below; a failure before then is not unhandled
  const [documents, menus, ancestors] = await Promise.all([
    reader.byIds(ctx, [...refs.documents], undefined, [doc]),
    // Every menu the designs show in one entry and two statements: a first visit of a site read each menu in
    // two statements and through Redis (issue 42).
    args.needs.menus.length
      ? cachedRead(deps.cache, `menus:${args.needs.menus.join(',')}`, ctx, (c) =>
          reader.menuSummaries(c, args.needs.menus),
        )
      : Promise.resolve([]),
    args.needs.breadcrumbs ? trail(deps, ctx, doc, args) : Promise.resolve([]),
  ]);

  // One level into related documents: what `relation.field` and `relation.$author` bindings show.
  const second = emptyRefs();
  for (const related of documents.values()) {
    const defs = fields.contentTypes[related.type] ?? [];
    collectRefs(related.fields, defs, fields, second, 'top');
    const relatedAuthor = authorOf(related, defs);
    if (typeof relatedAuthor === 'string') second.users.add(relatedAuthor);
  }
  const assetIds = [...refs.assets, ...second.assets];
  // What names them: with their assets and users read with them, no round trip is left after the document.
  const from = [doc, ...documents.values()];
  const [assets, users, designAssets] = await Promise.all([
    // Named by the fields of published documents just delivered: public by the rule, not checked again.
    reader.referencedAssets(ctx, assetIds, from),
    reader.users(ctx, [...new Set([...refs.users, ...second.users])], from),
    designAssetsRead,
  ]);
  for (const [id, asset] of designAssets) if (!assets.has(id)) assets.set(id, asset);
  return {
    documents,
    assets,
    users,
    menus: new Map(menus.flatMap((m, i) => (m ? [[args.needs.menus[i]!, m] as const] : []))),
    ancestors,
  };
}

/** The page's ancestors, root first: one permalink lookup per level, all at once, each kept until a publish. */
async function trail(
  deps: { reader: Reader; cache: TaggedCache },
  ctx: ReadContext,
  doc: DeliveredDocument,
  args: GatherArgs,
): Promise<Crumb[]> {
  const segments = doc.permalink.split('/').filter(Boolean);
  const prefixes = segments.slice(0, -1).map((_, i) => segments.slice(0, i + 1).join('/'));
  const found = await Promise.all(
    prefixes.map((p) => cachedRead(deps.cache, `crumb:${p}`, ctx, (c) => deps.reader.byPermalink(c, p))),
  );
  return found
    .filter((d): d is DeliveredDocument => d !== null && d.id !== args.homeId)
    .map((d) => ({ title: d.title, href: args.href(d) }));
}
