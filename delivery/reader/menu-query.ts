import type { Queryable } from '../../core/db/types.ts';
import { permalinkRow } from './document-query.ts';
import { joinPermalink } from './permalink.ts';
import type { MenuRows, PermalinkRow } from './rows.ts';
import type { DeliveredRedirect } from './types.ts';

/** A menu by machine name with all its items (each level in position order), in one statement. */
export async function selectMenu(
  db: Queryable,
  spaceId: string,
  machineName: string,
): Promise<MenuRows | null> {
  return (await selectMenus(db, spaceId, [machineName])).get(machineName) ?? null;
}

/** A menu entry's document as a site's menu shows it, from the delivery index. */
export interface MenuEntryRow {
  id: string;
  type: string;
  title: string;
  permalink: string;
  ancestors: string[];
}

/** Menus by machine name with all their items, in one statement: those that exist, by machine name. */
export async function selectMenus(
  db: Queryable,
  spaceId: string,
  machineNames: string[],
): Promise<Map<string, MenuRows>> {
  return (await menusWithEntries(db, spaceId, machineNames)).menus;
}

/**
 * `selectMenus`, and with `entriesIn` (a locale; published reads) the documents the items name in the same
 * statement, as a menu shows them (type, title, permalink) and where the delivery index has them: a site's first
 * visit asked for the menus, then for their documents whole (every field, to show four columns), in turn
 * (issue 42). An entry not delivered in the locale is left out.
 */
export async function menusWithEntries(
  db: Queryable,
  spaceId: string,
  machineNames: string[],
  entriesIn?: string,
): Promise<{ menus: Map<string, MenuRows>; entries: MenuEntryRow[] }> {
  // The published version by its primary key, as selectDocuments reads it (document-query.ts).
  const entries =
    entriesIn === undefined
      ? ''
      : `, d.type as entry_type, v.title as entry_title, array_to_json(x.slugs) as entry_slugs,
         array_to_json(x.ancestors) as entry_ancestors
       from menus m join spaces s on s.id = m.space_id
       left join menu_items i on i.menu_id = m.id
       left join delivered_documents x on x.space_id = m.space_id and x.locale = $3 and x.document_id = i.content_id
       left join documents d on d.id = x.document_id
       left join lateral (
         select y.title from document_versions y
         where y.document_id = x.document_id and y.locale = x.locale collate "default" and y.state = 'published'
         limit 1
       ) v on true`;
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
    entry_type?: string | null;
    entry_title?: string | null;
    entry_slugs?: string[] | null;
    entry_ancestors?: string[] | null;
  }>(
    `select m.id as menu_id, m.name as menu_name, m.machine_name, s.default_locale,
       i.id, i.parent_id, i.label, i.url, i.target, i.content_id
     ${entries || 'from menus m join spaces s on s.id = m.space_id left join menu_items i on i.menu_id = m.id'}
     where m.space_id = $1 and m.machine_name = any($2::text[])
     order by m.machine_name, i.position, i.id`,
    entriesIn === undefined ? [spaceId, machineNames] : [spaceId, machineNames, entriesIn],
  );
  const menus = new Map<string, MenuRows>();
  const delivered = new Map<string, MenuEntryRow>();
  for (const r of res.rows) {
    let menu = menus.get(r.machine_name);
    if (!menu) {
      menu = {
        id: r.menu_id,
        name: r.menu_name,
        machineName: r.machine_name,
        defaultLocale: r.default_locale,
        items: [],
      };
      menus.set(r.machine_name, menu);
    }
    if (r.id === null) continue;
    menu.items.push({
      id: r.id,
      parentId: r.parent_id,
      label: r.label,
      url: r.url,
      target: r.target ?? '_self',
      contentId: r.content_id,
    });
    if (
      r.content_id &&
      r.entry_type &&
      r.entry_title != null &&
      r.entry_slugs &&
      !delivered.has(r.content_id)
    )
      delivered.set(r.content_id, {
        id: r.content_id,
        type: r.entry_type,
        title: r.entry_title,
        permalink: joinPermalink(r.entry_slugs),
        ancestors: r.entry_ancestors ?? [],
      });
  }
  return { menus, entries: [...delivered.values()] };
}

/** A redirect row, with where its target document is delivered in the locale when that was asked for. */
export interface RedirectRow extends DeliveredRedirect {
  /** Undefined when not asked for; null when the redirect names no document or it is not delivered. */
  target?: PermalinkRow | null;
}

/**
 * The redirects of a space in one locale, in order. With `targets`, a redirect to a document carries where the
 * delivery index has it in the locale, read in the same statement (published reads; previews walk the tree).
 */
export async function selectRedirects(
  db: Queryable,
  spaceId: string,
  locale: string,
  options: { targets?: boolean } = {},
): Promise<RedirectRow[]> {
  const target = options.targets
    ? `, x.slugs, x.ancestors::text[] as ancestors, x.document_id is not null as delivered
     from redirects r left join delivered_documents x
       on x.document_id = r.content_id and x.locale = r.locale and x.space_id = r.space_id and r.to_path is null`
    : ' from redirects r';
  const res = await db.query<{
    locale: string;
    from_path: string;
    to_path: string | null;
    status: number;
    content_id: string | null;
    slugs?: string[] | null;
    ancestors?: string[] | null;
    delivered?: boolean;
  }>(
    `select r.locale, r.from_path, r.to_path, r.status, r.content_id${target}
     where r.space_id = $1 and r.locale = $2 order by r.position, r.from_path`,
    [spaceId, locale],
  );
  return res.rows.map((r) => ({
    locale: r.locale,
    fromPath: r.from_path,
    toPath: r.to_path,
    status: r.status,
    contentId: r.content_id,
    ...(options.targets
      ? {
          target:
            r.delivered && r.content_id
              ? permalinkRow(r.content_id, r.locale, r.slugs ?? [], r.ancestors ?? null)
              : null,
        }
      : {}),
  }));
}
