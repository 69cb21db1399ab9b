import { z } from 'zod';
import { AppError } from '../errors/app-error.ts';
import type { SpaceRef } from '../rpc/spaces.ts';

/** Input parts every space procedure shares. */
export const spaceName = z.string().min(1, 'required');
export const documentId = z.uuid({ message: 'must be a UUID' });
export const localeName = z.string().regex(/^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/, 'must be a language code');

/** A locale of the space, or 422 naming `locale` (a detail like the schema's). */
export function assertLocale(space: SpaceRef, locale: string, path = 'locale'): void {
  if (space.locales.includes(locale)) return;
  throw new AppError('validation.failed', {
    details: [
      { key: 'validation.invalid', path, params: { message: `not a locale of space "${space.name}"` } },
    ],
  });
}

/**
 * A time still to come, as ISO 8601 with seconds and an offset (`2026-03-01T09:00:00+01:00`, `…Z`): when a
 * scheduled publish or unpublish runs. A time already past is refused rather than run at once (as Contentful
 * does), so that a late request never changes the site unannounced.
 */
export const futureTime = z.iso
  .datetime({ offset: true, abort: true, message: 'must be an ISO 8601 time with seconds and an offset' })
  .refine((s) => Date.parse(s) > Date.now(), 'must be in the future');
