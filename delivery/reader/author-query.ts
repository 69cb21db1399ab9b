import type { Queryable } from '../../core/db/types.ts';
import { isPublic, type TypeDef } from '../../core/space-format/field-defs.ts';
import { Params } from './sql-params.ts';

/** A public top-level `user` field of a content type: where documents name their authors. */
export interface AuthorField {
  type: string;
  field: string;
  localized: boolean;
}

const fieldName = /^[A-Za-z][A-Za-z0-9_]*$/;

/** The public top-level `user` fields of the content types (those a document's author is read from). */
export function authorFields(types: Iterable<TypeDef>): AuthorField[] {
  const out: AuthorField[] = [];
  for (const type of types) {
    for (const def of type.fields ?? []) {
      if (def.type === 'user' && isPublic(def) && fieldName.test(def.name))
        out.push({ type: type.name, field: def.name, localized: def.localized !== false });
    }
  }
  return out;
}

/**
 * The users that documents delivered in the locale name in an author field, each with how many documents name
 * them (a document naming one twice counts once). A field shared by all locales is read from the default
 * locale's version, as the document is delivered (shape-document.ts). One statement: the delivery index's rows
 * of the types that have such fields, their versions' values, grouped.
 */
export async function selectAuthorCounts(
  db: Queryable,
  spaceId: string,
  locale: string,
  fields: readonly AuthorField[],
): Promise<Array<{ id: string; count: number }>> {
  if (fields.length === 0) return [];
  const p = new Params();
  const values = fields.map(({ type, field, localized }) => {
    const own = `v.fields->'${field}'`;
    const value = localized ? own : `coalesce(sv.fields->'${field}', ${own})`;
    return `when ${p.add(type)} then ${value}`;
  });
  const res = await db.query<{ id: string; count: number }>(
    `select u.id, count(distinct x.document_id)::int as count
     from delivered_documents x
     join document_versions v on v.document_id = x.document_id and v.locale = x.locale collate "default"
       and v.state = 'published'
     left join document_versions sv on sv.document_id = x.document_id and sv.state = 'published'
       and sv.locale = (select s.default_locale from spaces s where s.id = x.space_id)
     cross join lateral (select case x.type ${values.join(' ')} end as value) f
     cross join lateral jsonb_array_elements_text(case jsonb_typeof(f.value)
       when 'array' then f.value when 'string' then jsonb_build_array(f.value) else '[]' end) a(user_id)
     join users u on u.space_id = x.space_id and u.id::text = lower(a.user_id)
     where x.space_id = ${p.add(spaceId)} and x.locale = ${p.add(locale)}
       and x.type = any(${p.add([...new Set(fields.map((f) => f.type))])}::text[])
     group by u.id`,
    p.values,
  );
  return res.rows;
}
