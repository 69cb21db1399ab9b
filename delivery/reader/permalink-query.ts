import type { Queryable } from '../../core/db/types.ts';
import { chainCte, permalinkRow, type Route, useIndex } from './document-query.ts';
import type { PermalinkRow } from './rows.ts';
import { Params } from './sql-params.ts';
import type { ReadContext } from './types.ts';

type Drafts = ReadContext['drafts'];

/** Where documents are delivered: permalinks in one locale (links) or in every locale of the space (alternates). */
export async function selectPermalinks(
  db: Queryable,
  sel: { spaceId: string; locale: string | 'every'; drafts?: Drafts; ids: string[] },
  route: Route = 'index',
): Promise<PermalinkRow[]> {
  if (sel.ids.length === 0) return [];
  const p = new Params();
  let sql: string;
  if (useIndex(sel.drafts, route)) {
    const space = p.add(sel.spaceId);
    const locale =
      sel.locale === 'every'
        ? `x.locale = any((select locales from spaces where id = ${space})::text[])`
        : `x.locale = ${p.add(sel.locale)}`;
    // Slugs and ancestors as json arrays, as fullSelect reads them (node-postgres parses an array in JavaScript):
    // the export's and the sitemap's page lists read every document's.
    sql = `select x.document_id as id, x.locale, array_to_json(x.slugs) as slugs, array_to_json(x.ancestors) as ancestors
      from delivered_documents x
      where x.space_id = ${space} and ${locale} and x.document_id = any(${p.add(sel.ids)}::uuid[])
      order by x.sort_key, x.document_id, x.locale`;
  } else {
    const cte = chainCte(p, {
      spaceId: sel.spaceId,
      locale: sel.locale,
      drafts: sel.drafts,
      where: [`d.id = any(${p.add(sel.ids)}::uuid[])`],
    });
    sql = `${cte} select doc_id as id, locale, array_to_json(slugs) as slugs, array_to_json(ancestors) as ancestors
     from chain where next_id is null order by sort_key, doc_id, locale`;
  }
  const res = await db.query<{ id: string; locale: string; slugs: string[]; ancestors: string[] | null }>(
    sql,
    p.values,
  );
  return res.rows.map((r) => permalinkRow(r.id, r.locale, r.slugs, r.ancestors));
}
