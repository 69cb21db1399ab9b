import type { IncomingMessage } from 'node:http';
import type { FastAnswersOptions } from '../../core/http/fast-answers.ts';
import { FORM_RESULT_PARAM } from '../access/form-result.ts';
import { SHARE_COOKIE } from '../access/share-token.ts';

/**
 * Requests whose page site access decides per visitor (share cookie: drafts and preview; `?form-result=`: the
 * form's message), which always go through the whole pipeline. The password is not here: a page is only
 * replayed while its site has none (page-cache.ts `replayablePage`).
 */
export function pageNeedsAccessCheck(req: IncomingMessage): boolean {
  const cookie = req.headers.cookie;
  if (cookie?.includes(SHARE_COOKIE)) return true;
  const url = req.url ?? '';
  const query = url.indexOf('?');
  if (query < 0) return false;
  const search = url.slice(query);
  if (search.includes(FORM_RESULT_PARAM)) return true;
  // An encoded parameter name (`form%2Dresult`) reads the same to the query parser.
  if (!search.includes('%')) return false;
  try {
    return decodeURIComponent(search).includes(FORM_RESULT_PARAM);
  } catch {
    return true;
  }
}

/**
 * The fast answers of the website mode: pages vary by host, forwarded protocol (absolute links, cache key)
 * and `Accept-Encoding` (gzip or not).
 */
export const fastPagesOptions: FastAnswersOptions = {
  varyOn: ['host', 'x-forwarded-proto', 'accept-encoding'],
  bypass: pageNeedsAccessCheck,
};
