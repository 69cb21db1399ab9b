import { hrefOf } from './permalink.ts';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Calls `visit` with the `attrs` of every node and every mark of a rich-text document, depth first. */
function eachAttrs(
  node: unknown,
  visit: (attrs: Json, owner: { type: unknown; mark: boolean }) => void,
): void {
  if (!isObject(node)) return;
  if (isObject(node.attrs)) visit(node.attrs, { type: node.type, mark: false });
  // By index: `for…of` made an iterator result per node and mark on every uncached read (issue 42).
  const { marks, content } = node;
  if (Array.isArray(marks)) {
    for (let i = 0; i < marks.length; i++) {
      const mark = marks[i];
      if (isObject(mark) && isObject(mark.attrs)) visit(mark.attrs, { type: mark.type, mark: true });
    }
  }
  if (Array.isArray(content)) for (let i = 0; i < content.length; i++) eachAttrs(content[i], visit);
}

/** The documents a rich text links to (`attrs.contentId` on link marks or nodes) and the assets it shows. */
export function richTextRefs(doc: unknown, into: { links: Set<string>; assets?: Set<string> }): void {
  eachAttrs(doc, (attrs, owner) => {
    if (typeof attrs.contentId === 'string') into.links.add(attrs.contentId);
    if (into.assets && !owner.mark && owner.type === 'image' && typeof attrs.assetId === 'string')
      into.assets.add(attrs.assetId);
  });
}

/**
 * The document with internal links resolved: every `attrs` with a `contentId` gains `href`, the target's address
 * in the locale (or null when it is not delivered there). Nothing else changes, and nothing is copied that does
 * not change: a node without such a link below it is returned as it is (the input is never written to), since
 * copying every node of every rich text was a tenth of an uncached list's time.
 */
export function resolveRichText(doc: unknown, permalink: (id: string) => string | null | undefined): unknown {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) {
      let out: unknown[] | undefined;
      for (let i = 0; i < node.length; i++) {
        const item = node[i];
        const resolved = walk(item);
        if (resolved !== item && !out) out = node.slice();
        if (out) out[i] = resolved;
      }
      return out ?? node;
    }
    if (!isObject(node)) return node;
    let out: Json | undefined;
    for (const key in node) {
      if (!Object.hasOwn(node, key)) continue;
      const value = node[key];
      let resolved = value;
      if (key === 'attrs') {
        if (isObject(value) && typeof value.contentId === 'string')
          resolved = { ...value, href: hrefOf(permalink(value.contentId)) };
      } else if (key === 'content' || key === 'marks') resolved = walk(value);
      if (resolved === value) continue;
      // Same keys in the same order: assigning to a key the copy has keeps its place.
      out ??= { ...node };
      out[key] = resolved;
    }
    return out ?? node;
  };
  return walk(doc);
}
