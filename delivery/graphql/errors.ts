import { GraphQLError, type GraphQLErrorExtensions } from 'graphql/index.js';
import { AppError, toErrorBody } from '../../core/errors/app-error.ts';
import { type ErrorKind, errorEntry } from '../../core/errors/catalogue.ts';

/**
 * GraphQL errors carry `extensions: { code, key }` (and `details` where the key has them): `key` is the
 * catalogue key REST would answer, `code` the GraphQL-conventional class of the error. Nothing else leaves.
 */
const codeOfKind: Record<ErrorKind, string> = {
  validation: 'BAD_USER_INPUT',
  bad_request: 'BAD_REQUEST',
  unauthorized: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  not_found: 'NOT_FOUND',
  conflict: 'CONFLICT',
  unsupported_media_type: 'BAD_REQUEST',
  payload_too_large: 'BAD_REQUEST',
  range_not_satisfiable: 'BAD_REQUEST',
  rate_limited: 'RATE_LIMITED',
  unavailable: 'SERVICE_UNAVAILABLE',
  internal: 'INTERNAL_SERVER_ERROR',
};

export const parseFailed = 'GRAPHQL_PARSE_FAILED';
export const validationFailed = 'GRAPHQL_VALIDATION_FAILED';

/** A refusal by key, for validation rules and the parser: the catalogue's message unless a clearer one is given. */
export function keyedError(key: string, code: string, message?: string): GraphQLError {
  return new GraphQLError(message ?? errorEntry(key)?.message ?? key, { extensions: { code, key } });
}

const isKeyed = (ext: GraphQLErrorExtensions | undefined) => typeof ext?.key === 'string';

/**
 * The public form of any error of a result. Keyed errors stay; an AppError thrown by a resolver or the reader
 * keeps its key, message and details; GraphQL's own refusals (parse, validation, the HTTP layer) get the key
 * of their class; anything else is `internal.error` with no internals, and `report` gets the original.
 */
export function publicError(error: GraphQLError, report: (err: unknown) => void): GraphQLError {
  if (isKeyed(error.extensions) && !error.originalError) return error;
  const original = error.originalError;
  if (original instanceof AppError && errorEntry(original.key)) {
    return withExtensions(error, original.message, {
      code: codeOfKind[original.kind],
      key: original.key,
      ...(original.details.length ? { details: original.details } : {}),
    });
  }
  if (original instanceof GraphQLError && isKeyed(original.extensions)) {
    return withExtensions(error, original.message, original.extensions);
  }
  if (!original) return withExtensions(error, error.message, { ...error.extensions, ...keyOfOwn(error) });
  report(original);
  return withExtensions(error, errorEntry('internal.error')!.message, {
    code: 'INTERNAL_SERVER_ERROR',
    key: 'internal.error',
    // Read by yoga only (never sent): an unexpected error before any data answers 500.
    unexpected: true,
  });
}

/** GraphQL's and yoga's own errors: parse and validation failures by their code, HTTP-level ones by status. */
function keyOfOwn(error: GraphQLError): GraphQLErrorExtensions {
  const code = error.extensions.code;
  if (code === parseFailed || error.message.startsWith('Syntax Error'))
    return { code: parseFailed, key: 'graphql.query.syntax' };
  if (code === validationFailed) return { code, key: 'graphql.query.invalid' };
  const http = error.extensions.http as { status?: number } | undefined;
  if (http?.status && http.status >= 400 && http.status < 500)
    return { code: code ?? 'BAD_REQUEST', key: 'graphql.request.invalid' };
  return { code: code ?? validationFailed, key: 'graphql.query.invalid' };
}

function withExtensions(
  error: GraphQLError,
  message: string,
  extensions: GraphQLErrorExtensions,
): GraphQLError {
  return new GraphQLError(message, {
    ...(error.nodes ? { nodes: error.nodes } : {}),
    ...(!error.nodes && error.source ? { source: error.source, positions: error.positions } : {}),
    ...(error.path ? { path: error.path } : {}),
    extensions: { ...(error.extensions.http ? { http: error.extensions.http } : {}), ...extensions },
  });
}

/**
 * A failure before GraphQL runs (the space's schema cannot be read), as a GraphQL answer: `errors` only, with
 * the key of an AppError or `internal.error`, and the HTTP status of the key.
 */
export function failureAnswer(err: unknown): {
  status: number;
  body: { errors: Array<{ message: string; extensions: GraphQLErrorExtensions }> };
} {
  const { error } = toErrorBody(err);
  return {
    status: error.status,
    body: {
      errors: [{ message: error.message, extensions: { code: codeOfKind[error.kind], key: error.key } }],
    },
  };
}
