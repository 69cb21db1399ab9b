import { sameHostLocation } from '../pipeline/safe-location.ts';

/**
 * Where to go after the password form (and a form's way back): a path on the same site by the one rule of
 * every site location (site/pipeline/safe-location.ts), else `/`.
 */
export function safeNextPath(next: unknown): string {
  if (typeof next !== 'string' || next.length > 2048) return '/';
  return sameHostLocation(next) ?? '/';
}
