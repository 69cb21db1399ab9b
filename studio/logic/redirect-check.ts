import { isSafeUrl } from '../../core/space-format/safe-url.ts';

/**
 * The redirects table's checks before it asks the server (which checks the same and has the last word):
 * each problem in words with the field it is about, as `redirects.create` would name its path.
 */

export interface RedirectDraft {
  locale: string;
  fromPath: string;
  /** An address or path; empty when `contentId` is the target. */
  toPath: string;
  contentId: string | null;
  status: number;
}

export interface ExistingRedirect {
  id: string;
  locale: string;
  fromPath: string;
}

export const REDIRECT_STATUSES = [301, 302, 307, 308] as const;

export function redirectProblem(
  r: RedirectDraft,
  existing: readonly ExistingRedirect[],
): { path: 'fromPath' | 'toPath' | 'status'; message: string } | null {
  const from = r.fromPath.trim();
  if (!/^\/\S*$/.test(from))
    return {
      path: 'fromPath',
      message: 'The old address must be a path starting with / and without spaces.',
    };
  if (existing.some((e) => e.locale === r.locale && e.fromPath === from))
    return { path: 'fromPath', message: `${from} already redirects in ${r.locale}.` };
  if (r.contentId === null) {
    const to = r.toPath.trim();
    if (!to) return { path: 'toPath', message: 'Give the new address, or pick a document.' };
    if (!isSafeUrl(to))
      return { path: 'toPath', message: 'The new address must be a path (/news) or an http(s) address.' };
    if (to === from) return { path: 'toPath', message: 'A redirect to itself would loop.' };
  }
  if (!(REDIRECT_STATUSES as readonly number[]).includes(r.status))
    return { path: 'status', message: 'The status is 301, 302, 307 or 308.' };
  return null;
}
