import type {
  BlockDesign,
  DesignNode,
  LayoutDesign,
  LocalizedText,
  MenuDesign,
  PageDesign,
  SiteDesign,
  Theme,
} from '../../core/designs/index.ts';
import type { FieldDef } from '../../core/space-format/field-defs.ts';
import type {
  DeliveredAsset,
  DeliveredBlock,
  DeliveredDocument,
  DeliveredMenu,
  DeliveredUser,
} from '../../delivery/reader/types.ts';
import type { DesignRef } from '../../styles/class-names.ts';

/**
 * Everything a render needs, gathered before it starts: the components never read anything
 * else, so they stay pure and run unchanged in the browser canvas (hono/jsx/dom).
 */

export type { DeliveredBlock, FieldDef };

/** The designs of one revision, complete: every kind nobody stored has a generated record. */
export interface SiteDesigns {
  theme: Theme;
  site: SiteDesign;
  layouts: Record<string, LayoutDesign>;
  pages: Record<string, PageDesign>;
  blocks: Record<string, BlockDesign>;
  menus: Record<string, MenuDesign>;
}

/** Public fields of each content type and block type (the running registry's content model). */
export interface ContentFields {
  contentTypes: Record<string, FieldDef[]>;
  blockTypes: Record<string, FieldDef[]>;
}

export interface Crumb {
  title: string;
  href: string;
}

/** One locale version of the page, for the locale switch and hreflang. */
export interface LocaleVersion {
  locale: string;
  /** Where a visitor goes: a path on this host, or an absolute URL on another. */
  href: string;
  /** Absolute URL on the locale's primary domain (canonical, hreflang). */
  url: string;
  current: boolean;
}

/** Everything the page's render reads, loaded in batches by the pipeline. */
export interface RenderData {
  /** Related documents (relations, rich-text links, menus' targets), by id, in the page's locale. */
  documents: ReadonlyMap<string, DeliveredDocument>;
  assets: ReadonlyMap<string, DeliveredAsset>;
  users: ReadonlyMap<string, DeliveredUser>;
  /** Menus shown on the page, by machine name. */
  menus: ReadonlyMap<string, DeliveredMenu>;
  /** The page's ancestors, root first (not the page itself, not home). */
  ancestors: Crumb[];
  versions: LocaleVersion[];
}

/** A form result to show in place (the form endpoint's redirect back); never cached. */
export interface FormResult {
  formNodeId: string;
  ok: boolean;
}

export interface RenderContext {
  locale: string;
  defaultLocale: string;
  locales: readonly string[];
  /** The page's document (the configured not-found document on a 404). */
  document: DeliveredDocument;
  site: { name: string; homeId: string | null };
  designs: SiteDesigns;
  fields: ContentFields;
  data: RenderData;
  /** Links on this host: `/` + locale prefix + permalink; the home document is the locale's root. */
  href: {
    document(doc: { id: string; permalink: string }): string;
    home(): string;
    /** The current path, to mark the current menu entry. */
    current: string;
    /**
     * Names what `document` and `home` return (the locale's prefix and the home document): equal keys,
     * equal links, so a menu's markup may be reused across pages. Absent: nothing is reused.
     */
    key?: string;
  };
  formResult?: FormResult;
  /**
   * The signed render stamp of a form (`<kind>/<key>/<nodeId>`, site/forms/find-form.ts formRef),
   * rendered into it as a hidden field; absent where nothing is posted (the design canvas).
   */
  formStamp?: (formRef: string) => string;
  /** A share-link preview: the page ends with the visible "Preview" marker. */
  preview?: boolean;
  /**
   * Rich text rendered for a feed (site/seo/feed-content.tsx): a feed reader has no base address and none of the
   * site's CSS, so site paths become absolute on `origin` and images are plain (`src` and `alt`; no `srcset`, lazy
   * loading or inline style). `href.document` then returns absolute addresses too.
   */
  feed?: { origin: string };
  /** A design error: the node is left out and the pipeline logs one warning per design node. */
  warn(ref: DesignRef, nodeId: string, message: string): void;
  /**
   * What the render noticed on its way, in document order: images seen (the first is eager),
   * element ids handed out, and the islands the page needs (their scripts go into the head).
   */
  state: { images: number; ids: number; islands: Set<string> };
}

/** Where a node sits: its design, the record its bindings read, and the landmarks around it. */
export interface Scope {
  ref: DesignRef;
  /** Fields of the current record: the page's document, or the block being rendered. */
  record: Record<string, unknown>;
  defs: readonly FieldDef[];
  /** Inside a `repeat`: the current item (`item.sub`). */
  item?: { fields: Record<string, unknown>; defs: readonly FieldDef[] };
  /** Inside a `blocks` node with children: the block that its `block` node renders. */
  block?: DeliveredBlock;
  /** Inside a form: the form node's id, for the ids of its fields. */
  form?: { id: string; prefix: string; success?: LocalizedText; error?: LocalizedText };
  inMain: boolean;
  inNav: boolean;
  /** The page body a layout's `slot` renders. */
  slot?: () => unknown;
  /** An extra class for the root node of a block (its instance style). */
  rootClass?: string;
}

export interface Env {
  ctx: RenderContext;
  scope: Scope;
}

export type NodeOf<K extends DesignNode['el']> = Extract<DesignNode, { el: K }>;
