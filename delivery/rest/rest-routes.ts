import type { OpenAPIHono, RouteConfig } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { TaggedCache, TagSink } from '../../core/cache/tagged-cache.ts';
import { cacheTags } from '../../core/cache/tags.ts';
import { AppError } from '../../core/errors/app-error.ts';
import { decodePermalinkPath } from '../reader/permalink.ts';
import type { DeliveredDocument, DeliveredMenu, ReadContext, Reader, SpaceInfo } from '../reader/types.ts';
import { withAlternates } from './alternates.ts';
import { cachedAnswer, privateAnswer } from './answer.ts';
import { listFilters } from './list-params.ts';
import { withHrefs } from './menu-answer.ts';
import { csv, deletedParameterNames, listParameterNames } from './params.ts';
import { requestOrigin, splitUrl } from './request-origin.ts';
import {
  assetRoute,
  authorsRoute,
  deletedRoute,
  documentRoute,
  homeRoute,
  listRoute,
  menuRoute,
  permalinkRoute,
  previewTokenScheme,
  redirectsRoute,
  tagsRoute,
  typesRoute,
} from './routes.ts';
import { parseSelect, type Selection, selectDocument } from './select.ts';

/** A request with a live preview token (delivery/public-api/preview-gate.ts): it reads drafts. */
export interface PreviewGrant {
  tokenId: string;
}

/**
 * The space a request is for, set by the public API's space resolution before any route runs, and the preview
 * grant of a request that carries a preview token.
 */
export type RestEnv = { Variables: { space: SpaceInfo; preview?: PreviewGrant } };

export interface RestDeps {
  reader: Reader;
  cache: TaggedCache;
  /** `CACHE_TTL`: the shared-cache lifetime of answers, and the tagged cache's. */
  ttlSeconds: number;
}

/** A locale of the space, by default its default locale; any other value is refused, naming `locale`. */
export function localeOf(space: SpaceInfo, requested: string | undefined): string {
  if (requested === undefined) return space.defaultLocale;
  if (space.locales.includes(requested)) return requested;
  throw new AppError('validation.failed', {
    message: `The locale "${requested}" is not a language of this space.`,
    details: [
      {
        key: 'validation.invalid',
        params: { reason: 'unknown_locale', values: space.locales, value: requested },
        path: 'locale',
      },
    ],
  });
}

const noTags: TagSink = { addTags() {} };

const notFound =
  <T>(key: string) =>
  (value: T | null): T => {
    if (value === null) throw new AppError(key);
    return value;
  };

// The handlers answer with the cached bytes as a plain Response; the route definitions still type the inputs.
type Handler = (c: Context<RestEnv>) => Promise<Response>;
function route<R extends RouteConfig>(
  app: OpenAPIHono<RestEnv>,
  def: R,
  handler: Handler,
  routingPath?: string,
): void {
  if (!routingPath) {
    app.openapi(def, handler as never);
    return;
  }
  // OpenAPI has no multi-segment parameter: the document shows `def.path`, the router matches `routingPath`.
  app.openAPIRegistry.registerPath(def);
  app.openapi({ ...def, path: routingPath, hide: true }, handler as never);
}

/**
 * The REST routes of `/v1`. Each handler parses (the route's schemas did the validation), calls one reader
 * operation inside the tagged cache, and sends the answer with its caching headers; a preview calls it with
 * drafts and outside the cache.
 */
export function registerRestRoutes(app: OpenAPIHono<RestEnv>, deps: RestDeps): void {
  app.openAPIRegistry.registerComponent('securitySchemes', 'previewToken', previewTokenScheme);
  const answer = (
    c: Context<RestEnv>,
    route: string,
    params: Record<string, unknown>,
    read: (ctx: ReadContext) => Promise<unknown>,
  ) => {
    const space = c.get('space');
    const origin = requestOrigin(c.req.url, {
      host: c.req.header('host'),
      forwardedProto: c.req.header('x-forwarded-proto'),
    });
    const locale = typeof params.locale === 'string' ? params.locale : space.defaultLocale;
    // A preview reads drafts: each time anew, never through the tagged cache that published answers share.
    if (c.get('preview'))
      return privateAnswer(c, () => read({ spaceId: space.id, locale, tags: noTags, origin, drafts: 'all' }));
    return cachedAnswer(c, {
      cache: deps.cache,
      ttlSeconds: deps.ttlSeconds,
      spaceId: space.id,
      origin,
      route,
      params,
      read: (tags: TagSink) => read({ spaceId: space.id, locale, tags, origin }),
    });
  };
  const valid = (c: Context<RestEnv>) =>
    c.req as unknown as { valid(target: 'query' | 'param'): Record<string, string | number | undefined> };
  /** The selection of `select` (checked against the content model, so it depends on `registry`), if any. */
  const selection = async (ctx: ReadContext, raw: string[], type?: string) => {
    if (raw.length === 0) return undefined;
    ctx.tags.addTags([cacheTags.registry]);
    return parseSelect(raw, await deps.reader.contentModel(ctx.spaceId), type);
  };
  /**
   * Documents as answers carry them: with their `alternates` (not read when `select` leaves them out), trimmed to
   * `select`. Without a selection the reader's frozen list stays one frozen array (answer.ts serializes it once).
   */
  const answered = async (
    ctx: ReadContext,
    locales: readonly string[],
    docs: readonly DeliveredDocument[],
    chosen: Selection | undefined,
  ) => {
    const full =
      chosen && !chosen.keys.has('alternates')
        ? docs
        : await withAlternates(docs, locales, (ids) => deps.reader.alternates(ctx, ids, docs));
    return chosen ? full.map((d) => selectDocument(d, chosen)) : full;
  };
  /** One document, found and answered; the selection is checked before the read. */
  const oneDocument = async (
    ctx: ReadContext,
    locales: readonly string[],
    select: string[],
    read: () => Promise<DeliveredDocument | null>,
  ) => {
    const chosen = await selection(ctx, select);
    const doc = notFound<DeliveredDocument>('content.notFound')(await read());
    return (await answered(ctx, locales, [doc], chosen))[0]!;
  };

  route(
    app,
    permalinkRoute,
    (c) => {
      const q = valid(c).valid('query');
      // The raw path, decoded segment by segment: an encoded slash never joins two segments.
      const raw = splitUrl(c.req.url).path.slice('/v1/permalink/'.length);
      const permalink = decodePermalinkPath(raw);
      const locale = localeOf(c.get('space'), q.locale as string | undefined);
      const expand = csv(q.expand as string | undefined);
      const select = csv(q.select as string | undefined);
      return answer(c, 'permalink', { permalink: permalink ?? raw, locale, expand, select }, (ctx) =>
        oneDocument(ctx, c.get('space').locales, select, async () =>
          permalink === null ? null : deps.reader.byPermalink(ctx, permalink, expand),
        ),
      );
    },
    '/v1/permalink/{path{.+}}',
  );

  route(app, homeRoute, (c) => {
    const q = valid(c).valid('query');
    const locale = localeOf(c.get('space'), q.locale as string | undefined);
    const expand = csv(q.expand as string | undefined);
    const select = csv(q.select as string | undefined);
    return answer(c, 'home', { locale, expand, select }, (ctx) =>
      oneDocument(ctx, c.get('space').locales, select, () => deps.reader.home(ctx, expand)),
    );
  });

  // Before `/v1/content/{id}`, which would take `deleted` for an id.
  route(app, deletedRoute, (c) => {
    const q = valid(c).valid('query');
    listFilters(new URL(c.req.url).searchParams, deletedParameterNames, false);
    const locale = localeOf(c.get('space'), q.locale as string | undefined);
    const query = {
      since: q.since as string,
      ...(q.type !== undefined ? { type: q.type as string } : {}),
      limit: q.limit as number,
      ...(q.cursor !== undefined ? { cursor: q.cursor as string } : {}),
    };
    return answer(c, 'deleted', { ...query, locale }, (ctx) => deps.reader.deleted(ctx, query));
  });

  route(app, documentRoute, (c) => {
    const { id } = valid(c).valid('param') as { id: string };
    const q = valid(c).valid('query');
    const locale = localeOf(c.get('space'), q.locale as string | undefined);
    const expand = csv(q.expand as string | undefined);
    const select = csv(q.select as string | undefined);
    return answer(c, 'content', { id: id.toLowerCase(), locale, expand, select }, (ctx) =>
      oneDocument(ctx, c.get('space').locales, select, () => deps.reader.byId(ctx, id, expand)),
    );
  });

  route(app, listRoute, (c) => {
    const q = valid(c).valid('query');
    const filter = listFilters(new URL(c.req.url).searchParams, listParameterNames);
    const locale = localeOf(c.get('space'), q.locale as string | undefined);
    const search = typeof q.search === 'string' && q.search.trim() !== '' ? q.search.trim() : undefined;
    const query = {
      type: q.type as string | undefined,
      parentId: (q.parentId as string | undefined)?.toLowerCase(),
      under: (q.under as string | undefined)?.toLowerCase(),
      search,
      tags: csv(q.tags as string | undefined),
      limit: q.limit as number,
      offset: q.offset as number,
      expand: csv(q.expand as string | undefined),
      order: q.order as string | undefined,
      filter,
      updatedSince: q.updatedSince as string | undefined,
      cursor: q.cursor as string | undefined,
    };
    const select = csv(q.select as string | undefined);
    return answer(c, 'list', { ...query, locale, select }, async (ctx) => {
      const chosen = await selection(ctx, select, query.type);
      const list = await deps.reader.list(ctx, {
        ...query,
        tags: query.tags.length ? query.tags : undefined,
      });
      return { ...list, items: await answered(ctx, c.get('space').locales, list.items, chosen) };
    });
  });

  route(app, menuRoute, (c) => {
    const { name } = valid(c).valid('param') as { name: string };
    const q = valid(c).valid('query');
    const locale = localeOf(c.get('space'), q.locale as string | undefined);
    const expand = csv(q.expand as string | undefined);
    // Without `expand` an entry names its document (id, type, title, permalink), as the spec's menu item asks;
    // the whole document, fields and blocks, only when `expand` is given (`expand=content`, or relation fields).
    return answer(c, 'menu', { name, locale, expand }, async (ctx) =>
      withHrefs(
        notFound<DeliveredMenu>('menu.notFound')(
          await deps.reader.menu(ctx, name, expand, { summary: expand.length === 0 }),
        ),
        c.get('space').homeContentId,
      ),
    );
  });

  route(app, redirectsRoute, (c) => {
    const q = valid(c).valid('query');
    const locale = localeOf(c.get('space'), q.locale as string | undefined);
    return answer(c, 'redirects', { locale }, async (ctx) => ({ items: await deps.reader.redirects(ctx) }));
  });

  route(app, tagsRoute, (c) => {
    const q = valid(c).valid('query');
    const locale = localeOf(c.get('space'), q.locale as string | undefined);
    return answer(c, 'tags', { locale }, async (ctx) => ({ items: await deps.reader.tags(ctx) }));
  });

  route(app, authorsRoute, (c) => {
    const q = valid(c).valid('query');
    const locale = localeOf(c.get('space'), q.locale as string | undefined);
    return answer(c, 'authors', { locale }, async (ctx) => ({ items: await deps.reader.authors(ctx) }));
  });

  route(app, assetRoute, (c) => {
    const { id } = valid(c).valid('param') as { id: string };
    return answer(c, 'asset', { id: id.toLowerCase() }, async (ctx) =>
      notFound('asset.notFound')(await deps.reader.asset(ctx, id)),
    );
  });

  route(app, typesRoute, (c) =>
    answer(c, 'types', {}, async (ctx) => {
      ctx.tags.addTags([cacheTags.registry]);
      return deps.reader.contentModel(ctx.spaceId);
    }),
  );
}
