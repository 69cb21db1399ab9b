import { z } from 'zod';
import type { Queryable } from '../db/types.ts';
import type { IdPool } from './field-values.ts';
import { isSafeUrl } from './safe-url.ts';

/**
 * The rules of a menu item that `verso import` and the `menus.*` procedures share: the same zod parts for its
 * link and the same check of what it points at, so a menu one refuses the other refuses too, at the same path.
 */
export interface MenuItemInput {
  id: string;
  label: string | Record<string, string>;
  url: string | null;
  target: '_self' | '_blank';
  contentId: string | null;
  children: MenuItemInput[];
}

/** A menu's machine name: the key of `GET /v1/menus/{key}` and of `menus.get`. */
export const menuMachineName = z.string().regex(/^[a-z0-9][a-z0-9_-]*$/, 'must be [a-z0-9_-]+');
export const menuItemLabel = z.union([z.string(), z.record(z.string(), z.string())]);
export const menuItemUrl = z
  .string()
  .refine(isSafeUrl, 'must be an http(s), mailto or tel address or a path');
export const menuItemTarget = z.enum(['_self', '_blank']);

/** An item points to a document or to an address, never both (it may point nowhere: a heading of its children). */
export const oneMenuLink = {
  test: (item: { url: string | null; contentId: string | null }) =>
    item.url === null || item.contentId === null,
  message: 'points to either url or contentId, not both',
} as const;

/** What the items of a menu may name: documents of the space and its locales. */
export interface MenuRefs {
  documents: IdPool;
  locales: readonly string[];
}

/**
 * The first problem of a menu's items as `path: message` (`menus[0].items[2].children[0].contentId: …`): an
 * item id used twice (in `seen`: ids are unique across all menus of a file), a document that is not the
 * space's, a label in a locale the space does not have.
 */
export function menuItemsProblem(
  items: MenuItemInput[],
  path: string,
  refs: MenuRefs,
  seen: Set<string> = new Set(),
): string | undefined {
  for (const [i, item] of items.entries()) {
    const p = `${path}[${i}]`;
    if (seen.has(item.id)) return `${p}.id: duplicate`;
    seen.add(item.id);
    if (item.contentId && !refs.documents.has(item.contentId))
      return `${p}.contentId: no document with id ${item.contentId}`;
    if (typeof item.label === 'object') {
      const stray = Object.keys(item.label).find((l) => !refs.locales.includes(l));
      if (stray) return `${p}.label.${stray}: not a locale of the space`;
    }
    const problem = menuItemsProblem(item.children, `${p}.children`, refs, seen);
    if (problem) return problem;
  }
  return undefined;
}

/** Every document id the items name, at any depth. */
export function menuContentIds(items: MenuItemInput[], into: Set<string> = new Set()): Set<string> {
  for (const item of items) {
    if (item.contentId) into.add(item.contentId);
    menuContentIds(item.children, into);
  }
  return into;
}

/** A `menu_items` row, as `insertMenuItems` writes it. */
export interface MenuItemRow {
  id: string;
  menu_id: string;
  parent_id: string | null;
  position: number;
  label: MenuItemInput['label'];
  url: string | null;
  target: string;
  content_id: string | null;
}

/** The rows of a menu's item tree, parents before their children (the tree's foreign key holds at every row). */
export function menuItemRows(
  items: MenuItemInput[],
  menuId: string,
  parentId: string | null = null,
): MenuItemRow[] {
  return items.flatMap((item, position) => [
    {
      id: item.id,
      menu_id: menuId,
      parent_id: parentId,
      position,
      label: item.label,
      url: item.url,
      target: item.target,
      content_id: item.contentId,
    },
    ...menuItemRows(item.children, menuId, item.id),
  ]);
}

/** Writes item rows in one statement, whatever their number. */
export async function insertMenuItems(tx: Queryable, rows: MenuItemRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.query(
    `insert into menu_items (id, menu_id, parent_id, position, label, url, target, content_id)
     select id, menu_id, parent_id, position, label, url, target, content_id
     from jsonb_to_recordset($1::jsonb) as x(id uuid, menu_id uuid, parent_id uuid, position int, label jsonb, url text, target text, content_id uuid)`,
    [JSON.stringify(rows)],
  );
}
