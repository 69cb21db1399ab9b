import { AppError } from '../../core/errors/app-error.ts';

export const listLimits = { min: 1, max: 100, default: 25 } as const;

const invalid = (path: string, params: Record<string, unknown>) =>
  new AppError('validation.failed', {
    message: `The query parameter "${path}" is out of range.`,
    details: [{ key: 'validation.invalid', params, path }],
  });

/**
 * The limits of a content list (delivery-and-site.md, "Limits"): `limit` 1 to 100, refused outside that,
 * never clamped; `offset` a whole number from 0. REST validates the same rule before the reader is called;
 * this keeps every other caller (GraphQL, the site) to it as well.
 */
export function checkListQuery(query: { limit: number; offset: number }): { limit: number; offset: number } {
  const { limit, offset } = query;
  if (!Number.isInteger(limit) || limit < listLimits.min || limit > listLimits.max) {
    throw invalid('limit', { min: listLimits.min, max: listLimits.max, value: limit });
  }
  if (!Number.isInteger(offset) || offset < 0) throw invalid('offset', { min: 0, value: offset });
  return { limit, offset };
}
