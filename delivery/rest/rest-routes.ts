import type { OpenAPIHono, RouteConfig } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { TaggedCache, TagSink } from '../../core/cache/tagged-cache.ts';
import { cacheTags } from '../../core/cache/tags.ts';
import { AppError } from '../../core/errors/app-error.ts';
import { decodePermalinkPath } from '../reader/permalink.ts';
import type { ReadContext, Reader, SpaceInfo } from '../reader/types.ts';
import { cachedAnswer } from './answer.ts';
import { listFilters } from './list-params.ts';
import { csv, listParameterNames } from './params.ts';
import { requestOrigin, splitUrl } from './request-origin.ts';
import {
  assetRoute,
  documentRoute,
  homeRoute,
  listRoute,
  menuRoute,
  permalinkRoute,
  redirectsRoute,
  typesRoute,
} from './routes.ts';

/** The space a request is for, set by the public API's space resolution before any route runs. */
export type RestEnv = { Variables: { space: SpaceInfo } };

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
 * operation inside the tagged cache, and sends the answer with its caching headers.
 */
export function registerRestRoutes(app: OpenAPIHono<RestEnv>, deps: RestDeps): void {
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
      return answer(c, 'permalink', { permalink: permalink ?? raw, locale, expand }, async (ctx) =>
        notFound('content.notFound')(
          permalink === null ? null : await deps.reader.byPermalink(ctx, permalink, expand),
        ),
      );
    },
    '/v1/permalink/{path{.+}}',
  );

  route(app, homeRoute, (c) => {
    const q = valid(c).valid('query');
    const locale = localeOf(c.get('space'), q.locale as string | undefined);
    const expand = csv(q.expand as string | undefined);
    return answer(c, 'home', { locale, expand }, async (ctx) =>
      notFound('content.notFound')(await deps.reader.home(ctx, expand)),
    );
  });

  route(app, documentRoute, (c) => {
    const { id } = valid(c).valid('param') as { id: string };
    const q = valid(c).valid('query');
    const locale = localeOf(c.get('space'), q.locale as string | undefined);
    const expand = csv(q.expand as string | undefined);
    return answer(c, 'content', { id: id.toLowerCase(), locale, expand }, async (ctx) =>
      notFound('content.notFound')(await deps.reader.byId(ctx, id, expand)),
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
    };
    return answer(c, 'list', { ...query, locale }, (ctx) =>
      deps.reader.list(ctx, { ...query, tags: query.tags.length ? query.tags : undefined }),
    );
  });

  route(app, menuRoute, (c) => {
    const { name } = valid(c).valid('param') as { name: string };
    const q = valid(c).valid('query');
    const locale = localeOf(c.get('space'), q.locale as string | undefined);
    const expand = csv(q.expand as string | undefined);
    return answer(c, 'menu', { name, locale, expand }, async (ctx) =>
      notFound('menu.notFound')(await deps.reader.menu(ctx, name, expand)),
    );
  });

  route(app, redirectsRoute, (c) => {
    const q = valid(c).valid('query');
    const locale = localeOf(c.get('space'), q.locale as string | undefined);
    return answer(c, 'redirects', { locale }, async (ctx) => ({ items: await deps.reader.redirects(ctx) }));
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
