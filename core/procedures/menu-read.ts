import type { Queryable } from '../db/types.ts';
import { AppError } from '../errors/app-error.ts';

/** A menu item as an editor reads it: its label in every locale that has one, and where it points. */
export interface MenuItemView {
  id: string;
  label: Record<string, string>;
  contentId: string | null;
  url: string | null;
  target: string;
  children: MenuItemView[];
}

export interface MenuView {
  id: string;
  name: string;
  machineName: string;
  revision: number;
  items: MenuItemView[];
}

/**
 * A stored label per locale. A plain string (the space file's "every locale") stands in every locale of the
 * space; a map keeps the locales it has (the site shows the default locale's label where one is missing).
 */
export function labelsOf(label: unknown, locales: readonly string[]): Record<string, string> {
  if (typeof label === 'string') return Object.fromEntries(locales.map((l) => [l, label]));
  if (typeof label !== 'object' || label === null) return {};
  return Object.fromEntries(
    Object.entries(label as Record<string, unknown>).filter(
      (e): e is [string, string] => typeof e[1] === 'string',
    ),
  );
}

interface Row {
  id: string;
  name: string;
  machine_name: string;
  revision: string;
  item_id: string | null;
  parent_id: string | null;
  label: unknown;
  url: string | null;
  target: string | null;
  content_id: string | null;
}

/** The menu of the space with that machine name and its whole item tree, or 404 `menu.notFound`. */
export async function readMenu(
  db: Queryable,
  space: { id: string; locales: readonly string[] },
  machineName: string,
): Promise<MenuView> {
  const res = await db.query<Row>(
    `select m.id, m.name, m.machine_name, m.revision::text as revision,
       i.id as item_id, i.parent_id, i.label, i.url, i.target, i.content_id
     from menus m left join menu_items i on i.menu_id = m.id
     where m.space_id = $1 and m.machine_name = $2
     order by i.position, i.id`,
    [space.id, machineName],
  );
  const first = res.rows[0];
  if (!first) throw new AppError('menu.notFound');
  const children = new Map<string | null, Row[]>();
  for (const row of res.rows) {
    if (row.item_id === null) continue;
    const list = children.get(row.parent_id) ?? [];
    list.push(row);
    children.set(row.parent_id, list);
  }
  const build = (parentId: string | null): MenuItemView[] =>
    (children.get(parentId) ?? []).map((r) => ({
      id: r.item_id!,
      label: labelsOf(r.label, space.locales),
      contentId: r.content_id,
      url: r.url,
      target: r.target ?? '_self',
      children: build(r.item_id),
    }));
  return {
    id: first.id,
    name: first.name,
    machineName: first.machine_name,
    revision: Number(first.revision),
    items: build(null),
  };
}
