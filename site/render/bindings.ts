import { type Binding, isSafeHref } from '../../core/designs/index.ts';
import type { DeliveredAsset, DeliveredDocument } from '../../delivery/reader/types.ts';
import type { Env, FieldDef } from './context.ts';
import { applyFormat, formatDate, hasText, plainText } from './format.ts';

/**
 * What a binding reads. `found: false` is a design error (the field no longer exists): the node
 * is left out and a warning logged. A found field may still be empty.
 */
export type Bound =
  | { found: false; reason: string }
  | { found: true; value: unknown; type: FieldDef['type'] | 'meta'; def?: FieldDef; meta?: string };

const META_TYPES: Record<string, FieldDef['type'] | 'meta'> = {
  $title: 'string',
  $permalink: 'meta',
  $publishedAt: 'date',
  $author: 'user',
  $tags: 'meta',
  '$site.name': 'string',
  '$site.logo': 'image',
};

/** The user a document names as its author: its `author` field, else its first user field. */
export function authorOf(doc: DeliveredDocument, defs: readonly FieldDef[]): unknown {
  const def =
    defs.find((d) => d.type === 'user' && d.name === 'author') ?? defs.find((d) => d.type === 'user');
  return def ? doc.fields[def.name] : undefined;
}

/** Document meta (`$title`, …) of the page's document or of a related one; site meta. */
function meta(env: Env, field: string, doc: DeliveredDocument = env.ctx.document): unknown {
  const { ctx } = env;
  switch (field) {
    case '$title':
      return doc.title;
    case '$permalink':
      return ctx.href.document(doc);
    case '$publishedAt':
      return doc.publishedAt;
    case '$author':
      return authorOf(doc, ctx.fields.contentTypes[doc.type] ?? []);
    case '$tags':
      return doc.tags.map((t) => t.name);
    case '$site.name':
      return ctx.site.name;
    case '$site.logo':
      return ctx.designs.site.logoId ?? null;
    default:
      return undefined;
  }
}

/** Resolves a binding in the node's scope: meta, `item.sub`, `relation.field` or a plain field. */
export function resolveBinding(env: Env, binding: Binding): Bound {
  const { scope, ctx } = env;
  const path = binding.field;
  if (path.startsWith('$'))
    return { found: true, value: meta(env, path), type: META_TYPES[path] ?? 'meta', meta: path };
  const [head, sub] = path.split('.') as [string, string | undefined];
  if (sub !== undefined && head === 'item' && scope.item) {
    const def = scope.item.defs.find((d) => d.name === sub);
    if (!def) return { found: false, reason: `the repeater item has no field "${sub}"` };
    return { found: true, value: scope.item.fields[sub], type: def.type, def };
  }
  const def = scope.defs.find((d) => d.name === head);
  if (!def) return { found: false, reason: `no field "${head}"` };
  const value = scope.record[head];
  if (sub === undefined) return { found: true, value, type: def.type, def };
  if (def.type !== 'content') return { found: false, reason: `"${head}" is not a relation to a document` };
  const related = relatedDocument(env, Array.isArray(value) ? value[0] : value);
  if (sub.startsWith('$')) {
    if (!related) return { found: true, value: null, type: 'string' };
    return { found: true, value: meta(env, sub, related), type: META_TYPES[sub] ?? 'meta', meta: sub };
  }
  if (!related) return { found: true, value: null, type: 'string' };
  const relDefs = ctx.fields.contentTypes[related.type] ?? [];
  const relDef = relDefs.find((d) => d.name === sub);
  if (!relDef) {
    // The related document may be of a type without that field; only a field no type has is an error.
    const anywhere = Object.values(ctx.fields.contentTypes).some((defs) => defs.some((d) => d.name === sub));
    return anywhere
      ? { found: true, value: null, type: 'string' }
      : { found: false, reason: `no document type has a field "${sub}"` };
  }
  return { found: true, value: related.fields[sub], type: relDef.type, def: relDef };
}

/** A related document by id (or as expanded), when it is published in the page's locale. */
export function relatedDocument(env: Env, value: unknown): DeliveredDocument | null {
  if (typeof value === 'string') {
    return env.ctx.data.documents.get(value) ?? (value === env.ctx.document.id ? env.ctx.document : null);
  }
  if (value && typeof value === 'object' && 'id' in value && 'permalink' in value)
    return value as DeliveredDocument;
  return null;
}

export function assetOf(env: Env, value: unknown): DeliveredAsset | null {
  const v = Array.isArray(value) ? value[0] : value;
  if (typeof v === 'string') return env.ctx.data.assets.get(v) ?? null;
  if (v && typeof v === 'object' && 'variants' in v) return v as DeliveredAsset;
  return null;
}

/** True when a value shows nothing: the rule of `visibility.whenField`. */
export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') {
    const v = value as { type?: unknown; content?: unknown; blocks?: unknown };
    if (v.type === 'doc') return !hasText(v) && !JSON.stringify(v).includes('"image"');
    if (Array.isArray(v.blocks)) return v.blocks.length === 0;
  }
  return false;
}

function userName(env: Env, value: unknown): string | null {
  if (typeof value === 'string') return env.ctx.data.users.get(value)?.name ?? null;
  if (value && typeof value === 'object' && 'name' in value) return String((value as { name: unknown }).name);
  return null;
}

function one(env: Env, value: unknown, type: Bound & { found: true }): string | null {
  switch (type.type) {
    case 'boolean':
    case 'image':
    case 'file':
    case 'blocks':
    case 'repeater':
      return null;
    case 'richText':
      return plainText(value) || null;
    case 'date':
      return formatDate(value, env.ctx.locale, 'medium');
    case 'content': {
      return relatedDocument(env, value)?.title ?? null;
    }
    case 'user':
      return userName(env, value);
    case 'link': {
      const l = linkValue(env, value);
      return l?.label ?? null;
    }
    default:
      if (typeof value === 'string') return value;
      if (typeof value === 'number') return String(value);
      return null;
  }
}

/** The text of a bound value: formatted when the binding says how, else by the field's type. */
export function textOf(env: Env, bound: Bound, binding: Binding): string | null {
  if (!bound.found || isEmpty(bound.value)) return null;
  const { value } = bound;
  if (binding.format) {
    const source = bound.type === 'content' ? relatedDocument(env, value)?.title : value;
    return applyFormat(source, binding.format, env.ctx.locale);
  }
  if (Array.isArray(value)) {
    const parts = value.map((v) => one(env, v, bound)).filter((s): s is string => !!s);
    return parts.length ? parts.join(', ') : null;
  }
  return one(env, value, bound);
}

export interface LinkValue {
  href: string | null;
  label: string;
  target?: '_self' | '_blank';
}

/** A `link` field value: the reader's `href` (null when the target is unpublished), else resolved here. */
function linkValue(env: Env, value: unknown): LinkValue | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as {
    url?: unknown;
    contentId?: unknown;
    label?: unknown;
    target?: unknown;
    href?: unknown;
  };
  const target = v.target === '_blank' ? '_blank' : undefined;
  const doc = typeof v.contentId === 'string' ? relatedDocument(env, v.contentId) : null;
  let href: string | null = null;
  if (typeof v.url === 'string' && isSafeHref(v.url)) href = v.url;
  else if (doc) href = env.ctx.href.document(doc);
  else if (typeof v.href === 'string' && isSafeHref(v.href) && typeof v.contentId !== 'string') href = v.href;
  const label =
    typeof v.label === 'string' && v.label
      ? v.label
      : (doc?.title ?? (typeof v.url === 'string' ? v.url : ''));
  return { href, label, ...(target ? { target } : {}) };
}

/** Where a bound link goes: a link field, a related document, a file, a URL string or `$permalink`. */
export function linkOf(env: Env, bound: Bound): LinkValue | null {
  if (!bound.found || isEmpty(bound.value)) return null;
  const value = Array.isArray(bound.value) ? bound.value[0] : bound.value;
  switch (bound.type) {
    case 'link':
      return linkValue(env, value);
    case 'content': {
      const doc = relatedDocument(env, value);
      return doc ? { href: env.ctx.href.document(doc), label: doc.title } : null;
    }
    case 'file':
    case 'image': {
      const asset = assetOf(env, value);
      return asset ? { href: asset.url, label: asset.filename } : null;
    }
    default:
      if (typeof value === 'string' && isSafeHref(value)) return { href: value, label: value };
      return null;
  }
}
