import { isSafeHref } from '../designs/values.ts';

/**
 * Addresses content may carry: what a design link may (web, mail and phone addresses, paths on the site)
 * plus anchors and queries on the same page. `javascript:`, `data:` and any other scheme are refused.
 */
export function isSafeUrl(url: string): boolean {
  if (url.startsWith('#') || url.startsWith('?')) return isSafeHref(`/${url}`);
  return isSafeHref(url);
}
