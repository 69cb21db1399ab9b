import type { Params } from './sql-params.ts';

/**
 * The tsquery of a list's `search` in the version's language (`v.locale` of the statement): PostgreSQL's web
 * search syntax (quotes, `or`, `-`), and the last word also as a prefix while it is being typed (`roa` finds
 * "roasting", as a search box shows results as one types). The prefix is the last run of letters and digits when
 * the text ends in one (not after a space, a quote or an operator); with it the query is
 * `websearch(text) || (websearch(text without it) && prefix:*)`, so that a text whose last word is a stop word or
 * whole still matches as before.
 */
export function searchTsquery(p: Params, search: string, locale = 'v.locale'): string {
  const full = `websearch_to_tsquery(verso_ts_config(${locale}), ${p.add(search)})`;
  const last = /(?:^|[\s"(])([\p{L}\p{N}]{2,})$/u.exec(search);
  if (!last || /(^|\s)-[\p{L}\p{N}]+$/u.test(search)) return full;
  const head = search.slice(0, search.length - last[1]!.length);
  const prefix = `to_tsquery(verso_ts_config(${locale}), ${p.add(`${last[1]!}:*`)})`;
  const rest = head.trim() ? `websearch_to_tsquery(verso_ts_config(${locale}), ${p.add(head)}) && ` : '';
  return `(${full} || (${rest}${prefix}))`;
}
