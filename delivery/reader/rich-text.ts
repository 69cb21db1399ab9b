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
  if (Array.isArray(node.marks)) {
    for (const mark of node.marks)
      if (isObject(mark) && isObject(mark.attrs)) visit(mark.attrs, { type: mark.type, mark: true });
  }
  if (Array.isArray(node.content)) for (const child of node.content) eachAttrs(child, visit);
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
 * A copy of the document with internal links resolved: every `attrs` with a `contentId` gains `href`, the
 * target's address in the locale (or null when it is not delivered there). Nothing else changes.
 */
export function resolveRichText(doc: unknown, permalink: (id: string) => string | null | undefined): unknown {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!isObject(node)) return node;
    const out: Json = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === 'attrs' && isObject(value) && typeof value.contentId === 'string') {
        out.attrs = { ...value, href: hrefOf(permalink(value.contentId)) };
      } else {
        out[key] = key === 'content' || key === 'marks' ? walk(value) : value;
      }
    }
    return out;
  };
  return walk(doc);
}
