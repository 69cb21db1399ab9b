import type { Queryable } from '../../core/db/types.ts';

export interface DeliveredTagCount {
  name: string;
  slug: string;
  /** Documents delivered in the locale that carry it. */
  count: number;
}

/**
 * The tags of the documents delivered in a locale (the delivery index: published, every ancestor published
 * there) of the given types, each with how many carry it, by name. One statement: the index's rows of the space
 * and locale, their tags, grouped.
 */
export async function selectTagCounts(
  db: Queryable,
  spaceId: string,
  locale: string,
  types: readonly string[],
): Promise<DeliveredTagCount[]> {
  const res = await db.query<{ name: string; slug: string; count: number }>(
    `select t.name, t.slug, count(*)::int as count
     from delivered_documents x
     join document_tags dt on dt.document_id = x.document_id
     join tags t on t.id = dt.tag_id
     where x.space_id = $1 and x.locale = $2 and x.type = any($3::text[])
     group by t.id, t.name, t.slug
     order by t.name, t.slug`,
    [spaceId, locale, types],
  );
  return res.rows;
}
