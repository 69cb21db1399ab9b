import type { MenuItemRow, MenuRows } from './rows.ts';
import type { DeliveredMenu, DeliveredMenuItem } from './types.ts';

/** A label in the locale: a plain string serves every locale; a map falls back to the default locale. */
export function menuLabel(label: unknown, locale: string, defaultLocale: string): string {
  if (typeof label === 'string') return label;
  if (typeof label !== 'object' || label === null) return '';
  const map = label as Record<string, unknown>;
  const pick = map[locale] ?? map[defaultLocale] ?? Object.values(map).find((v) => typeof v === 'string');
  return typeof pick === 'string' ? pick : '';
}

/**
 * A menu for one locale: items in position order at every depth; an entry pointing to a document that is
 * not delivered in the locale is left out, with its children (they hang under an entry nobody sees).
 */
export function shapeMenu(
  rows: MenuRows,
  locale: string,
  document: (id: string) => DeliveredMenuItem['content'] | undefined,
): DeliveredMenu {
  const children = new Map<string | null, MenuItemRow[]>();
  for (const item of rows.items) {
    const list = children.get(item.parentId) ?? [];
    list.push(item);
    children.set(item.parentId, list);
  }
  const build = (parentId: string | null, depth: number): DeliveredMenuItem[] =>
    depth > 32
      ? []
      : (children.get(parentId) ?? []).flatMap((item) => {
          const content = item.contentId ? document(item.contentId) : null;
          if (content === undefined) return [];
          return [
            {
              id: item.id,
              label: menuLabel(item.label, locale, rows.defaultLocale),
              url: item.url,
              target: item.target,
              content,
              children: build(item.id, depth + 1),
            },
          ];
        });
  return { id: rows.id, name: rows.name, machineName: rows.machineName, items: build(null, 0) };
}
