import { type FieldDef, isPublic, isSearchable } from '../space-format/field-defs.ts';

/** Plain text of a rich-text document (every text node, in order). */
export function richTextPlain(doc: unknown): string {
  const parts: string[] = [];
  const walk = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return;
    const n = node as { text?: unknown; content?: unknown };
    if (typeof n.text === 'string') parts.push(n.text);
    if (Array.isArray(n.content)) n.content.forEach(walk);
  };
  walk(doc);
  return parts.join(' ');
}

/**
 * What full-text search indexes besides the title: the values of search-contributing fields that are
 * delivered publicly, and the tag names. Stored beside each version because it depends on the content model
 * and tags, not the row alone. A field with `public: false` stays out even with `search: true`: public
 * search would otherwise answer whether a word is in it (a count of 1 or 0 is an oracle on its text).
 * Search reads top-level fields only, not the insides of blocks or repeaters.
 */
export function searchText(fields: Record<string, unknown>, defs: FieldDef[], tagNames: string[]): string {
  const parts: string[] = [];
  for (const def of defs) {
    if (!isSearchable(def) || !isPublic(def)) continue;
    const value = fields[def.name];
    if (value === null || value === undefined) continue;
    if (def.type === 'richText') parts.push(richTextPlain(value));
    else if (typeof value === 'string' || typeof value === 'number') parts.push(String(value));
    else if (Array.isArray(value)) parts.push(value.filter((v) => typeof v === 'string').join(' '));
  }
  parts.push(...tagNames);
  return parts.join(' ').trim();
}
