import { CANVAS_PROTOCOL } from './protocol.ts';
import {
  array,
  boolean,
  type Infer,
  literal,
  nullable,
  number,
  object,
  oneOf,
  optional,
  record,
  type Shape,
  string,
  union,
} from './shape.ts';

/**
 * The admin's messages to the canvas (docs/canvas-protocol.md): the one check between `postMessage`
 * and the renderer. Objects are loose (a field the canvas does not know is ignored, so an admin may
 * add fields without a new version); a message that does not fit is ignored.
 *
 * Design records are checked for their envelope only (kind, key, a `published` object): the admin
 * validates them with core/designs before it sends them, as the management API does on save. Content
 * is in the delivery API's shape (delivery-and-site.md); only what the renderer reads is required,
 * the rest gets the reader's defaults (content.ts).
 */

const id = string(200, 1);
const name = string(200, 1);
const text = string();
const anything: Shape<unknown> = (_v): _v is unknown => true;
const fieldsOf = record(anything);

/** core/designs DESIGN_KINDS; written out so the canvas does not load the design schemas for a list. */
const DESIGN_KINDS = ['theme', 'site', 'layout', 'page', 'block', 'menu'] as const;

const designRecord = object({ kind: oneOf(DESIGN_KINDS), key: name, published: fieldsOf });

const fieldDef = object({ name, type: name });

const documentShape = object({
  id,
  type: name,
  title: text,
  permalink: text,
  fields: fieldsOf,
  publishedAt: optional(nullable(text)),
  tags: optional(array(object({ name: text, slug: text }))),
});

const assetShape = object({
  id,
  url: text,
  variants: object({ thumb: text, card: text, hero: text }),
  filename: optional(text),
  mimeType: optional(text),
  width: optional(nullable(number)),
  height: optional(nullable(number)),
  alt: optional(text),
  focalPoint: optional(nullable(object({ x: number, y: number }))),
});

export interface MenuItemIn {
  id: string;
  label: string;
  url?: string | null;
  target?: string;
  content?: { id: string; type?: string; title: string; permalink: string } | null;
  children?: MenuItemIn[];
}

const menuItem: Shape<MenuItemIn> = object({
  id,
  label: text,
  url: optional(nullable(text)),
  target: optional(name),
  content: optional(nullable(object({ id, type: optional(name), title: text, permalink: text }))),
  children: optional(array((v: unknown): v is MenuItemIn => menuItem(v))),
});

const blockShape = object({
  blockId: id,
  type: name,
  fields: optional(fieldsOf),
  design: optional(
    nullable(object({ variant: optional(nullable(name)), style: optional(nullable(fieldsOf)) })),
  ),
});

/** What to draw: a page in its layout (another layout, or none), one block, or one menu. */
const viewShape = union(
  object({ kind: literal('page'), layout: optional(nullable(name)) }),
  object({ kind: literal('block'), block: blockShape }),
  object({ kind: literal('menu'), menu: name, design: optional(nullable(name)) }),
);

const envelope = { protocol: literal(CANVAS_PROTOCOL), version: literal(1) };

export const renderMessageShape = object({
  ...envelope,
  type: literal('render'),
  id,
  locale: name,
  site: object({
    name: text,
    defaultLocale: name,
    locales: array(name),
    homeId: optional(nullable(id)),
    /** The menu the generated default layout shows when the site design names none. */
    firstMenu: optional(nullable(name)),
  }),
  designs: array(designRecord),
  fields: object({ contentTypes: record(array(fieldDef)), blockTypes: record(array(fieldDef)) }),
  content: object({
    document: documentShape,
    documents: optional(array(documentShape)),
    assets: optional(array(assetShape)),
    users: optional(array(object({ id, name: text }))),
    menus: optional(array(object({ name: text, machineName: name, items: array(menuItem) }))),
    ancestors: optional(array(object({ title: text, href: text }))),
    versions: optional(array(object({ locale: name, href: text, url: optional(text), current: boolean }))),
  }),
  view: viewShape,
});

const nodeRef = object({
  kind: oneOf(['layout', 'page', 'block', 'menu', 'site'] as const),
  key: name,
  variant: optional(name),
  id,
});

/** Outline a node (the one selected in the admin's tree), or none. */
export const selectMessageShape = object({ ...envelope, type: literal('select'), node: nullable(nodeRef) });

export type RenderMessage = Infer<typeof renderMessageShape>;
export type SelectMessage = Infer<typeof selectMessageShape>;
export type AdminMessage = RenderMessage | SelectMessage;

/** The admin's message, or null for anything else (another shape, protocol or version). */
export function parseAdminMessage(data: unknown): AdminMessage | null {
  return renderMessageShape(data) || selectMessageShape(data) ? data : null;
}
