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
