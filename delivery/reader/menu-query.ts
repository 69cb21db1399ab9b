import type { Queryable } from '../../core/db/types.ts';
import type { MenuRows } from './rows.ts';
import type { DeliveredRedirect } from './types.ts';

/** A menu by machine name with all its items (each level in position order), in one statement. */
export async function selectMenu(
  db: Queryable,
  spaceId: string,
  machineName: string,
): Promise<MenuRows | null> {
  const res = await db.query<{
    menu_id: string;
    menu_name: string;
    machine_name: string;
    default_locale: string;
    id: string | null;
    parent_id: string | null;
    label: unknown;
    url: string | null;
    target: string | null;
    content_id: string | null;
  }>(
    `select m.id as menu_id, m.name as menu_name, m.machine_name, s.default_locale,
       i.id, i.parent_id, i.label, i.url, i.target, i.content_id
     from menus m join spaces s on s.id = m.space_id
     left join menu_items i on i.menu_id = m.id
     where m.space_id = $1 and m.machine_name = $2
     order by i.position, i.id`,
    [spaceId, machineName],
  );
  const first = res.rows[0];
  if (!first) return null;
  return {
    id: first.menu_id,
    name: first.menu_name,
    machineName: first.machine_name,
    defaultLocale: first.default_locale,
    items: res.rows
      .filter((r) => r.id !== null)
      .map((r) => ({
        id: r.id as string,
        parentId: r.parent_id,
        label: r.label,
        url: r.url,
        target: r.target ?? '_self',
        contentId: r.content_id,
      })),
  };
}

/** The redirects of a space in one locale, in their stored order. */
export async function selectRedirects(
  db: Queryable,
  spaceId: string,
  locale: string,
): Promise<DeliveredRedirect[]> {
  const res = await db.query<{
    locale: string;
    from_path: string;
    to_path: string | null;
    status: number;
    content_id: string | null;
  }>(
    `select locale, from_path, to_path, status, content_id from redirects
     where space_id = $1 and locale = $2 order by position, from_path`,
    [spaceId, locale],
  );
  return res.rows.map((r) => ({
    locale: r.locale,
    fromPath: r.from_path,
    toPath: r.to_path,
    status: r.status,
    contentId: r.content_id,
  }));
}
