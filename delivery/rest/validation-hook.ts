import type { Hook } from '@hono/zod-openapi';
import type { ZodError } from 'zod';
import type { ErrorDetail } from '../../core/errors/app-error.ts';
import { AppError } from '../../core/errors/app-error.ts';

type Issue = ZodError['issues'][number];

/** The limits an issue names (`minimum`, `maximum`, accepted values), as public detail params. */
function paramsOf(issue: Issue): Record<string, unknown> {
  const params: Record<string, unknown> = { reason: issue.code, message: issue.message };
  if ('minimum' in issue) params.min = Number(issue.minimum);
  if ('maximum' in issue) params.max = Number(issue.maximum);
  if ('values' in issue) params.values = issue.values;
  return params;
}

/** Zod issues as catalogue details: `{ key: 'validation.invalid', params, path }`, one per parameter. */
export function issueDetails(
  error: ZodError,
  values: (name: string) => string | undefined = () => undefined,
): ErrorDetail[] {
  return error.issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    const value = values(path);
    return {
      key: 'validation.invalid',
      params: { ...paramsOf(issue), ...(value !== undefined ? { value } : {}) },
      path,
    };
  });
}

/**
 * What a failed validation of a route's parameters answers, with our error body: a malformed value in the
 * address (an id that is not an id) 400 `request.badId`; anything in the query 422 `validation.failed`.
 */
// biome-ignore lint/suspicious/noExplicitAny: the hook is shared by routes of every input type
export const validationHook: Hook<any, any, any, void> = (result, c) => {
  if (result.success) return;
  if (result.target === 'param') {
    throw new AppError('request.badId', { details: issueDetails(result.error, (name) => c.req.param(name)) });
  }
  throw new AppError('validation.failed', {
    message: `Invalid ${result.target === 'query' ? 'query parameter' : 'request'}: ${result.error.issues
      .map((i) => i.path.join('.'))
      .join(', ')}.`,
    details: issueDetails(result.error, (name) => c.req.query(name)),
  });
};
