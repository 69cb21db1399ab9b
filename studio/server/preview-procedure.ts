import { z } from 'zod';
import type { TaggedCache } from '../../core/cache/tagged-cache.ts';
import type { DesignRecord } from '../../core/designs/index.ts';
import { AppError } from '../../core/errors/app-error.ts';
import type { Logger } from '../../core/log.ts';
import { assertLocale, documentId, localeName, spaceName } from '../../core/procedures/inputs.ts';
import { defineProcedure } from '../../core/rpc/procedure.ts';
import { sharedReader } from '../../delivery/reader/shared-reader.ts';
import type { DeliveredDocument, ReadContext } from '../../delivery/reader/types.ts';
import { NOT_FOUND_TYPE } from '../../site/designs/generated.ts';
import { homeId } from '../../site/pipeline/find-document.ts';
import { gatherPageData } from '../../site/pipeline/gather-page-data.ts';
import { loadDesigns } from '../../site/pipeline/load-designs.ts';
import { loadSite } from '../../site/pipeline/load-site.ts';

/**
 * `studio.preview`: what the studio sends the canvas besides the designs, read as the site reads it
 * (site/pipeline): the site's name and locales, the public fields of every type, the published
 * documents of a locale to pick from, and one document with everything its page shows (related
 * documents, assets, users, every menu of the space, the breadcrumb trail), in the shapes of
 * docs/canvas-protocol.md. Also the designs the site generates for kinds nobody stored, so an editor
 * starts from what visitors see. Reads only published content; needs `space:read`.
 */

const previewInput = z.strictObject({
  space: spaceName,
  locale: localeName.optional(),
  /** The document to preview; absent: the home document, else the first published one. */
  id: documentId.optional(),
  /** The document's draft (as a share link of it shows it), for the content view's preview while writing. */
  draft: z.boolean().optional(),
});

export interface PreviewDocumentItem {
  id: string;
  type: string;
  title: string;
  permalink: string;
}

const noTags = { addTags() {} };

export function studioPreviewProcedure(deps: { mediaSecret: () => string }) {
  return defineProcedure({
    name: 'studio.preview',
    permission: 'space:read',
    input: previewInput,
    async run(ctx, input) {
      const space = ctx.space;
      const reader = sharedReader({ db: ctx.db, mediaSecret: deps.mediaSecret, blockDesigns: true });
      const locale = input.locale ?? space.defaultLocale;
      assertLocale(space, locale);
      const site = await loadSite({ db: ctx.db, cache: ctx.cache, reader }, space.id);
      if (!site) throw new AppError('content.notFound');
      const loaded = await loadDesigns(
        { db: ctx.db, cache: ctx.cache as TaggedCache, reader, log: ctx.log as Logger },
        site,
      );
      const listed = await ctx.db.query<PreviewDocumentItem & { slugs: string[] }>(
        `select d.document_id as id, d.type, v.title, d.slugs
           from delivered_documents d
           join document_versions v on v.document_id = d.document_id and v.locale = d.locale and v.state = 'published'
          where d.space_id = $1 and d.locale = $2
          order by d.sort_key limit 500`,
        [space.id, locale],
      );
      const documents = listed.rows.map(({ slugs, ...d }) => ({ ...d, permalink: slugs.join('/') }));
      const rctx: ReadContext = {
        spaceId: space.id,
        locale,
        tags: noTags,
        ...(input.draft && input.id ? { drafts: { documentId: input.id } } : {}),
      };
      const home = homeId(site);
      const wanted = input.id ?? (documents.some((d) => d.id === home) ? home : documents[0]?.id);
      const document: DeliveredDocument | null = wanted ? await reader.byId(rctx, wanted) : null;
      if (input.id && !document) throw new AppError('content.notFound');

      const menus = await ctx.db.query<{ machine_name: string }>(
        'select machine_name from menus where space_id = $1 order by position, machine_name',
        [space.id],
      );
      const menuNames = menus.rows.map((r) => r.machine_name);
      const { bundle, fields } = loaded;
      const contentFields = {
        contentTypes: Object.fromEntries(
          Object.entries(fields.contentTypes).filter(([type]) => type !== NOT_FOUND_TYPE),
        ),
        blockTypes: fields.blockTypes,
      };
      let content: Record<string, unknown> | null = null;
      if (document) {
        const href = (d: { id: string; permalink: string }) => (d.id === home ? '/' : `/${d.permalink}`);
        const data = await gatherPageData(
          { reader, db: ctx.db, mediaSecret: deps.mediaSecret, cache: ctx.cache as TaggedCache },
          rctx,
          {
            document,
            fields,
            // Every menu: an editor may place any of them in a design.
            needs: { menus: menuNames, breadcrumbs: true },
            designAssetIds: bundle.assetIds,
            homeId: home,
            href,
          },
        );
        content = {
          document,
          documents: [...data.documents.values()],
          assets: [...data.assets.values()],
          users: [...data.users.values()].map((u) => ({ id: u.id, name: u.name })),
          menus: [...data.menus.values()],
          ancestors: data.ancestors,
        };
      }
      // `bundle.records`: the stored records, then the generated ones (site/designs/site-designs.ts).
      const seen = new Set<string>();
      const designs: DesignRecord[] = [];
      for (const r of bundle.records) {
        const k = `${r.kind}/${r.key}`;
        if ((r.kind === 'page' && r.key === NOT_FOUND_TYPE) || seen.has(k)) continue;
        seen.add(k);
        designs.push(r);
      }
      ctx.audit.details = { locale };
      return {
        site: {
          name: site.settings.siteName || site.space.title,
          defaultLocale: space.defaultLocale,
          locales: space.locales,
          ...(home ? { homeId: home } : {}),
          ...(menuNames[0] ? { firstMenu: menuNames[0] } : {}),
        },
        locale,
        fields: contentFields,
        documents,
        content,
        menus: menuNames,
        /** The designs the site renders with now: stored (published) and generated ones. */
        designs,
      };
    },
  });
}
