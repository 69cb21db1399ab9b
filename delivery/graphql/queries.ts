import type {
  DeletedList,
  DeliveredAsset,
  DeliveredDocument,
  DeliveredMenu,
  ListResult,
  RawFilter,
} from '../reader/types.ts';
import {
  idArg,
  limitArg,
  localeArg,
  offsetArg,
  optionalIdArg,
  permalinkArg,
  searchArg,
} from './arguments.ts';
import type { GraphqlContext } from './context.ts';

/**
 * The root queries: each checks its arguments, asks the reader and hands back what the schema's types
 * resolve further. Documents read here are remembered so that later relations to them cost nothing.
 */
export async function contentByPermalink(
  ctx: GraphqlContext,
  args: { permalink: string; locale?: string | null },
): Promise<DeliveredDocument | null> {
  const read = ctx.reads.context(localeArg(ctx.space, args.locale));
  const path = permalinkArg(args.permalink);
  const doc = path === '' ? await ctx.reader.home(read) : await ctx.reader.byPermalink(read, path);
  if (doc) ctx.reads.remember([doc]);
  return doc;
}

export async function content(
  ctx: GraphqlContext,
  args: { id: string; locale?: string | null },
): Promise<DeliveredDocument | null> {
  const locale = localeArg(ctx.space, args.locale);
  return ctx.reads.document(locale, idArg('id', args.id));
}

export interface ContentsArgs {
  type?: string | null;
  parentId?: string | null;
  under?: string | null;
  search?: string | null;
  tags?: string[] | null;
  locale?: string | null;
  limit?: number | null;
  offset?: number | null;
  order?: string | null;
  filter?: RawFilter[] | null;
  updatedSince?: string | null;
  cursor?: string | null;
}

/** `carry`: the query asks the items for objects (selects-objects.ts), which their rows then bring. */
export async function contents(ctx: GraphqlContext, args: ContentsArgs, carry = false): Promise<ListResult> {
  const read = ctx.reads.context(localeArg(ctx.space, args.locale));
  const parentId = optionalIdArg('parentId', args.parentId);
  const under = optionalIdArg('under', args.under);
  const search = searchArg(args.search);
  const result = await ctx.reader.list(read, {
    limit: limitArg(args.limit),
    offset: offsetArg(args.offset),
    ...(args.type != null ? { type: args.type } : {}),
    ...(parentId ? { parentId } : {}),
    ...(under ? { under } : {}),
    ...(search ? { search } : {}),
    ...(args.tags?.length ? { tags: args.tags } : {}),
    ...(carry ? { carry } : {}),
    ...(args.order != null ? { order: args.order } : {}),
    ...(args.filter?.length ? { filter: args.filter } : {}),
    ...(args.updatedSince != null ? { updatedSince: args.updatedSince } : {}),
    ...(args.cursor != null ? { cursor: args.cursor } : {}),
  });
  ctx.reads.remember(result.items);
  return result;
}

/** REST's `GET /v1/content/deleted`: documents no longer delivered in the locale since `since`. */
export function deleted(
  ctx: GraphqlContext,
  args: {
    since: string;
    type?: string | null;
    locale?: string | null;
    limit?: number | null;
    cursor?: string | null;
  },
): Promise<DeletedList> {
  const read = ctx.reads.context(localeArg(ctx.space, args.locale));
  return ctx.reader.deleted(read, {
    since: args.since,
    limit: limitArg(args.limit),
    ...(args.type != null ? { type: args.type } : {}),
    ...(args.cursor != null ? { cursor: args.cursor } : {}),
  });
}

export async function menu(ctx: GraphqlContext, args: { name: string; locale?: string | null }) {
  const locale = localeArg(ctx.space, args.locale);
  const found: DeliveredMenu | null = await ctx.reader.menu(ctx.reads.context(locale), args.name);
  return found && { ...found, items: found.items.map((item) => ({ ...item, locale })) };
}

export async function asset(ctx: GraphqlContext, args: { id: string }): Promise<DeliveredAsset | null> {
  return ctx.reads.asset(idArg('id', args.id));
}
