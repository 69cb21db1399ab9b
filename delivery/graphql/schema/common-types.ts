import {
  GraphQLEnumType,
  type GraphQLFieldConfigMap,
  GraphQLFloat,
  GraphQLID,
  GraphQLInt,
  GraphQLInterfaceType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  type GraphQLOutputType,
  GraphQLString,
} from 'graphql/index.js';
import { AppError } from '../../../core/errors/app-error.ts';
import { type SrcsetFormat, type VariantPreset, variantPresets } from '../../../core/media/signing.ts';
import { srcsetCandidates } from '../../../core/media/srcset.ts';
import { inLocaleOrder } from '../../reader/permalink.ts';
import type {
  DeliveredAsset,
  DeliveredBlock,
  DeliveredDocument,
  DeliveredLink,
  DeliveredMenuItem,
} from '../../reader/types.ts';
import type { GraphqlContext, Located } from '../context.ts';
import { jsonScalar } from '../json-scalar.ts';

export const nonNull = <T extends GraphQLOutputType>(t: T) => new GraphQLNonNull(t);
export const listOf = <T extends GraphQLOutputType>(t: T) =>
  new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(t)));

export type BlockSource = DeliveredBlock & Located;
export type LinkSource = DeliveredLink & Located;
export type MenuItemSource = DeliveredMenuItem & Located;

/** The types every schema has, whatever the content model; `ContentNode` and `Block` resolve to model types. */
export interface CommonTypes {
  contentNode: GraphQLInterfaceType;
  contentNodeFields: () => GraphQLFieldConfigMap<DeliveredDocument, GraphqlContext>;
  block: GraphQLInterfaceType;
  blockFields: () => GraphQLFieldConfigMap<BlockSource, GraphqlContext>;
  blocks: GraphQLObjectType;
  asset: GraphQLObjectType;
  user: GraphQLObjectType;
  link: GraphQLObjectType;
  contentList: GraphQLObjectType;
  menu: GraphQLObjectType;
}

export function commonTypes(names: {
  contentType(typeName: string): string | undefined;
  blockType(typeName: string): string | undefined;
}): CommonTypes {
  const status = new GraphQLEnumType({
    name: 'PublishingStatus',
    description:
      'Publishing status of the delivered version: PUBLISHED, or DRAFT in a preview (a preview token).',
    values: { PUBLISHED: { value: 'PUBLISHED' }, DRAFT: { value: 'DRAFT' } },
  });
  const tag = new GraphQLObjectType({
    name: 'Tag',
    fields: { name: { type: nonNull(GraphQLString) }, slug: { type: nonNull(GraphQLString) } },
  });

  const alternate = new GraphQLObjectType({
    name: 'Alternate',
    description: 'Where a document is published in one locale.',
    fields: { locale: { type: nonNull(GraphQLString) }, permalink: { type: nonNull(GraphQLString) } },
  });
  const contentNodeFields = (): GraphQLFieldConfigMap<DeliveredDocument, GraphqlContext> => ({
    id: { type: nonNull(GraphQLID) },
    typeName: {
      type: nonNull(GraphQLString),
      description: 'Technical name of the content type.',
      resolve: (d) => d.type,
    },
    title: { type: nonNull(GraphQLString) },
    slug: { type: nonNull(GraphQLString) },
    permalink: { type: nonNull(GraphQLString), description: 'Full path without a leading slash.' },
    locale: { type: nonNull(GraphQLString) },
    status: { type: nonNull(status), resolve: (d) => (d.draft ? 'DRAFT' : 'PUBLISHED') },
    publishedAt: { type: GraphQLString, description: 'ISO 8601 timestamp.' },
    updatedAt: { type: nonNull(GraphQLString), description: 'ISO 8601 timestamp.' },
    parent: {
      type: contentNode,
      resolve: (d, _a, ctx) => (d.parentId ? ctx.reads.document(d.locale, d.parentId) : null),
    },
    children: {
      type: listOf(contentNode),
      description: 'Published direct children in tree order.',
      resolve: (d, _a, ctx) => ctx.reads.children(d.locale, d.id),
    },
    tags: { type: listOf(tag) },
    alternates: {
      type: listOf(alternate),
      description:
        "Every locale this document is published in, with its permalink there (this one's included).",
      resolve: async (d, _a, ctx) => {
        const found = inLocaleOrder(await ctx.reads.alternates(d.id), ctx.space.locales);
        return Object.entries(found).map(([locale, permalink]) => ({ locale, permalink }));
      },
    },
  });
  const contentNode: GraphQLInterfaceType = new GraphQLInterfaceType({
    name: 'ContentNode',
    description:
      'A published document; every content type implements it. Type fields: `... on TypeName { }`.',
    fields: contentNodeFields,
    resolveType: (doc: DeliveredDocument) => names.contentType(doc.type),
  });

  const blockDesign = new GraphQLObjectType({
    name: 'BlockDesign',
    description:
      'The design an editor chose for a block: a variant of its block design and instance style overrides.',
    fields: { variant: { type: GraphQLString }, style: { type: jsonScalar } },
  });
  const blockFields = (): GraphQLFieldConfigMap<BlockSource, GraphqlContext> => ({
    blockId: { type: nonNull(GraphQLID) },
    typeName: {
      type: nonNull(GraphQLString),
      description: 'Technical name of the block type.',
      resolve: (b) => b.type,
    },
    layout: {
      type: jsonScalar,
      description: 'Position on the grid, when the field has one.',
      resolve: (b) => b.layout ?? null,
    },
    design: { type: blockDesign, resolve: (b) => b.design ?? null },
  });
  const block: GraphQLInterfaceType = new GraphQLInterfaceType({
    name: 'Block',
    description:
      'A block of a blocks field; every block type implements it. Type fields: `... on TypeName { }`.',
    fields: blockFields,
    resolveType: (b: BlockSource) => names.blockType(b.type),
  });
  const blocks = new GraphQLObjectType({
    name: 'Blocks',
    fields: {
      grid: { type: jsonScalar, description: 'The editor-set layout, or null.' },
      blocks: { type: listOf(block) },
    },
  });

  const point = new GraphQLObjectType({
    name: 'FocalPoint',
    fields: { x: { type: nonNull(GraphQLFloat) }, y: { type: nonNull(GraphQLFloat) } },
  });
  const crop = new GraphQLObjectType({
    name: 'Crop',
    fields: {
      x: { type: nonNull(GraphQLFloat) },
      y: { type: nonNull(GraphQLFloat) },
      width: { type: nonNull(GraphQLFloat) },
      height: { type: nonNull(GraphQLFloat) },
    },
  });
  const imageFormat = new GraphQLEnumType({
    name: 'ImageFormat',
    description: 'A format the resized copies of an image are offered in.',
    values: { WEBP: { value: 'webp' }, AVIF: { value: 'avif' }, JPEG: { value: 'jpeg' } },
  });
  const asset = new GraphQLObjectType<DeliveredAsset, GraphqlContext>({
    name: 'Asset',
    description: 'An image or file.',
    fields: {
      id: { type: nonNull(GraphQLID) },
      url: { type: nonNull(GraphQLString), description: 'Address of the original file.' },
      filename: { type: nonNull(GraphQLString) },
      mimeType: { type: nonNull(GraphQLString) },
      width: { type: GraphQLInt },
      height: { type: GraphQLInt },
      alt: { type: nonNull(GraphQLString) },
      focalPoint: { type: point },
      crop: { type: crop },
      variant: {
        type: GraphQLString,
        description:
          'Signed address of a resized copy: `thumb` (320 px), `card` (640 px) or `hero` (1920 px).',
        args: { preset: { type: GraphQLString, defaultValue: 'card' } },
        resolve: (a, args: { preset?: string | null }) => variant(a, args.preset ?? 'card'),
      },
      srcset: {
        type: GraphQLString,
        description:
          'A ready `srcset` attribute in `format`: signed addresses of the widths 320 to 2560 px up to the ' +
          'image’s own (REST `variants.srcset`). Null for files that are not images.',
        args: { format: { type: nonNull(imageFormat), defaultValue: 'webp' } },
        resolve: (a, args: { format: SrcsetFormat }) => a.variants.srcset?.[args.format] ?? null,
      },
      srcsetWidths: {
        type: new GraphQLList(nonNull(GraphQLInt)),
        description: 'The widths in pixels `srcset` offers, in its order (the same in every format).',
        resolve: (a) =>
          a.variants.srcset ? srcsetCandidates(a.variants.srcset.webp).map((c) => c.width) : null,
      },
    },
  });
  const user = new GraphQLObjectType({
    name: 'User',
    fields: {
      id: { type: nonNull(GraphQLID) },
      name: { type: nonNull(GraphQLString) },
      avatar: { type: asset },
    },
  });
  const link = new GraphQLObjectType<LinkSource, GraphqlContext>({
    name: 'Link',
    fields: {
      url: { type: GraphQLString },
      contentId: { type: GraphQLID },
      label: { type: GraphQLString },
      target: { type: nonNull(GraphQLString) },
      href: {
        type: GraphQLString,
        description: 'The url, or `/` + the target’s permalink, or null when unpublished.',
      },
      content: {
        type: contentNode,
        resolve: (l, _a, ctx) => (l.contentId ? ctx.reads.document(l.locale, l.contentId) : null),
      },
    },
  });
  const contentList = new GraphQLObjectType({
    name: 'ContentList',
    fields: {
      items: { type: listOf(contentNode) },
      total: { type: nonNull(GraphQLInt), description: 'Number of matching documents.' },
      limit: { type: nonNull(GraphQLInt) },
      offset: { type: nonNull(GraphQLInt) },
      cursor: {
        type: GraphQLString,
        description: 'The next page: pass it as `cursor` with the same arguments; null on the last page.',
      },
    },
  });
  const menuItem: GraphQLObjectType = new GraphQLObjectType<MenuItemSource, GraphqlContext>({
    name: 'MenuItem',
    fields: () => ({
      id: { type: nonNull(GraphQLID) },
      label: { type: nonNull(GraphQLString) },
      url: { type: GraphQLString, description: 'External address, when the entry is not a document.' },
      target: { type: nonNull(GraphQLString) },
      href: {
        type: GraphQLString,
        description: '`url` when set, else `/` + the document’s permalink.',
        resolve: (i) => i.url ?? (i.content ? `/${i.content.permalink}` : null),
      },
      content: {
        type: contentNode,
        resolve: (i, _a, ctx) => (i.content ? ctx.reads.document(i.locale, i.content.id) : null),
      },
      children: {
        type: listOf(menuItem),
        resolve: (i) => i.children.map((c) => ({ ...c, locale: i.locale })),
      },
    }),
  });
  const menu = new GraphQLObjectType({
    name: 'Menu',
    fields: {
      id: { type: nonNull(GraphQLID) },
      name: { type: nonNull(GraphQLString) },
      machineName: { type: nonNull(GraphQLString) },
      items: { type: listOf(menuItem) },
    },
  });
  return { contentNode, contentNodeFields, block, blockFields, blocks, asset, user, link, contentList, menu };
}

function variant(asset: DeliveredAsset, preset: string): string {
  if (!Object.hasOwn(variantPresets, preset)) {
    throw new AppError('validation.failed', {
      message: `Unknown preset "${preset}"; use thumb, card or hero.`,
      details: [
        {
          key: 'validation.invalid',
          params: { parameter: 'preset', allowed: Object.keys(variantPresets) },
          path: 'preset',
        },
      ],
    });
  }
  return asset.variants[preset as VariantPreset];
}
