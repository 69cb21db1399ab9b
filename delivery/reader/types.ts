import type { TagSink } from '../../core/cache/tagged-cache.ts';
import type { Srcsets } from '../../core/media/srcset.ts';
import type { RawFilter } from './list-order.ts';
import type { DeliveredTagCount } from './tag-query.ts';

export type { RawFilter };

/**
 * The one reader of published content, shared by REST, GraphQL and the site. Every method records the cache
 * tags of what it read into `ctx.tags` (core/cache/tags.ts), so callers tag what they cache.
 */
export interface ReadContext {
  spaceId: string;
  /** Always a locale of the space (callers resolve the default). */
  locale: string;
  tags: TagSink;
  /**
   * Drafts of one document (a share link), or of every document (a whole-site share link, or a preview token on
   * the public API). Such reads are never cached.
   */
  drafts?: { documentId: string } | 'all';
  /**
   * Prefix of media addresses (`url`, `variants`) such as `https://api.example.org`; REST sets the request's
   * origin so clients get absolute addresses. Unset: addresses are paths (`/media/…`), as the site wants.
   */
  origin?: string;
}

export interface SpaceInfo {
  id: string;
  name: string;
  title: string;
  defaultLocale: string;
  locales: string[];
  homeContentId: string | null;
  apiHosts: string[];
  importRunning: boolean;
}

export interface DeliveredTag {
  name: string;
  slug: string;
}

/** The REST representation of a document (delivery-and-site.md, "Document"). */
export interface DeliveredDocument {
  id: string;
  type: string;
  title: string;
  slug: string;
  permalink: string;
  locale: string;
  parentId: string | null;
  publishedAt: string | null;
  updatedAt: string;
  tags: DeliveredTag[];
  /** Public fields only; relations as ids unless expanded; links with `href`; blocks with `design` not `ext`. */
  fields: Record<string, unknown>;
  /** true when this is a draft shown through a share link. */
  draft?: boolean;
}

export interface DeliveredAsset {
  id: string;
  url: string;
  filename: string;
  mimeType: string;
  width: number | null;
  height: number | null;
  alt: string;
  /** `srcset`: per format, the signed listed widths up to the image's (core/media/srcset.ts); null if no image. */
  variants: { thumb: string; card: string; hero: string; srcset: Srcsets | null };
  focalPoint: { x: number; y: number } | null;
  crop: { x: number; y: number; width: number; height: number } | null;
}

export interface DeliveredUser {
  id: string;
  name: string;
  avatar: DeliveredAsset | null;
}

export interface DeliveredAuthor extends DeliveredUser {
  /** Documents delivered in the locale that name the user in an author field. */
  count: number;
}

export interface DeliveredMenuItem {
  id: string;
  label: string;
  url: string | null;
  target: string;
  content: Pick<DeliveredDocument, 'id' | 'type' | 'title' | 'permalink'> | null;
  children: DeliveredMenuItem[];
}

export interface DeliveredMenu {
  id: string;
  name: string;
  machineName: string;
  items: DeliveredMenuItem[];
}

export interface DeliveredRedirect {
  locale: string;
  fromPath: string;
  toPath: string | null;
  status: number;
  contentId: string | null;
}

export interface ListQuery {
  type?: string;
  parentId?: string;
  under?: string;
  search?: string;
  tags?: string[];
  limit: number;
  offset: number;
  expand?: string[];
  /** Read the page's link targets, assets and users with it (list-select.ts `ListSelection.carry`). */
  carry?: boolean;
  /** `-publishedAt,title`: keys of list-order.ts `orderKeys`; none: tree order. */
  order?: string;
  /** `filter[field][op]=value` (list-order.ts `filterFields`). */
  filter?: RawFilter[];
  /** ISO 8601: documents updated (or delivered again) since then; without `order`, the order is `updatedAt`. */
  updatedSince?: string;
  /** The `cursor` of the page before (list-cursor.ts); not with an `offset`. */
  cursor?: string;
}

export interface ListResult {
  items: DeliveredDocument[];
  total: number;
  limit: number;
  offset: number;
  /** The next page's cursor; null on the last page. */
  cursor: string | null;
}

/** `GET /v1/content/deleted`: documents no longer delivered in the locale since a time (deleted-query.ts). */
export interface DeletedQuery {
  since: string;
  type?: string;
  limit: number;
  cursor?: string;
}

export interface DeletedDocument {
  id: string;
  type: string;
  locale: string;
  deletedAt: string;
}

export interface DeletedList {
  items: DeletedDocument[];
  cursor: string | null;
}

/** Where a document is published: its permalink per locale (for hreflang, locale switches, canonical). */
export type Alternates = Record<string, string>;

/** How one document is read. */
export interface OneOptions {
  /**
   * Read the delivered documents its fields name with it, in the same statement, for a caller that asks for them
   * next (`byIds` with `from`: a page's related documents). Implied when `expand` names a field of documents.
   */
  related?: boolean;
}

/** How a menu is read. */
export interface MenuOptions {
  /**
   * Each entry's document as `id`, `type`, `title` and `permalink` only (what a site's menu shows), tagged by the
   * documents and their ancestors alone, not by what their fields link to. `expand` is then ignored.
   */
  summary?: boolean;
}

/**
 * `byPermalink`, `home` and `byId` answer null when nothing is delivered there and throw `contentType.notFound`
 * (AppError) for a document whose type the running registry does not know; the batched methods (`byIds`,
 * `list`, `children`) leave such documents out. `list` refuses a `limit` outside 1..100 with `validation.failed`.
 */
export interface Reader {
  space(idOrName: string): Promise<SpaceInfo | null>;
  spaces(): Promise<SpaceInfo[]>;
  byPermalink(
    ctx: ReadContext,
    permalink: string,
    expand?: string[],
    options?: OneOptions,
  ): Promise<DeliveredDocument | null>;
  /** The starred home document (`space.homeContentId`). */
  home(ctx: ReadContext, expand?: string[], options?: OneOptions): Promise<DeliveredDocument | null>;
  /**
   * The static export's read-ahead (read-ahead.ts): documents `docs` of one locale (with their permalinks) read in
   * one statement for the `byPermalink` and `byId` reads with `related` that follow, each answered once; resolves
   * when read. `null` forgets every row not asked for.
   */
  readAhead?(
    ctx: Pick<ReadContext, 'spaceId' | 'locale'>,
    docs: ReadonlyArray<{ id: string; permalink: string }> | null,
  ): Promise<void>;
  byId(
    ctx: ReadContext,
    id: string,
    expand?: string[],
    options?: OneOptions,
  ): Promise<DeliveredDocument | null>;
  /**
   * Batched: one query however many ids (GraphQL DataLoader, related documents). Missing ids are absent. With
   * `from`, the delivered documents whose fields name the ids: the rows read with them (`OneOptions.related`)
   * answer when every one was read with them, and no statement is sent.
   */
  byIds(
    ctx: ReadContext,
    ids: string[],
    expand?: string[],
    from?: readonly DeliveredDocument[],
  ): Promise<Map<string, DeliveredDocument>>;
  list(ctx: ReadContext, query: ListQuery): Promise<ListResult>;
  /**
   * Documents no longer delivered in the locale since `query.since` (docs/delivery-api.md, "Sync"), tagged as
   * lists are (any publish or unpublish purges it).
   */
  deleted(ctx: ReadContext, query: DeletedQuery): Promise<DeletedList>;
  /** Direct children in tree order, for navigation and GraphQL `children`. */
  children(ctx: ReadContext, parentIds: string[]): Promise<Map<string, DeliveredDocument[]>>;
  /**
   * Where each document is delivered, per locale. With `from`, documents read with `OneOptions.related`: what they
   * were read with answers when every id is one of them, and no statement is sent.
   */
  alternates(
    ctx: ReadContext,
    ids: string[],
    from?: readonly DeliveredDocument[],
  ): Promise<Map<string, Alternates>>;
  menu(
    ctx: ReadContext,
    machineName: string,
    expand?: string[],
    options?: MenuOptions,
  ): Promise<DeliveredMenu | null>;
  /** `menu` with `summary` of several menus at once (one statement for the menus, one for their documents). */
  menuSummaries(ctx: ReadContext, machineNames: string[]): Promise<(DeliveredMenu | null)[]>;
  redirects(ctx: ReadContext): Promise<DeliveredRedirect[]>;
  /** The tags of the documents delivered in the locale, with how many carry each, by name (published only). */
  tags(ctx: ReadContext): Promise<DeliveredTagCount[]>;
  /**
   * The users that documents delivered in the locale name in a public top-level `user` field (their authors),
   * with how many documents name each, by name (published only, also in a preview).
   */
  authors(ctx: ReadContext): Promise<DeliveredAuthor[]>;
  /** An asset that published content references (else null). */
  asset(ctx: ReadContext, id: string): Promise<DeliveredAsset | null>;
  assets(ctx: ReadContext, ids: string[]): Promise<Map<string, DeliveredAsset>>;
  /**
   * Assets named by the fields of documents this reader delivered in `ctx` (a page's images): public by the
   * rule itself (published content references them), so nothing but the assets is read, as an expansion reads
   * them. Any other id: `assets`, which checks the rule. With `from`, the delivered documents whose fields name
   * the ids: the assets read with them answer when every one was read with its assets (no round trip).
   */
  referencedAssets(
    ctx: ReadContext,
    ids: string[],
    from?: readonly DeliveredDocument[],
  ): Promise<Map<string, DeliveredAsset>>;
  /** Users by id; with `from`, as `referencedAssets`, from the users read with those documents when it can. */
  users(
    ctx: ReadContext,
    ids: string[],
    from?: readonly DeliveredDocument[],
  ): Promise<Map<string, DeliveredUser>>;
  /** The content model with public fields only (GET /v1/types, GraphQL schema), per the running registry. */
  contentModel(spaceId: string): Promise<ContentModel>;
  /**
   * Reloads the content-type registry (every space's types and the schema version) from the database. Until
   * then, documents of types the running registry does not know answer `contentType.notFound`. Callers purge
   * `cacheTags.registry` afterwards: every answer of the reader carries that tag.
   */
  reloadRegistry(): Promise<void>;
  /** The schema version of the running registry (`registry_state.schema_version` when it was last loaded). */
  schemaVersion(): Promise<number>;
}

/** A block as delivered: its stored `ext` never leaves; the website plugin's chosen `design` does, when set. */
export interface DeliveredBlock {
  blockId: string;
  type: string;
  fields: Record<string, unknown>;
  layout?: Record<string, unknown>;
  design?: BlockDesign;
}

/** The design a block chose (`ext.website`): a variant of its block design and instance style overrides. */
export interface BlockDesign {
  variant: string | null;
  style: Record<string, unknown> | null;
}

export interface DeliveredBlocks {
  grid: Record<string, unknown> | null;
  blocks: DeliveredBlock[];
}

/** A link field as delivered: `href` is the url, or `/` + the target's permalink in the locale, or null. */
export interface DeliveredLink {
  url: string | null;
  contentId: string | null;
  label: string | null;
  target: string;
  href: string | null;
}

export interface ContentModel {
  schemaVersion: number;
  contentTypes: Array<{ name: string; title: string; fields: unknown[] }>;
  blockTypes: Array<{ name: string; title: string; fields: unknown[] }>;
}
