import type { FieldDef, TypeDef } from './field-defs.ts';
import { fieldLimits } from './field-limits.ts';
import { richTextMarks, richTextNodeTypes } from './rich-text-schema.ts';
import { isSafeUrl } from './safe-url.ts';

/** Ids a field may point at: a set of the space file's ids (import), or those found in the database (procedures). */
export interface IdPool {
  has(id: string): boolean;
}

/** What a stored field value may point at: ids of the same space. */
export interface ValueContext {
  documents: IdPool;
  assets: IdPool;
  users: IdPool;
  blockTypes: ReadonlyMap<string, TypeDef>;
  /** A plugin's check of a block's `ext.<plugin>` value (e.g. the website plugin's instance style). */
  checkBlockExt?: (key: string, value: unknown, path: string) => string | undefined;
  /**
   * The version is to be delivered (a published version, or a draft being published): its `required` fields
   * must hold a value. A draft may be incomplete, as in Contentful and Ghost.
   */
  complete?: boolean;
  /** How deep in blocks the fields being checked are (0: the version's own). */
  blockDepth?: number;
}

const nodeTypes = new Set<string>(richTextNodeTypes);
const markTypes = new Set<string>(richTextMarks);

type Problem = string | undefined;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isoDate = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const at = (path: string, message: string) => `${path}: ${message}`;

/** The first problem of a `fields` object against its definitions, as `path: message`, or undefined. */
export function checkFields(fields: unknown, defs: FieldDef[], path: string, ctx: ValueContext): Problem {
  if (!isObject(fields)) return at(path, 'must be an object');
  const byName = new Map(defs.map((d) => [d.name, d]));
  for (const [name, value] of Object.entries(fields)) {
    const def = byName.get(name);
    if (!def) return at(`${path}.${name}`, 'unknown field');
    if (value === null) continue;
    const problem = checkValue(value, def, `${path}.${name}`, ctx);
    if (problem) return problem;
  }
  if (ctx.complete) {
    for (const def of defs)
      if (def.required && isEmpty(fields[def.name])) return at(`${path}.${def.name}`, 'required');
  }
  return undefined;
}

/** No value for a required field: absent, null, an empty string or list, an empty rich text. */
function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (isObject(value) && value.type === 'doc')
    return !Array.isArray(value.content) || value.content.length === 0;
  if (isObject(value) && Array.isArray(value.blocks)) return value.blocks.length === 0;
  return false;
}

/** A version's `fields` whole: its size, then each value (checkFields). */
export function checkVersionFields(
  fields: unknown,
  defs: FieldDef[],
  path: string,
  ctx: ValueContext,
): Problem {
  const bytes = Buffer.byteLength(JSON.stringify(fields ?? null) ?? '');
  if (bytes > fieldLimits.versionBytes)
    return at(path, `is ${bytes} bytes as JSON; at most ${fieldLimits.versionBytes}`);
  return checkFields(fields, defs, path, ctx);
}

const tooMany = (path: string, n: number) =>
  n > fieldLimits.items ? at(path, `has ${n} items; at most ${fieldLimits.items}`) : undefined;

function checkValue(value: unknown, def: FieldDef, path: string, ctx: ValueContext): Problem {
  const many = def.multiple && ['select', 'image', 'file', 'content', 'user'].includes(def.type);
  if (many) {
    if (!Array.isArray(value)) return at(path, 'must be an array');
    const count = tooMany(path, value.length);
    if (count) return count;
    for (const [i, item] of value.entries()) {
      const problem = checkOne(item, def, `${path}[${i}]`, ctx);
      if (problem) return problem;
    }
    return undefined;
  }
  return checkOne(value, def, path, ctx);
}

function checkRef(value: unknown, pool: IdPool, what: string, path: string): Problem {
  if (typeof value !== 'string' || !uuid.test(value)) return at(path, 'must be an id');
  return pool.has(value) ? undefined : at(path, `no ${what} with id ${value}`);
}

function checkOne(value: unknown, def: FieldDef, path: string, ctx: ValueContext): Problem {
  switch (def.type) {
    case 'string':
    case 'text': {
      if (typeof value !== 'string') return at(path, 'must be a string');
      const most = def.type === 'string' ? fieldLimits.string : fieldLimits.text;
      return value.length > most ? at(path, `has ${value.length} characters; at most ${most}`) : undefined;
    }
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : at(path, 'must be a number');
    case 'boolean':
      return typeof value === 'boolean' ? undefined : at(path, 'must be true or false');
    case 'date':
      return typeof value === 'string' && isoDate.test(value) && !Number.isNaN(Date.parse(value))
        ? undefined
        : at(path, 'must be an ISO 8601 date or timestamp');
    case 'select':
      return typeof value === 'string' && def.options?.includes(value)
        ? undefined
        : at(path, `must be one of ${def.options?.join(', ')}`);
    case 'image':
    case 'file':
      return checkRef(value, ctx.assets, 'asset', path);
    case 'content':
      return checkRef(value, ctx.documents, 'document', path);
    case 'user':
      return checkRef(value, ctx.users, 'user', path);
    case 'link':
      return checkLink(value, path, ctx);
    case 'richText':
      return checkRichText(value, path, ctx);
    case 'blocks':
      return checkBlocks(value, def, path, ctx);
    case 'repeater':
      return checkRepeater(value, def, path, ctx);
  }
}

function checkLink(value: unknown, path: string, ctx: ValueContext): Problem {
  if (!isObject(value)) return at(path, 'must be an object');
  for (const key of Object.keys(value)) {
    if (!['url', 'contentId', 'label', 'target'].includes(key)) return at(`${path}.${key}`, 'unknown field');
  }
  const hasUrl = value.url !== undefined && value.url !== null;
  const hasContent = value.contentId !== undefined && value.contentId !== null;
  if (hasUrl === hasContent) return at(path, 'needs exactly one of url or contentId');
  if (hasUrl && (typeof value.url !== 'string' || !isSafeUrl(value.url))) {
    return at(`${path}.url`, 'must be an http(s), mailto or tel address or a path');
  }
  if (hasContent) {
    const problem = checkRef(value.contentId, ctx.documents, 'document', `${path}.contentId`);
    if (problem) return problem;
  }
  if (value.label !== undefined && typeof value.label !== 'string')
    return at(`${path}.label`, 'must be a string');
  if (value.target !== undefined && value.target !== '_self' && value.target !== '_blank') {
    return at(`${path}.target`, 'must be _self or _blank');
  }
  return undefined;
}

const richNodeKeys = new Set(['type', 'content', 'text', 'marks', 'attrs']);

function checkRichText(value: unknown, path: string, ctx: ValueContext): Problem {
  if (!isObject(value) || value.type !== 'doc' || !Array.isArray(value.content)) {
    return at(path, "must be { type: 'doc', content: [...] }");
  }
  return checkRichNodes(value.content, `${path}.content`, ctx, 1);
}

function checkRichNodes(nodes: unknown[], path: string, ctx: ValueContext, depth: number): Problem {
  if (depth > fieldLimits.richTextDepth)
    return at(path, `nests deeper than ${fieldLimits.richTextDepth} levels`);
  for (const [i, node] of nodes.entries()) {
    const p = `${path}[${i}]`;
    if (!isObject(node) || typeof node.type !== 'string') return at(p, 'must be a node with a type');
    if (!nodeTypes.has(node.type))
      return at(`${p}.type`, `"${node.type}" is not a rich-text node (${richTextNodeTypes.join(', ')})`);
    for (const key of Object.keys(node))
      if (!richNodeKeys.has(key)) return at(`${p}.${key}`, 'unknown field');
    if (node.text !== undefined && typeof node.text !== 'string') return at(`${p}.text`, 'must be a string');
    if (typeof node.text === 'string' && node.text.length > fieldLimits.text)
      return at(`${p}.text`, `has ${node.text.length} characters; at most ${fieldLimits.text}`);
    if (node.attrs !== undefined && !isObject(node.attrs)) return at(`${p}.attrs`, 'must be an object');
    const linkProblem = checkRichLink(node.attrs, `${p}.attrs`, ctx, node.type === 'image');
    if (linkProblem) return linkProblem;
    if (node.marks !== undefined) {
      if (!Array.isArray(node.marks)) return at(`${p}.marks`, 'must be an array');
      for (const [j, mark] of node.marks.entries()) {
        const mp = `${p}.marks[${j}]`;
        if (!isObject(mark) || typeof mark.type !== 'string') return at(mp, 'must be a mark with a type');
        if (!markTypes.has(mark.type))
          return at(`${mp}.type`, `"${mark.type}" is not a rich-text mark (${richTextMarks.join(', ')})`);
        if (mark.type === 'link') {
          const problem = checkRichLink(mark.attrs, `${mp}.attrs`, ctx, false, true);
          if (problem) return problem;
        }
      }
    }
    if (node.content !== undefined) {
      if (!Array.isArray(node.content)) return at(`${p}.content`, 'must be an array');
      const problem = checkRichNodes(node.content, `${p}.content`, ctx, depth + 1);
      if (problem) return problem;
    }
  }
  return undefined;
}

function checkRichLink(
  attrs: unknown,
  path: string,
  ctx: ValueContext,
  isImage: boolean,
  isLink = false,
): Problem {
  if (!isObject(attrs)) return isLink ? at(path, 'a link needs attrs with href or contentId') : undefined;
  if (typeof attrs.href === 'string' && !isSafeUrl(attrs.href)) {
    return at(`${path}.href`, 'must be an http(s), mailto or tel address or a path');
  }
  if (attrs.contentId !== undefined && attrs.contentId !== null) {
    return checkRef(attrs.contentId, ctx.documents, 'document', `${path}.contentId`);
  }
  if (isImage && attrs.assetId !== undefined)
    return checkRef(attrs.assetId, ctx.assets, 'asset', `${path}.assetId`);
  if (isLink && typeof attrs.href !== 'string') return at(path, 'a link needs href or contentId');
  return undefined;
}

function checkBlocks(value: unknown, def: FieldDef, path: string, ctx: ValueContext): Problem {
  if (!isObject(value)) return at(path, 'must be { grid, blocks }');
  for (const key of Object.keys(value))
    if (key !== 'grid' && key !== 'blocks') return at(`${path}.${key}`, 'unknown field');
  if (value.grid !== null && value.grid !== undefined && !isObject(value.grid))
    return at(`${path}.grid`, 'must be an object or null');
  if (!Array.isArray(value.blocks)) return at(`${path}.blocks`, 'must be an array');
  const count = tooMany(`${path}.blocks`, value.blocks.length);
  if (count) return count;
  const depth = (ctx.blockDepth ?? 0) + 1;
  if (depth > fieldLimits.blockDepth)
    return at(path, `nests blocks deeper than ${fieldLimits.blockDepth} levels`);
  for (const [i, block] of value.blocks.entries()) {
    const problem = checkBlock(block, def, `${path}.blocks[${i}]`, ctx);
    if (problem) return problem;
  }
  return undefined;
}

const blockKeys = new Set(['blockId', 'type', 'fields', 'layout', 'ext']);

function checkBlock(block: unknown, def: FieldDef, path: string, ctx: ValueContext): Problem {
  if (!isObject(block)) return at(path, 'must be a block object');
  for (const key of Object.keys(block)) if (!blockKeys.has(key)) return at(`${path}.${key}`, 'unknown field');
  if (typeof block.blockId !== 'string' || !uuid.test(block.blockId))
    return at(`${path}.blockId`, 'must be an id');
  if (typeof block.type !== 'string') return at(`${path}.type`, 'required');
  const type = ctx.blockTypes.get(block.type);
  if (!type) return at(`${path}.type`, `no block type "${block.type}"`);
  if (def.blockTypes && !def.blockTypes.includes(block.type)) {
    return at(`${path}.type`, `"${block.type}" is not allowed here (allowed: ${def.blockTypes.join(', ')})`);
  }
  if (block.layout !== undefined && !isObject(block.layout)) return at(`${path}.layout`, 'must be an object');
  if (block.ext !== undefined) {
    if (!isObject(block.ext)) return at(`${path}.ext`, 'must be an object');
    for (const [key, extValue] of Object.entries(block.ext)) {
      const problem = ctx.checkBlockExt?.(key, extValue, `${path}.ext.${key}`);
      if (problem) return problem;
    }
  }
  return checkFields(block.fields ?? {}, type.fields, `${path}.fields`, {
    ...ctx,
    blockDepth: (ctx.blockDepth ?? 0) + 1,
  });
}

function checkRepeater(value: unknown, def: FieldDef, path: string, ctx: ValueContext): Problem {
  if (!Array.isArray(value)) return at(path, 'must be an array of items');
  const count = tooMany(path, value.length);
  if (count) return count;
  for (const [i, item] of value.entries()) {
    const p = `${path}[${i}]`;
    if (!isObject(item)) return at(p, 'must be { itemId, fields }');
    for (const key of Object.keys(item))
      if (key !== 'itemId' && key !== 'fields') return at(`${p}.${key}`, 'unknown field');
    if (typeof item.itemId !== 'string' || !uuid.test(item.itemId)) return at(`${p}.itemId`, 'must be an id');
    const problem = checkFields(item.fields ?? {}, def.fields ?? [], `${p}.fields`, ctx);
    if (problem) return problem;
  }
  return undefined;
}
