import type { DeliveredMenu, DeliveredMenuItem } from '../reader/types.ts';

export type MenuItemAnswer = DeliveredMenuItem & { href: string | null; children: MenuItemAnswer[] };

/**
 * A menu as REST answers it: each entry with its `href`, the spec's link rule done once for every client: `url`
 * when set, else `/` + the document's permalink; the home document's is `/` (its own permalink only redirects
 * there on a designed site, and is no address a front end wants either).
 */
export function withHrefs(
  menu: DeliveredMenu,
  homeId: string | null,
): Omit<DeliveredMenu, 'items'> & { items: MenuItemAnswer[] } {
  const withHref = (item: DeliveredMenuItem): MenuItemAnswer => {
    const path = item.content ? (item.content.id === homeId ? '/' : `/${item.content.permalink}`) : null;
    return { ...item, href: item.url ?? path, children: item.children.map(withHref) };
  };
  return { ...menu, items: menu.items.map(withHref) };
}
