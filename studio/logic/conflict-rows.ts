import type { FieldDef } from '../../core/space-format/field-defs.ts';
import { fieldLabel } from './form-model.ts';

/**
 * Two versions of a document after a 409 as rows a person reads: per field its label and each side's value
 * as text (rich text as its plain text, a relation by its name, a block list by its blocks' text), and
 * whether the two differ. Only what differs is marked; equal rows stay, so the editor sees the whole.
 */

export interface ConflictSide {
  title: string;
  slug: string;
  tags: Array<{ name: string }>;
  fields: Record<string, unknown>;
}

export interface ConflictRow {
  name: string;
  label: string;
  mine: string;
  theirs: string;
  differs: boolean;
}

/** How ids read: a document's title, an asset's file name; unknown ids as they are. */
export interface ConflictNames {
  document(id: string): string;
  asset(id: string): string;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const BLOCK_NODES = new Set(['paragraph', 'heading', 'blockquote', 'listItem', 'codeBlock']);

/** A rich text's words: one line per paragraph, heading, list item or quote. */
export function richTextPlain(value: unknown): string {
  const lines: string[] = [];
  let line = '';
  const walk = (n: unknown) => {
    if (!isObject(n)) return;
    if (n.type === 'text' && typeof n.text === 'string') line += n.text;
    else if (n.type === 'hardBreak') line += '\n';
    if (Array.isArray(n.content)) for (const c of n.content) walk(c);
    if (typeof n.type === 'string' && BLOCK_NODES.has(n.type) && line.trim()) {
      lines.push(line.trim());
      line = '';
    }
  };
  walk(value);
  if (line.trim()) lines.push(line.trim());
  return lines.join('\n');
}

/** Every string a nested value holds (a block's or a repeater item's fields), in order. */
function strings(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') out.push(v);
  else if (isObject(v) && v.type === 'doc') out.push(richTextPlain(v));
  else if (Array.isArray(v)) for (const x of v) strings(x, out);
  else if (isObject(v))
    for (const [k, x] of Object.entries(v)) if (!/Id$|^ext$|^layout$/.test(k)) strings(x, out);
  return out.filter((s) => s.trim() !== '');
}

const list = (v: unknown) => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);

export function valueText(def: FieldDef | undefined, v: unknown, names: ConflictNames): string {
  if (v === undefined || v === null || v === '') return '';
  switch (def?.type) {
    case 'richText':
      return richTextPlain(v);
    case 'boolean':
      return v ? 'Yes' : 'No';
    case 'content':
      return list(v)
        .map((id) => names.document(String(id)))
        .join(', ');
    case 'image':
    case 'file':
      return list(v)
        .map((id) => names.asset(String(id)))
        .join(', ');
    case 'link': {
      if (!isObject(v)) return String(v);
      const to =
        typeof v.contentId === 'string' && v.contentId ? names.document(v.contentId) : String(v.url ?? '');
      return typeof v.label === 'string' && v.label ? `${v.label} → ${to}` : to;
    }
    case 'blocks': {
      const blocks = isObject(v) && Array.isArray(v.blocks) ? v.blocks : [];
      return blocks.map((b) => (isObject(b) ? `${b.type}: ${strings(b.fields).join(' · ')}` : '')).join('\n');
    }
    case 'repeater':
      return list(v)
        .map((item, i) => `${i + 1}. ${strings(isObject(item) ? item.fields : item).join(' · ')}`)
        .join('\n');
    default:
      return Array.isArray(v) ? v.map(String).join(', ') : isObject(v) ? strings(v).join(' · ') : String(v);
  }
}

/** Title, address, tags, then every field of the type in its order (and any the type no longer names). */
export function conflictRows(
  mine: ConflictSide,
  theirs: ConflictSide,
  defs: FieldDef[],
  names: ConflictNames,
): ConflictRow[] {
  const row = (name: string, label: string, a: string, b: string): ConflictRow => ({
    name,
    label,
    mine: a,
    theirs: b,
    differs: a !== b,
  });
  const tags = (s: ConflictSide) => s.tags.map((t) => t.name).join(', ');
  const rows = [
    row('title', 'Title', mine.title, theirs.title),
    row('slug', 'Address (slug)', mine.slug, theirs.slug),
    row('tags', 'Tags', tags(mine), tags(theirs)),
  ];
  const known = new Set(defs.map((d) => d.name));
  const extra = [...new Set([...Object.keys(mine.fields), ...Object.keys(theirs.fields)])].filter(
    (n) => !known.has(n),
  );
  for (const def of defs)
    rows.push(
      row(
        def.name,
        fieldLabel(def),
        valueText(def, mine.fields[def.name], names),
        valueText(def, theirs.fields[def.name], names),
      ),
    );
  for (const n of extra)
    rows.push(
      row(n, n, valueText(undefined, mine.fields[n], names), valueText(undefined, theirs.fields[n], names)),
    );
  return rows;
}
