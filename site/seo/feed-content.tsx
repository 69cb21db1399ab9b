import { type PageDesign, walkNodes } from '../../core/designs/index.ts';
import type { DeliveredDocument, ReadContext, Reader } from '../../delivery/reader/types.ts';
import { collectRefs, emptyRefs } from '../pipeline/collect-refs.ts';
import type { LoadedDesigns } from '../pipeline/load-designs.ts';
import { isEmpty } from '../render/bindings.ts';
import type { FieldDef, RenderContext, Scope } from '../render/context.ts';
import { htmlOf } from '../render/html-of.ts';
import { RichText } from '../render/rich-text.tsx';

/**
 * The full content of feed items: each document's body, rendered by the page's rich-text renderer in its feed
 * mode (absolute links and images, no classes or styles; RenderContext.feed).
 */

/**
 * The field a type's feed items carry as content: the first rich-text field its page design renders as rich
 * text (what a visitor reads as the body), else the type's first rich-text field; null when it has none.
 */
export function bodyField(page: PageDesign | undefined, defs: readonly FieldDef[]): string | null {
  const richText = new Set(defs.filter((d) => d.type === 'richText').map((d) => d.name));
  let rendered: string | null = null;
  if (page)
    walkNodes(page.root, (node) => {
      if (!rendered && node.el === 'richtext' && node.bind && richText.has(node.bind.field))
        rendered = node.bind.field;
    });
  return rendered ?? [...richText][0] ?? null;
}

/**
 * The body of each document as HTML, by id ('' or absent: no body). Two batched reads for all items together:
 * the documents their links name and the images they show, both recorded in `ctx.tags` as a page's are.
 */
export async function feedContents(
  reader: Reader,
  ctx: ReadContext,
  args: {
    docs: DeliveredDocument[];
    field: string;
    designs: LoadedDesigns;
    siteName: string;
    homeId: string | null;
    /** The origin of the feed's addresses, for site paths and media (`https://example.org`). */
    origin: string;
    /** A document's absolute address in the feed's locale. */
    url: (doc: { id: string; permalink: string }) => string;
  },
): Promise<Map<string, string>> {
  const { fields } = args.designs;
  const bodies = args.docs.filter((d) => !isEmpty(d.fields[args.field]));
  if (bodies.length === 0) return new Map();
  const refs = emptyRefs();
  const def: FieldDef[] = [{ name: args.field, type: 'richText' } as FieldDef];
  for (const doc of bodies) collectRefs(doc.fields, def, fields, refs);
  const [documents, assets] = await Promise.all([
    reader.byIds(ctx, [...refs.documents], undefined, bodies),
    reader.referencedAssets(ctx, [...refs.assets], bodies),
  ]);
  const out = new Map<string, string>();
  for (const doc of bodies) {
    const render: RenderContext = {
      locale: ctx.locale,
      defaultLocale: ctx.locale,
      locales: [ctx.locale],
      document: doc,
      site: { name: args.siteName, homeId: args.homeId },
      designs: args.designs.bundle.designs,
      fields,
      data: { documents, assets, users: new Map(), menus: new Map(), ancestors: [], versions: [] },
      href: {
        document: args.url,
        home: () => args.url({ id: args.homeId ?? '', permalink: '' }),
        current: '',
      },
      feed: { origin: args.origin },
      // Rich text names no design node: nothing here can warn.
      warn: () => {},
      state: { images: 0, ids: 0, islands: new Set() },
    };
    const scope: Scope = {
      ref: { kind: 'page', key: doc.type },
      record: doc.fields,
      defs: def,
      inMain: true,
      inNav: false,
    };
    out.set(doc.id, htmlOf(<>{RichText({ env: { ctx: render, scope }, doc: doc.fields[args.field] })}</>));
  }
  return out;
}
