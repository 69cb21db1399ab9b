import type { FieldDef } from '../../core/space-format/field-defs.ts';
import { isEmptyRichText, type RichDoc } from './rich-text.ts';

/**
 * The content view's form, from a content type's field definitions (docs/space-format.md, "Field types"):
 * which control each field gets, the value a new item starts with, and the conversions between what an
 * input holds and what the content procedures store. No DOM here.
 */

export type Control =
  | 'string'
  | 'text'
  | 'number'
  | 'boolean'
  | 'date'
  | 'select'
  | 'selectMany'
  | 'richText'
  | 'link'
  | 'asset'
  | 'assets'
  | 'document'
  | 'documents'
  | 'user'
  | 'blocks'
  | 'repeater';

export function controlOf(def: FieldDef): Control {
  const many = def.multiple === true;
  switch (def.type) {
    case 'select':
      return many ? 'selectMany' : 'select';
    case 'image':
    case 'file':
      return many ? 'assets' : 'asset';
    case 'content':
      return many ? 'documents' : 'document';
    default:
      return def.type;
  }
}

/** `meta_description` → "Meta description", unless the type names it. */
export function fieldLabel(def: { name: string; title?: string }): string {
  if (def.title) return def.title;
  const words = def.name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const newId = (): string => crypto.randomUUID();

export interface BlockValue {
  blockId: string;
  type: string;
  fields: Record<string, unknown>;
  ext?: { website?: { designId?: string; style?: unknown } } & Record<string, unknown>;
  layout?: Record<string, unknown>;
}
export interface BlocksValue {
  grid: Record<string, unknown> | null;
  blocks: BlockValue[];
}
export interface RepeaterItem {
  itemId: string;
  fields: Record<string, unknown>;
}

export const newBlock = (type: string): BlockValue => ({ blockId: newId(), type, fields: {} });
export const newRepeaterItem = (): RepeaterItem => ({ itemId: newId(), fields: {} });

export function blocksOf(value: unknown): BlocksValue {
  const v = value as Partial<BlocksValue> | null;
  return { grid: v?.grid ?? null, blocks: Array.isArray(v?.blocks) ? v.blocks : [] };
}

/** The design variant a block chose (its `ext.website.designId`), or null for its design's default. */
export const blockVariant = (b: BlockValue): string | null => b.ext?.website?.designId ?? null;

export function withBlockVariant(b: BlockValue, variant: string | null): BlockValue {
  const { designId: _, ...website } = b.ext?.website ?? {};
  const nextWebsite = variant ? { ...website, designId: variant } : website;
  const { website: __, ...ext } = b.ext ?? {};
  const nextExt = Object.keys(nextWebsite).length > 0 ? { ...ext, website: nextWebsite } : ext;
  const { ext: ___, ...rest } = b;
  return Object.keys(nextExt).length > 0 ? { ...rest, ext: nextExt } : rest;
}

/** The block types a blocks field offers: its own list, else every block type of the space. */
export const allowedBlockTypes = (def: FieldDef, all: string[]): string[] =>
  def.blockTypes ? all.filter((t) => def.blockTypes!.includes(t)) : all;

/** An `<input type="number">`'s text as stored: a number, or null for empty or not a finite number. */
export function fromNumberInput(text: string): number | null {
  if (text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/** A stored date (`2026-03-01` or a timestamp) for `<input type="date">`. */
export function toDateInput(value: unknown): string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : '';
}
export const fromDateInput = (text: string): string | null =>
  /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : null;

/** A `datetime-local` input's text (the editor's time zone) as ISO 8601 with an offset, for scheduling. */
export function fromDateTimeLocal(text: string): string | null {
  const t = new Date(text);
  return text && !Number.isNaN(t.getTime()) ? t.toISOString().replace(/\.\d{3}Z$/, 'Z') : null;
}

/** Tags as the editor types them ("News, Coffee tips") and as stored (`{ name, slug }`). */
export function parseTags(text: string): Array<{ name: string; slug: string }> {
  const seen = new Set<string>();
  const out: Array<{ name: string; slug: string }> = [];
  for (const part of text.split(',')) {
    const name = part.trim();
    const slug = slugify(name);
    if (!name || !slug || seen.has(slug)) continue;
    seen.add(slug);
    out.push({ name, slug });
  }
  return out;
}
export const tagsText = (tags: Array<{ name: string }>): string => tags.map((t) => t.name).join(', ');

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 200);
}

/** Nothing in it: stored as absent, so a draft holds no empty strings that a select or link would refuse. */
function isBlank(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (typeof value === 'object' && (value as { type?: unknown }).type === 'doc')
    return isEmptyRichText(value as RichDoc);
  return false;
}

/** The fields as saved: blanks left out, inside repeaters and blocks (by their type's fields) too. */
export function cleanFields(
  fields: Record<string, unknown>,
  defs: FieldDef[],
  blockDefs: Record<string, FieldDef[]> = {},
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const def of defs) {
    const value = fields[def.name];
    if (isBlank(value)) continue;
    if (def.type === 'repeater' && Array.isArray(value))
      out[def.name] = (value as RepeaterItem[]).map((item) => ({
        itemId: item.itemId,
        fields: cleanFields(item.fields ?? {}, def.fields ?? [], blockDefs),
      }));
    else if (def.type === 'blocks') {
      const v = blocksOf(value);
      out[def.name] = {
        grid: v.grid,
        blocks: v.blocks.map((b) => ({
          ...b,
          fields: cleanFields(b.fields ?? {}, blockDefs[b.type] ?? [], blockDefs),
        })),
      };
    } else if (def.type === 'link') {
      const link = value as Record<string, unknown>;
      const kept = Object.fromEntries(Object.entries(link).filter(([, v]) => !isBlank(v)));
      if (kept.url !== undefined || kept.contentId !== undefined) out[def.name] = kept;
    } else out[def.name] = value;
  }
  return out;
}

/** A value with the item at `index` moved by `delta` (−1 up, +1 down); unchanged at either end. */
export function moveItem<T>(list: T[], index: number, delta: number): T[] {
  const to = index + delta;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(to, 0, item!);
  return next;
}
