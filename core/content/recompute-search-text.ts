import type { Queryable } from '../db/types.ts';
import type { FieldDef } from '../space-format/field-defs.ts';
import { searchText } from './search-text.ts';

const BATCH = 1000;

interface VersionRow {
  document_id: string;
  locale: string;
  state: string;
  space_id: string;
  type: string;
  fields: Record<string, unknown>;
  search_text: string;
  tags: string[];
}

/**
 * Writes every version's search text anew from its fields, its type's definitions and its tags, as import
 * and publish write it; only rows whose text changes are updated (a text-only update leaves the delivery
 * index alone: its triggers look at slugs). Run by migration 0012, which dropped non-public fields from
 * the search text, so that a migrated database keeps none of their words. Walks the versions in key order,
 * a batch at a time. Returns how many rows changed.
 */
export async function recomputeSearchText(db: Queryable): Promise<number> {
  const types = await db.query<{ space_id: string; name: string; fields: FieldDef[] }>(
    `select space_id, name, fields from content_types where kind = 'content'`,
  );
  const defsOf = new Map(types.rows.map((t) => [`${t.space_id}/${t.name}`, t.fields]));
  let changed = 0;
  let after: [string, string, string] | null = null;
  for (;;) {
    const res: { rows: VersionRow[] } = await db.query<VersionRow>(
      `select v.document_id, v.locale, v.state, d.space_id, d.type, v.fields, v.search_text,
         coalesce((select array_agg(t.name order by dt.position) from document_tags dt join tags t on t.id = dt.tag_id
                   where dt.document_id = v.document_id), '{}') as tags
       from document_versions v join documents d on d.id = v.document_id
       ${after ? 'where (v.document_id, v.locale, v.state) > ($1::uuid, $2::text, $3::text)' : ''}
       order by v.document_id, v.locale, v.state
       limit ${BATCH}`,
      after ?? [],
    );
    const updates = res.rows
      .map((r) => ({ r, text: searchText(r.fields, defsOf.get(`${r.space_id}/${r.type}`) ?? [], r.tags) }))
      .filter(({ r, text }) => text !== r.search_text)
      .map(({ r, text }) => ({ document_id: r.document_id, locale: r.locale, state: r.state, text }));
    if (updates.length > 0) {
      await db.query(
        `update document_versions v set search_text = x.text
         from jsonb_to_recordset($1::jsonb) as x(document_id uuid, locale text, state text, text text)
         where v.document_id = x.document_id and v.locale = x.locale and v.state = x.state`,
        [JSON.stringify(updates)],
      );
      changed += updates.length;
    }
    if (res.rows.length < BATCH) return changed;
    const last = res.rows[res.rows.length - 1]!;
    after = [last.document_id, last.locale, last.state];
  }
}
