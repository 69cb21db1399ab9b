import {
  GraphQLEnumType,
  GraphQLID,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
} from 'graphql/index.js';
import { filterOperators } from '../../reader/index.ts';
import type { GraphqlContext } from '../context.ts';
import * as queries from '../queries.ts';
import { itemsSelectObjects } from '../selects-objects.ts';
import type { CommonTypes } from './common-types.ts';

const string = { type: GraphQLString };
const locale = { type: GraphQLString, description: 'A locale of the space; default: its default locale.' };

/** `filter` of `contents`: REST's `filter[field][op]=value` as one object per condition. */
function contentFilter(): GraphQLInputObjectType {
  const op = new GraphQLEnumType({
    name: 'FilterOperator',
    description: 'How a filter compares; which apply depends on the field (docs/delivery-api.md).',
    values: Object.fromEntries(filterOperators.map((name) => [name, { value: name }])),
  });
  return new GraphQLInputObjectType({
    name: 'ContentFilter',
    description: 'One condition of `contents`: all of them must hold.',
    fields: {
      field: {
        type: new GraphQLNonNull(GraphQLString),
        description: '`publishedAt`, `updatedAt`, `title`, `tags` or, with `type`, `fields.<name>`.',
      },
      op: { type: new GraphQLNonNull(op) },
      value: {
        type: new GraphQLNonNull(GraphQLString),
        description: 'As REST writes it: comma-separated for `in`, `true` or `false` for `exists`.',
      },
    },
  });
}

/** What `deleted` answers: REST's `GET /v1/content/deleted`. */
function deletedList(): GraphQLObjectType {
  const item = new GraphQLObjectType({
    name: 'DeletedDocument',
    description: 'A document that was delivered in the locale and is not any more.',
    fields: {
      id: { type: new GraphQLNonNull(GraphQLID) },
      type: { type: new GraphQLNonNull(GraphQLString) },
      locale: { type: new GraphQLNonNull(GraphQLString) },
      deletedAt: { type: new GraphQLNonNull(GraphQLString), description: 'ISO 8601.' },
    },
  });
  return new GraphQLObjectType({
    name: 'DeletedList',
    fields: {
      items: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(item))) },
      cursor: { type: GraphQLString, description: 'The next page; null on the last.' },
    },
  });
}

const cursor = {
  type: GraphQLString,
  description: 'The `cursor` of the page before (same arguments); not with `offset`.',
};

/** The root `Query`: the five reads of the public API (delivery-and-site.md, "GraphQL (public API)"). */
export function queryType(common: CommonTypes): GraphQLObjectType {
  return new GraphQLObjectType<unknown, GraphqlContext>({
    name: 'Query',
    fields: {
      contentByPermalink: {
        type: common.contentNode,
        description: 'The document at a permalink (no leading slash); `""` is the home page; null when none.',
        args: { permalink: { type: new GraphQLNonNull(GraphQLString) }, locale },
        resolve: (_s, args, ctx) =>
          queries.contentByPermalink(ctx, args as Parameters<typeof queries.contentByPermalink>[1]),
      },
      content: {
        type: common.contentNode,
        description: 'One document by id; null when it is not published in the locale.',
        args: { id: { type: new GraphQLNonNull(GraphQLID) }, locale },
        resolve: (_s, args, ctx) => queries.content(ctx, args as Parameters<typeof queries.content>[1]),
      },
      contents: {
        type: common.contentList,
        description:
          'Published documents in tree order (tree position, then creation time) or in `order`, narrowed by `filter`.',
        args: {
          type: { ...string, description: 'Technical name of a content type.' },
          parentId: { type: GraphQLID, description: 'Direct children of this document only.' },
          under: { type: GraphQLID, description: 'The whole subtree below this document.' },
          search: { ...string, description: 'Full-text query over titles, search fields and tag names.' },
          tags: {
            type: new GraphQLList(new GraphQLNonNull(GraphQLString)),
            description: 'Tag slugs; any of them.',
          },
          locale,
          limit: { type: GraphQLInt, defaultValue: 25, description: '1 to 100; other values are refused.' },
          offset: { type: GraphQLInt, defaultValue: 0 },
          order: {
            ...string,
            description:
              'Comma-separated keys, `-` for descending: `publishedAt`, `updatedAt`, `title`, `position` (the default), with `search` `relevance` (the best match first, no `-`), and, with `type`, `fields.<name>`.',
          },
          filter: { type: new GraphQLList(new GraphQLNonNull(contentFilter())) },
          updatedSince: {
            ...string,
            description:
              'ISO 8601: documents updated (or delivered again) since then; without `order`, ordered by `updatedAt`.',
          },
          cursor,
        },
        resolve: (_s, args, ctx, info) => queries.contents(ctx, args, itemsSelectObjects(info)),
      },
      deleted: {
        type: new GraphQLNonNull(deletedList()),
        description:
          'Documents no longer delivered in the locale since `since` (unpublished, deleted, or under an unpublished parent), oldest first.',
        args: {
          since: { type: new GraphQLNonNull(GraphQLString), description: 'ISO 8601.' },
          type: { ...string, description: 'Technical name of a content type.' },
          locale,
          limit: { type: GraphQLInt, defaultValue: 25, description: '1 to 100; other values are refused.' },
          cursor,
        },
        resolve: (_s, args, ctx) => queries.deleted(ctx, args as Parameters<typeof queries.deleted>[1]),
      },
      menu: {
        type: common.menu,
        description: 'A menu by machine name; null when none.',
        args: { name: { type: new GraphQLNonNull(GraphQLString) }, locale },
        resolve: (_s, args, ctx) => queries.menu(ctx, args as Parameters<typeof queries.menu>[1]),
      },
      asset: {
        type: common.asset,
        description: 'An image or file that published content references; null otherwise.',
        args: { id: { type: new GraphQLNonNull(GraphQLID) } },
        resolve: (_s, args, ctx) => queries.asset(ctx, args as Parameters<typeof queries.asset>[1]),
      },
    },
  });
}
