import type { DeliveredBlock, DeliveredDocument, ReadContext } from '../../delivery/reader/types.ts';
import { NOT_FOUND_TYPE } from '../designs/generated.ts';
import { formStamps } from '../forms/form-stamps.ts';
import type { FormResult, RenderContext } from '../render/context.ts';
import { type PageRenderInput, renderPage } from '../render/render-page.tsx';
import type { SiteDeps } from './deps.ts';
import { designWarnings } from './design-warnings.ts';
import { homeId } from './find-document.ts';
import { gatherPageData } from './gather-page-data.ts';
import type { LoadedDesigns } from './load-designs.ts';
import { localeVersions } from './locale-versions.ts';
import { pageHead } from './page-head.ts';
import { origin, pagePath, primaryDomain } from './site-urls.ts';
import type { DomainRow, LocaleRoute, RequestTarget, SiteInfo } from './types.ts';

export interface RenderArgs {
  site: SiteInfo;
  domain: DomainRow;
  route: Extract<LocaleRoute, { kind: 'page' }>;
  target: RequestTarget;
  document: DeliveredDocument;
  notFound: boolean;
  designs: LoadedDesigns;
  formResult?: FormResult;
  /** A share-link preview: the page shows the "Preview" marker. */
  preview?: boolean;
  /** Behind a site password or a share link: the head says noindex as the headers do. */
  protected?: boolean;
}

/** Blocks with instance styles anywhere in the document (nested blocks too): they need the page's own stylesheet. */
export function styledBlocks(value: unknown, out: DeliveredBlock[] = []): DeliveredBlock[] {
  if (Array.isArray(value)) for (const v of value) styledBlocks(v, out);
  else if (value && typeof value === 'object') {
    const block = value as Partial<DeliveredBlock>;
    if (typeof block.blockId === 'string' && block.design?.style) out.push(block as DeliveredBlock);
    for (const v of Object.values(value)) styledBlocks(v, out);
  }
  return out;
}

/**
 * Step 8 of a page: gathers what the designs show (through the reader, which tags it all),
 * decides the head, and renders the whole page to a string.
 */
export async function renderDocument(deps: SiteDeps, ctx: ReadContext, args: RenderArgs): Promise<string> {
  return renderPage(await prepareRender(deps, ctx, args));
}

/** Everything the pure render needs, read and decided; `renderPage` of it is the render itself. */
export async function prepareRender(
  deps: SiteDeps,
  ctx: ReadContext,
  args: RenderArgs,
): Promise<PageRenderInput> {
  const { site, domain, route, target, document: doc } = args;
  const { bundle, fields } = args.designs;
  const home = homeId(site);
  const isHome = doc.id === home;
  const href = (d: { id: string; permalink: string }) =>
    pagePath(route.prefix, d.id === home ? '' : d.permalink);
  const settings = site.settings;
  const designAssetIds = [
    ...bundle.assetIds,
    ...[settings.faviconId, settings.shareImageId].filter((id): id is string => !!id),
  ];
  const [data, alternates] = await Promise.all([
    gatherPageData(deps, ctx, {
      document: doc,
      fields,
      needs: bundle.needs[doc.type] ?? bundle.needs[NOT_FOUND_TYPE]!,
      designAssetIds,
      homeId: home,
      href,
    }),
    args.notFound ? Promise.resolve(new Map()) : deps.reader.alternates(ctx, [doc.id], [doc]),
  ]);
  const versions = args.notFound
    ? []
    : localeVersions({
        site,
        domain,
        target,
        locale: route.locale,
        alternates: alternates.get(doc.id) ?? {},
        isHome,
      });
  const { theme } = bundle.designs;
  const [stylesheets, islandScripts] = await Promise.all([
    deps.styles.stylesheets({ site, designs: args.designs, instances: styledBlocks(doc.fields) }),
    deps.styles.islandScripts(),
  ]);
  const canonicalHost = primaryDomain(site.domains, route.locale)?.host ?? target.host;
  const ctxRender: RenderContext = {
    locale: route.locale,
    defaultLocale: site.space.defaultLocale,
    locales: site.space.locales,
    document: doc,
    site: { name: settings.siteName || site.space.title, homeId: home },
    designs: bundle.designs,
    fields,
    data: { ...data, versions },
    href: {
      document: href,
      home: () => pagePath(route.prefix, ''),
      current: target.path,
      key: `${route.prefix}\0${home ?? ''}`,
    },
    ...(args.formResult ? { formResult: args.formResult } : {}),
    ...formStamps(site.space.id),
    ...(args.preview ? { preview: true } : {}),
    warn: designWarnings(deps.log, site.space.id),
    state: { images: 0, ids: 0, islands: new Set() },
  };
  const noindex = !settings.indexing || domain.environment !== 'production' || args.protected === true;
  return {
    ctx: ctxRender,
    head: pageHead({
      site,
      document: doc,
      notFound: args.notFound,
      isHome,
      defs: fields.contentTypes[doc.type] ?? [],
      descriptionField: bundle.designs.pages[doc.type]?.descriptionField,
      versions,
      assets: data.assets,
      origin: origin(target, canonicalHost),
      noindex,
      fontPreloads: deps.styles.fontPreloads(theme, ['body', 'heading']),
      stylesheets,
    }),
    islandScripts,
    bodyCode: settings.bodyCode,
    ...(site.badgeContent ? { badge: site.badgeContent } : {}),
  };
}
