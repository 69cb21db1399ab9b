import {
  type ComponentNode,
  componentSchemas,
  type DesignNode,
  type DesignRecord,
  defaultTheme,
  type PageDesign,
  propKind,
  propShape,
  type SiteDesign,
  walkNodes,
} from '../../core/designs/index.ts';
import type { ContentFields, SiteDesigns } from '../render/context.ts';
import {
  generatedBlock,
  generatedLayout,
  generatedNotFoundPage,
  generatedPage,
  NOT_FOUND_TYPE,
} from './generated.ts';

/** What rendering a page of one type may read beyond its document: menus, and the breadcrumb trail. */
export interface PageNeeds {
  menus: string[];
  breadcrumbs: boolean;
}

/**
 * The designs of one revision, ready to render: the stored published records, and a generated
 * record for every content type, block type and the default layout nobody stored. `records`
 * holds them all for the style compiler, so generated designs are styled like stored ones.
 */
export interface DesignBundle {
  designs: SiteDesigns;
  records: DesignRecord[];
  /** By page type (content type name, or the generated not-found type). */
  needs: Record<string, PageNeeds>;
  /** Assets the designs place themselves: the logo, images and videos with an `assetId`, posters. */
  assetIds: string[];
}

export function completeDesigns(args: {
  stored: DesignRecord[];
  fields: ContentFields;
  /** The space's first menu: what the generated default layout shows when the site design names none. */
  firstMenu: string | null;
  /** Where the server keeps parts shared by copies of one template (load-designs.ts); the canvas keeps none. */
  shared?: SharedParts;
}): DesignBundle {
  const { stored } = args;
  const site: SiteDesign = stored.find((r) => r.kind === 'site')?.published ?? {};
  // The generated default layout shows the site record and the first menu: such a bundle is the space's own.
  const ownLayout = stored.some((r) => r.kind === 'layout' && r.key === 'default');
  let part: SharedPart | undefined;
  if (ownLayout && args.shared)
    part = args.shared(args.fields, stored, () => completeShared(args.fields, stored, null));
  else part = completeShared(args.fields, stored, ownLayout ? null : { site, firstMenu: args.firstMenu });
  const assetIds = new Set<string>(site.logoId ? [site.logoId] : []);
  for (const id of part.assetIds) assetIds.add(id);
  return {
    designs: { ...part.designs, site },
    records: [...stored, ...part.generated],
    needs: part.needs,
    assetIds: [...assetIds],
  };
}

/** What a bundle holds besides the site record (name, logo): the same for spaces whose other records are. */
export interface SharedPart {
  designs: Omit<SiteDesigns, 'site'>;
  generated: DesignRecord[];
  needs: Record<string, PageNeeds>;
  /** The assets the layouts, pages and blocks place (the logo is the site record's). */
  assetIds: string[];
}

/**
 * The part of a bundle that spaces whose records (but the site record) and fields are the same objects share:
 * the server keeps such parts (load-designs.ts) and answers one made before, or `make()`'s. Not in this module,
 * which the canvas bundles too.
 */
export type SharedParts = (
  fields: ContentFields,
  stored: DesignRecord[],
  make: () => SharedPart,
) => SharedPart;

/** The designs completed with generated ones; `own` when the generated default layout needs the site's own. */
function completeShared(
  fields: ContentFields,
  stored: DesignRecord[],
  own: { site: SiteDesign; firstMenu: string | null } | null,
): SharedPart {
  const find = <K extends DesignRecord['kind']>(kind: K) =>
    stored.filter((r): r is Extract<DesignRecord, { kind: K }> => r.kind === kind);
  const theme = find('theme')[0]?.published ?? defaultTheme;
  const designs: Omit<SiteDesigns, 'site'> = {
    theme,
    layouts: Object.fromEntries(find('layout').map((r) => [r.key, r.published])),
    pages: Object.fromEntries(find('page').map((r) => [r.key, r.published])),
    blocks: Object.fromEntries(find('block').map((r) => [r.key, r.published])),
    menus: Object.fromEntries(find('menu').map((r) => [r.key, r.published])),
  };
  const generated: DesignRecord[] = [];
  if (!designs.layouts.default && own) {
    designs.layouts.default = generatedLayout(theme, own.site, own.site.headerMenu ?? own.firstMenu);
    generated.push({ kind: 'layout', key: 'default', published: designs.layouts.default });
  }
  for (const [type, defs] of Object.entries(fields.contentTypes)) {
    if (designs.pages[type]) continue;
    designs.pages[type] = generatedPage(theme, defs);
    generated.push({ kind: 'page', key: type, published: designs.pages[type] });
  }
  designs.pages[NOT_FOUND_TYPE] = generatedNotFoundPage(theme);
  generated.push({ kind: 'page', key: NOT_FOUND_TYPE, published: designs.pages[NOT_FOUND_TYPE] });
  for (const [type, defs] of Object.entries(fields.blockTypes)) {
    if (designs.blocks[type]) continue;
    designs.blocks[type] = generatedBlock(theme, defs);
    generated.push({ kind: 'block', key: type, published: designs.blocks[type] });
  }
  const blockTrees = Object.values(designs.blocks).flatMap((b) =>
    Object.values(b.variants).map((v) => v.root),
  );
  const needs: Record<string, PageNeeds> = {};
  for (const [type, page] of Object.entries(designs.pages)) {
    needs[type] = needsOf([layoutOf(designs, page).root, page.root, ...blockTrees]);
  }
  const assetIds = new Set<string>();
  for (const tree of [...Object.values(designs.layouts), ...Object.values(designs.pages)]
    .map((d) => d.root)
    .concat(blockTrees)) {
    walkNodes(tree, (node) => {
      if ((node.el === 'image' || node.el === 'video' || node.el === 'logo') && node.props?.assetId)
        assetIds.add(node.props.assetId);
      if (node.el === 'video' && node.props?.poster) assetIds.add(node.props.poster);
      if (node.el === 'component') for (const id of componentAssetIds(node)) assetIds.add(id);
    });
  }
  return { designs, generated, needs, assetIds: [...assetIds] };
}

/** The layout a page sits in; a page naming a layout that no longer exists falls back to `default`. */
export function layoutOf(designs: Pick<SiteDesigns, 'layouts'>, page: PageDesign) {
  return designs.layouts[page.layout] ?? designs.layouts.default!;
}

function needsOf(trees: DesignNode[]): PageNeeds {
  const menus = new Set<string>();
  let breadcrumbs = false;
  for (const tree of trees) {
    walkNodes(tree, (node) => {
      if (node.el === 'menu') menus.add(node.props.menu);
      if (node.el === 'breadcrumbs') breadcrumbs = true;
    });
  }
  return { menus: [...menus], breadcrumbs };
}

/** The asset ids a component node's image props hold (its registered schema says which props are images). */
function componentAssetIds(node: ComponentNode): string[] {
  const registered = componentSchemas.get(node.component);
  if (!registered || !node.props) return [];
  const shape = propShape(registered.props);
  return Object.entries(node.props)
    .filter(([name, value]) => typeof value === 'string' && shape[name] && propKind(shape[name]) === 'image')
    .map(([, value]) => value as string);
}
