import { AppError } from '../../core/errors/app-error.ts';
import { listLimits } from '../reader/index.ts';
import type { SpaceInfo } from '../reader/types.ts';

/**
 * Argument checks of the root queries, with REST's rules and details: a bad value answers `validation.failed`
 * with one `validation.invalid` detail whose `path` names the argument.
 */
const invalid = (path: string, message: string, params: Record<string, unknown>) =>
  new AppError('validation.failed', { message, details: [{ key: 'validation.invalid', params, path }] });

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The requested locale, or the space's default; a locale the space does not have is refused. */
export function localeArg(space: SpaceInfo, locale: string | null | undefined): string {
  if (locale === null || locale === undefined) return space.defaultLocale;
  if (space.locales.includes(locale)) return locale;
  throw invalid('locale', `The locale "${locale}" is not a language of this space.`, {
    reason: 'unknown_locale',
    values: space.locales,
    value: locale,
  });
}

export function idArg(path: string, id: string): string {
  if (!uuid.test(id))
    throw invalid(path, `The argument "${path}" is not an id.`, { reason: 'not_an_id', value: id });
  return id;
}

export const optionalIdArg = (path: string, id: string | null | undefined): string | undefined =>
  id === null || id === undefined ? undefined : idArg(path, id);

/** 1 to 100, default 25; other values are refused, never clamped. */
export function limitArg(limit: number | null | undefined): number {
  const value = limit ?? listLimits.default;
  if (value < listLimits.min || value > listLimits.max) {
    throw invalid('limit', 'The argument "limit" is out of range.', {
      min: listLimits.min,
      max: listLimits.max,
      value,
    });
  }
  return value;
}

export function offsetArg(offset: number | null | undefined): number {
  const value = offset ?? 0;
  if (value < 0) throw invalid('offset', 'The argument "offset" is out of range.', { min: 0, value });
  return value;
}

/** REST's bound on a search text. */
export function searchArg(search: string | null | undefined): string | undefined {
  if (search === null || search === undefined || search.trim() === '') return undefined;
  if (search.length > 200) throw invalid('search', 'The argument "search" is too long.', { max: 200 });
  return search;
}

/** `""`, `/` and `/about/` mean the home page and `about`: no leading or trailing slash, like REST. */
export const permalinkArg = (permalink: string): string => permalink.replace(/^\/+|\/+$/g, '');
