import { createRoute, type z } from '@hono/zod-openapi';
import {
  DeletedQuery,
  DocumentQuery,
  IdParam,
  ListQuery,
  LocaleExpandQuery,
  LocaleQuery,
  MenuParam,
  PathParam,
} from './params.ts';
import {
  Asset,
  AuthorList,
  ContentModel,
  DeletedList,
  Document,
  DocumentList,
  ErrorBody,
  Health,
  Menu,
  Ready,
  RedirectList,
  ServiceOverview,
  TagList,
} from './schemas.ts';

/**
 * Every route of the public API, defined once: the app routes and validates with these definitions, and
 * `GET /openapi.json` is generated from them.
 */

const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const error = (description: string) => json(ErrorBody, description);
/** What any route may get before it runs: Node's HTTP server refuses a malformed request or oversized headers. */
const malformed = {
  '4XX': {
    description:
      'The request is malformed (400) or its headers are too large (431); answered without a body.',
  },
};

const cached = (schema: z.ZodType, description: string) => ({
  200: {
    ...json(schema, description),
    headers: {
      ETag: { description: 'Weak validator of the body.', schema: { type: 'string' as const } },
      'Cache-Control': {
        description: '`public, max-age=0, s-maxage=<ttl>, stale-while-revalidate=<ttl × 10>`',
        schema: { type: 'string' as const },
      },
    },
  },
  304: { description: 'The copy named in `If-None-Match` is current.' },
  422: error(
    'A query parameter is out of range or malformed (`validation.failed`, one `validation.invalid` detail per parameter).',
  ),
  404: error('Nothing here, or an unknown host on an instance with API hosts (`publicApi.host.unknown`).'),
  500: error('Unexpected failure (`internal.error`); no details.'),
  503: error('The instance does not know which space to serve (`publicApi.space.unresolved`).'),
});

/** `securitySchemes.previewToken` of the document: the bearer a preview sends (docs/delivery-api.md, "Preview"). */
export const previewTokenScheme = {
  type: 'http' as const,
  scheme: 'bearer',
  description:
    'A preview token of the space (`previewTokens.create` on the management API): the answer reads drafts, is `private, no-store` and carries no ETag. Optional: without it the published content is answered.',
};
/** Anonymous, or with a preview token. */
const anonymousOrPreview: Array<Record<string, string[]>> = [{}, { previewToken: [] }];

/** The answers of a route that a preview token may read too. */
const previewable = (schema: z.ZodType, description: string) => {
  const base = cached(schema, description);
  return {
    ...base,
    200: {
      ...base[200],
      headers: {
        ...base[200].headers,
        ETag: {
          description: 'Weak validator of the body (none on a preview).',
          schema: { type: 'string' as const },
        },
        'Cache-Control': {
          description:
            '`public, max-age=0, s-maxage=<ttl>, stale-while-revalidate=<ttl × 10>`; a preview: `private, no-store`',
          schema: { type: 'string' as const },
        },
      },
    },
    401: error(
      'The bearer is not a live preview token of this space (`preview.invalid`), with `WWW-Authenticate: Bearer`.',
    ),
  };
};

const badId = { 400: error('The id in the address is not an id (`request.badId`).') };
const badSelect = {
  400: error(
    '`select` names a part documents do not have (`query.invalid`; its details name the allowed ones in `params.allowed`).',
  ),
};
const badIdOrSelect = {
  400: error(
    'The id in the address is not an id (`request.badId`), or `select` names an unknown part (`query.invalid`).',
  ),
};

export const permalinkRoute = createRoute({
  method: 'get',
  path: '/v1/permalink/{path}',
  operationId: 'getByPermalink',
  summary: 'The document at a permalink (several segments allowed)',
  request: { params: PathParam, query: DocumentQuery },
  security: anonymousOrPreview,
  responses: { ...previewable(Document, 'The document (`content.notFound` when none).'), ...badSelect },
});

export const homeRoute = createRoute({
  method: 'get',
  path: '/v1/permalink',
  operationId: 'getHome',
  summary: 'The home document (the one starred in the content tree)',
  request: { query: DocumentQuery },
  security: anonymousOrPreview,
  responses: { ...previewable(Document, 'The home document.'), ...badSelect },
});

export const documentRoute = createRoute({
  method: 'get',
  path: '/v1/content/{id}',
  operationId: 'getDocument',
  summary: 'One document',
  request: { params: IdParam, query: DocumentQuery },
  security: anonymousOrPreview,
  responses: { ...previewable(Document, 'The document.'), ...badIdOrSelect },
});

export const listRoute = createRoute({
  method: 'get',
  path: '/v1/content',
  operationId: 'listDocuments',
  summary: 'Documents, in tree order (tree position, then creation time) or in `order`, narrowed by filters',
  request: { query: ListQuery },
  security: anonymousOrPreview,
  responses: {
    ...previewable(DocumentList, 'A page of documents and the number of all matches.'),
    400: error(
      'A query parameter, an `order` key, a filter field or operator, or a `select` part this list does not have, a `cursor` of another list or with `offset` (`query.invalid`; its details name the allowed ones in `params.allowed`).',
    ),
  },
});

export const deletedRoute = createRoute({
  method: 'get',
  path: '/v1/content/deleted',
  operationId: 'listDeletedDocuments',
  summary: 'Documents no longer delivered in a locale since a time, for a sync client to drop',
  request: { query: DeletedQuery },
  security: anonymousOrPreview,
  responses: {
    ...previewable(DeletedList, 'A page of documents removed from delivery since `since`.'),
    400: error(
      'A query parameter this list does not have, or a `cursor` of another list (`query.invalid`; `params.allowed` names the parameters).',
    ),
  },
});

export const menuRoute = createRoute({
  method: 'get',
  path: '/v1/menus/{name}',
  operationId: 'getMenu',
  summary: 'A menu by machine name, resolved for the locale',
  request: { params: MenuParam, query: LocaleExpandQuery },
  security: anonymousOrPreview,
  responses: previewable(Menu, 'The menu (`menu.notFound` when none).'),
});

export const redirectsRoute = createRoute({
  method: 'get',
  path: '/v1/redirects',
  operationId: 'listRedirects',
  summary: 'The redirects of a locale',
  request: { query: LocaleQuery },
  security: anonymousOrPreview,
  responses: previewable(RedirectList, 'The redirects.'),
});

export const tagsRoute = createRoute({
  method: 'get',
  path: '/v1/tags',
  operationId: 'listTags',
  summary: 'The tags of the documents delivered in a locale, with how many carry each, by name',
  request: { query: LocaleQuery },
  security: anonymousOrPreview,
  responses: previewable(TagList, 'The tags (published documents only, also in a preview).'),
});

export const authorsRoute = createRoute({
  method: 'get',
  path: '/v1/authors',
  operationId: 'listAuthors',
  summary: 'The users that delivered documents name in an author (`user`) field, with how many, by name',
  request: { query: LocaleQuery },
  security: anonymousOrPreview,
  responses: previewable(AuthorList, 'The authors (published documents only, also in a preview).'),
});

export const assetRoute = createRoute({
  method: 'get',
  path: '/v1/assets/{id}',
  operationId: 'getAsset',
  summary: 'Asset metadata and signed variant addresses (assets published content references)',
  request: { params: IdParam },
  security: anonymousOrPreview,
  responses: { ...previewable(Asset, 'The asset (`asset.notFound` when none).'), ...badId },
});

export const typesRoute = createRoute({
  method: 'get',
  path: '/v1/types',
  operationId: 'getContentModel',
  summary: "The space's content model (public fields only), to generate client types",
  security: anonymousOrPreview,
  responses: previewable(ContentModel, 'Content types and block types.'),
});

export const overviewRoute = createRoute({
  method: 'get',
  path: '/',
  operationId: 'getOverview',
  summary: 'What this instance serves',
  responses: cached(ServiceOverview, 'The surfaces of the public API.'),
});

export const healthRoute = createRoute({
  method: 'get',
  path: '/healthz',
  operationId: 'getHealth',
  summary: 'Liveness; touches nothing',
  responses: { 200: json(Health, 'The process runs.'), ...malformed },
});

export const readyRoute = createRoute({
  method: 'get',
  path: '/readyz',
  operationId: 'getReady',
  summary: "Readiness: warmed up and the database answers; the registry's schema version, replicas and edge",
  responses: {
    200: json(Ready, 'Ready.'),
    503: error(
      'Still warming up (`process.warmingUp`), the database cannot be reached, or no space is resolved.',
    ),
    ...malformed,
  },
});
