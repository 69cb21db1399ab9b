import { isLocalized, type TypeDef } from '../../core/space-format/field-defs.ts';
import type { DocumentRow } from './rows.ts';
import { type ShapeOptions, shapeFields } from './shape-fields.ts';
import type { DeliveredDocument } from './types.ts';

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

/**
 * The REST representation of one version (delivery-and-site.md, "Document"). A field that is not localized
 * holds one value for every locale: the default locale's, when that locale is published.
 */
export function shapeDocument(row: DocumentRow, type: TypeDef, options: ShapeOptions): DeliveredDocument {
  let fields = row.fields;
  if (row.sharedFields) {
    fields = { ...fields };
    for (const def of type.fields) {
      if (!isLocalized(def) && row.sharedFields[def.name] !== undefined)
        fields[def.name] = row.sharedFields[def.name];
    }
  }
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    slug: row.slug,
    permalink: row.permalink,
    locale: row.locale,
    parentId: row.parentId,
    publishedAt: iso(row.publishedAt),
    updatedAt: iso(row.updatedAt) as string,
    tags: row.tags,
    fields: shapeFields(fields, type.fields, options),
    ...(row.state === 'draft' ? { draft: true } : {}),
  };
}
