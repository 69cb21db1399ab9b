import { richTextMarks, richTextNodeTypes } from '../../core/space-format/rich-text-schema.ts';
import { isSafeUrl } from '../../core/space-format/safe-url.ts';

/**
 * Between Tiptap's JSON (ProseMirror's `toJSON`) and the space format's rich text `{ type: 'doc', content }`.
 * The names agree (StarterKit's paragraph, heading, lists, blockquote, codeBlock, horizontalRule, hardBreak;
 * marks bold, italic, code, link), so the work is to keep only what the validator
 * (core/space-format/field-values.ts) and the site's renderer accept: other nodes give their content, other
 * marks and attributes go, a link whose address is not safe goes, nesting stops at the validator's depth.
 */

export interface RichNode {
  type: string;
  content?: RichNode[];
  text?: string;
  marks?: Array<{ type: string; attrs?: Record<string, unknown> }>;
  attrs?: Record<string, unknown>;
}

export interface RichDoc {
  type: 'doc';
  content: RichNode[];
}

const NODE_TYPES = new Set<string>(richTextNodeTypes);
const MARKS = new Set<string>(richTextMarks);
/** The validator's `fieldLimits.richTextDepth`, counting the doc's children as 1. */
const MAX_DEPTH = 32;
const TEXT_MAX = 100_000;

/** The attributes each node keeps (others are the editor's own, or empty). */
const NODE_ATTRS: Record<string, (a: Record<string, unknown>) => Record<string, unknown> | undefined> = {
  heading: (a) => {
    const level = Number(a.level);
    return { level: Number.isInteger(level) && level >= 1 && level <= 6 ? level : 2 };
  },
  orderedList: (a) =>
    Number.isInteger(a.start) && (a.start as number) !== 1 ? { start: a.start } : undefined,
  codeBlock: (a) => (typeof a.language === 'string' && a.language ? { language: a.language } : undefined),
  image: (a) => {
    const out: Record<string, unknown> = {};
    if (typeof a.assetId === 'string') out.assetId = a.assetId;
    if (typeof a.src === 'string' && isSafeUrl(a.src)) out.src = a.src;
    if (typeof a.alt === 'string') out.alt = a.alt;
    return out;
  },
};

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function linkAttrs(a: unknown): Record<string, unknown> | null {
  if (!isObject(a)) return null;
  if (typeof a.contentId === 'string' && a.contentId) return { contentId: a.contentId };
  if (typeof a.href !== 'string' || !isSafeUrl(a.href)) return null;
  return a.target === '_blank' ? { href: a.href, target: '_blank' } : { href: a.href };
}

function marksOf(marks: unknown): RichNode['marks'] {
  if (!Array.isArray(marks)) return undefined;
  const out: NonNullable<RichNode['marks']> = [];
  for (const m of marks) {
    if (!isObject(m) || typeof m.type !== 'string' || !MARKS.has(m.type)) continue;
    if (out.some((o) => o.type === m.type)) continue;
    if (m.type === 'link') {
      const attrs = linkAttrs(m.attrs);
      if (attrs) out.push({ type: 'link', attrs });
    } else out.push({ type: m.type });
  }
  return out.length > 0 ? out : undefined;
}

function nodes(list: unknown, depth: number): RichNode[] {
  if (!Array.isArray(list) || depth > MAX_DEPTH) return [];
  const out: RichNode[] = [];
  for (const n of list) {
    if (!isObject(n) || typeof n.type !== 'string') continue;
    if (n.type === 'text') {
      if (typeof n.text !== 'string' || n.text === '') continue;
      const marks = marksOf(n.marks);
      out.push({ type: 'text', text: n.text.slice(0, TEXT_MAX), ...(marks ? { marks } : {}) });
      continue;
    }
    // A node the space format has no name for gives its content in its place.
    if (!NODE_TYPES.has(n.type)) {
      out.push(...nodes(n.content, depth));
      continue;
    }
    const node: RichNode = { type: n.type };
    const attrs = NODE_ATTRS[n.type]?.(isObject(n.attrs) ? n.attrs : {});
    if (attrs && Object.keys(attrs).length > 0) node.attrs = attrs;
    if (n.content !== undefined) {
      // Past the deepest nesting the validator takes, the rest is dropped rather than refused.
      const content = depth < MAX_DEPTH ? nodes(n.content, depth + 1) : [];
      if (content.length > 0) node.content = content;
    }
    out.push(node);
  }
  return out;
}

/** What the editor holds, as the space format stores it. */
export function toSpaceRichText(editorJson: unknown): RichDoc {
  const content = isObject(editorJson) ? nodes(editorJson.content, 1) : [];
  return { type: 'doc', content };
}

/** A stored rich text for the editor: the same names; anything else (null, a string) is an empty doc. */
export function toEditorJson(stored: unknown): RichDoc {
  const doc = toSpaceRichText(stored);
  // ProseMirror's doc needs a block: an empty document is one empty paragraph.
  return doc.content.length > 0 ? doc : { type: 'doc', content: [{ type: 'paragraph' }] };
}

/** True when the rich text holds no text and no image or rule: stored as absent rather than an empty doc. */
export function isEmptyRichText(doc: RichDoc): boolean {
  const has = (list: RichNode[] | undefined): boolean =>
    (list ?? []).some(
      (n) =>
        (n.type === 'text' && (n.text ?? '').trim() !== '') ||
        n.type === 'image' ||
        n.type === 'horizontalRule' ||
        has(n.content),
    );
  return !has(doc.content);
}
