/**
 * Every error key Verso answers, in one place: its kind (and so its status) and a short public message.
 * Plugins add theirs with `registerErrors` at load time; a key missing here answers `internal.error`.
 */
export const errorKinds = {
  validation: 422,
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unsupported_media_type: 415,
  payload_too_large: 413,
  range_not_satisfiable: 416,
  rate_limited: 429,
  unavailable: 503,
  internal: 500,
} as const;

export type ErrorKind = keyof typeof errorKinds;

export interface ErrorEntry {
  kind: ErrorKind;
  message: string;
}

const catalogue: Record<string, ErrorEntry> = {
  'internal.error': { kind: 'internal', message: 'Something went wrong on our side.' },
  'validation.failed': { kind: 'validation', message: 'The request is not valid.' },
  'validation.invalid': { kind: 'validation', message: 'A value is not valid.' },
  'request.badId': { kind: 'bad_request', message: 'The id in the address is not a valid id.' },
  'query.invalid': {
    kind: 'bad_request',
    message: 'A query parameter names something this address does not have.',
  },
  'request.malformed': { kind: 'bad_request', message: 'The request is malformed.' },
  'request.tooLarge': {
    kind: 'payload_too_large',
    message: 'The request body is larger than this instance accepts.',
  },
  'route.notFound': { kind: 'not_found', message: 'There is nothing at this address.' },
  'content.notFound': { kind: 'not_found', message: 'No document was found.' },
  'contentType.notFound': { kind: 'not_found', message: 'No such content type.' },
  'menu.notFound': { kind: 'not_found', message: 'No menu was found.' },
  'asset.notFound': { kind: 'not_found', message: 'No asset was found.' },
  'media.notFound': { kind: 'not_found', message: 'There is no media file at this address.' },
  'media.signatureInvalid': {
    kind: 'forbidden',
    message: 'The media address is unsigned or its signature is not valid.',
  },
  'media.rangeNotSatisfiable': {
    kind: 'range_not_satisfiable',
    message: 'The requested byte range is outside the file.',
  },
  'upload.fileMissing': { kind: 'validation', message: 'The upload has no file in the field "file".' },
  'upload.tooLarge': { kind: 'payload_too_large', message: 'The file is larger than this instance accepts.' },
  'upload.typeNotAllowed': {
    kind: 'unsupported_media_type',
    message: 'This kind of file cannot be uploaded.',
  },
  'upload.unreadable': { kind: 'validation', message: 'The file is damaged or cannot be read.' },
  'graphql.request.invalid': { kind: 'bad_request', message: 'The GraphQL request is malformed.' },
  'graphql.request.tooLarge': { kind: 'payload_too_large', message: 'The GraphQL request is too large.' },
  'graphql.query.syntax': { kind: 'bad_request', message: 'The query cannot be parsed.' },
  'graphql.query.invalid': { kind: 'bad_request', message: 'The query does not match the schema.' },
  'graphql.query.tooDeep': { kind: 'bad_request', message: 'The query is nested too deeply.' },
  'graphql.query.tooComplex': { kind: 'bad_request', message: 'The query is too complex.' },
  'graphql.query.tooManyAliases': { kind: 'bad_request', message: 'The query has too many aliases.' },
  'graphql.query.tooManyDirectives': { kind: 'bad_request', message: 'The query has too many directives.' },
  'graphql.query.tooManyTokens': { kind: 'bad_request', message: 'The query is too long.' },
  'graphql.operation.unsupported': {
    kind: 'bad_request',
    message: 'Only queries are served: this API has no mutations or subscriptions.',
  },
  'graphql.introspection.disabled': {
    kind: 'bad_request',
    message: 'Introspection is off on this instance.',
  },
  'space.notFound': { kind: 'not_found', message: 'No such space.' },
  'space.exists': { kind: 'conflict', message: 'A space with this name exists already.' },
  'publicApi.space.unresolved': {
    kind: 'unavailable',
    message: 'This instance does not know which space to serve yet.',
  },
  'publicApi.host.unknown': { kind: 'not_found', message: 'This host serves no space.' },
  'types.fetchFailed': { kind: 'unavailable', message: 'The public API could not be read.' },
  'auth.required': { kind: 'unauthorized', message: 'An API key is required.' },
  'auth.invalid': { kind: 'unauthorized', message: 'The API key is not valid or has expired.' },
  'auth.forbidden': { kind: 'forbidden', message: 'The API key may not do this.' },
  'preview.invalid': {
    kind: 'unauthorized',
    message: 'The preview token is not valid for this space: unknown, expired or revoked.',
  },
  'previewToken.notFound': { kind: 'not_found', message: 'No such preview token in this space.' },
  'rateLimit.exceeded': { kind: 'rate_limited', message: 'Too many requests; try again later.' },
  'database.unavailable': { kind: 'unavailable', message: 'The database cannot be reached.' },
  'database.behind': { kind: 'unavailable', message: 'The database needs migrations.' },
  'config.invalid': { kind: 'internal', message: 'A setting is not valid.' },
  'build.refused': { kind: 'validation', message: 'The site cannot be built as files.' },
  'config.server.trustedProxyInvalid': {
    kind: 'internal',
    message: 'TRUSTED_PROXIES has a malformed entry.',
  },
  'config.control.allowedIpsInvalid': {
    kind: 'internal',
    message: 'CONTROL_API_ALLOWED_IPS has a malformed entry.',
  },
  'config.metrics.allowedIpsInvalid': {
    kind: 'internal',
    message: 'METRICS_ALLOWED_IPS has a malformed entry.',
  },
  'import.invalid': { kind: 'validation', message: 'The space file is not valid.' },
  'import.format.unknown': { kind: 'validation', message: 'The space file has an unknown format.' },
};

export function registerErrors(entries: Record<string, ErrorEntry>): void {
  for (const [key, entry] of Object.entries(entries)) catalogue[key] = entry;
}

export function errorEntry(key: string): ErrorEntry | undefined {
  return catalogue[key];
}

export function errorKeys(): string[] {
  return Object.keys(catalogue);
}
