import { isSafeUrl } from '../../core/space-format/safe-url.ts';

/**
 * The menus view's item tree: labels in every locale, a link to a document or an address (or none: a
 * heading of its children), moved by drag or by keys (up, down, indent, outdent). Pure and immutable; `key`
 * names an item in the view (a stored item's id, or a fresh key for a new one until it is saved).
 */

export interface MenuItem {
  key: string;
  /** The stored item's id; absent for an item not saved yet. */
  id?: string;
  label: Record<string, string>;
  contentId: string | null;
  url: string | null;
  target: string;
  children: MenuItem[];
}

export interface StoredItem {
  id: string;
  label: Record<string, string>;
  contentId: string | null;
  url: string | null;
  target: string;
  children: StoredItem[];
}

export const fromStored = (items: StoredItem[]): MenuItem[] =>
  items.map((i) => ({ ...i, key: i.id, children: fromStored(i.children) }));

interface Place {
  list: MenuItem[];
  index: number;
  parent: MenuItem | null;
}

export function findItem(tree: MenuItem[], key: string, parent: MenuItem | null = null): Place | null {
  for (let i = 0; i < tree.length; i++) {
    if (tree[i]!.key === key) return { list: tree, index: i, parent };
    const hit = findItem(tree[i]!.children, key, tree[i]!);
    if (hit) return hit;
  }
  return null;
}

/** The tree with the list that holds `parentKey`'s children (null: the top level) replaced. */
function withList(
  tree: MenuItem[],
  parentKey: string | null,
  f: (list: MenuItem[]) => MenuItem[],
): MenuItem[] {
  if (parentKey === null) return f(tree);
  return tree.map((i) =>
    i.key === parentKey
      ? { ...i, children: f(i.children) }
      : { ...i, children: withList(i.children, parentKey, f) },
  );
}

export function updateItem(
  tree: MenuItem[],
  key: string,
  patch: Partial<Omit<MenuItem, 'key' | 'children'>>,
) {
  const place = findItem(tree, key);
  if (!place) return tree;
  return withList(tree, place.parent?.key ?? null, (list) =>
    list.map((i) => (i.key === key ? { ...i, ...patch } : i)),
  );
}

export function addItem(tree: MenuItem[], item: MenuItem, parentKey: string | null = null): MenuItem[] {
  return withList(tree, parentKey, (list) => [...list, item]);
}

export function removeItem(tree: MenuItem[], key: string): MenuItem[] {
  const place = findItem(tree, key);
  if (!place) return tree;
  return withList(tree, place.parent?.key ?? null, (list) => list.filter((i) => i.key !== key));
}

/** Among its siblings, by `delta` (−1 up, +1 down), clamped. */
export function moveItem(tree: MenuItem[], key: string, delta: number): MenuItem[] {
  const place = findItem(tree, key);
  if (!place) return tree;
  const to = Math.max(0, Math.min(place.list.length - 1, place.index + delta));
  if (to === place.index) return tree;
  return withList(tree, place.parent?.key ?? null, (list) => {
    const next = [...list];
    const [moved] = next.splice(place.index, 1);
    next.splice(to, 0, moved!);
    return next;
  });
}

/** Into the previous sibling, as its last child. */
export function indentItem(tree: MenuItem[], key: string): MenuItem[] {
  const place = findItem(tree, key);
  if (!place || place.index === 0) return tree;
  const item = place.list[place.index]!;
  return addItem(removeItem(tree, key), item, place.list[place.index - 1]!.key);
}

/** Out of its parent, right after it. */
export function outdentItem(tree: MenuItem[], key: string): MenuItem[] {
  const place = findItem(tree, key);
  if (!place?.parent) return tree;
  const item = place.list[place.index]!;
  const parentPlace = findItem(tree, place.parent.key)!;
  return withList(removeItem(tree, key), parentPlace.parent?.key ?? null, (list) => {
    const next = [...list];
    next.splice(parentPlace.index + 1, 0, item);
    return next;
  });
}

const contains = (item: MenuItem, key: string): boolean =>
  item.key === key || item.children.some((c) => contains(c, key));

/**
 * Where a drag drops an item: before or after `targetKey`, or `inside` it (its last child). Dropping an item
 * into itself or its own subtree changes nothing.
 */
export function dropItem(
  tree: MenuItem[],
  key: string,
  targetKey: string,
  where: 'before' | 'after' | 'inside',
): MenuItem[] {
  const place = findItem(tree, key);
  if (!place || key === targetKey) return tree;
  const item = place.list[place.index]!;
  if (contains(item, targetKey)) return tree;
  const without = removeItem(tree, key);
  if (where === 'inside') return addItem(without, item, targetKey);
  const target = findItem(without, targetKey);
  if (!target) return tree;
  return withList(without, target.parent?.key ?? null, (list) => {
    const next = [...list];
    next.splice(target.index + (where === 'after' ? 1 : 0), 0, item);
    return next;
  });
}

/** How deep an item sits (0: top level). */
export const depthOf = (tree: MenuItem[], key: string): number => {
  const place = findItem(tree, key);
  return place?.parent ? depthOf(tree, place.parent.key) + 1 : 0;
};

/** The first problem of the tree, in words, with the item it is about; null when it may be saved. */
export function menuProblem(
  tree: MenuItem[],
  locales: readonly string[],
  defaultLocale: string,
): { key: string; message: string } | null {
  for (const item of tree) {
    if (!(item.label[defaultLocale] ?? '').trim())
      return { key: item.key, message: `Every item needs a label in ${defaultLocale}.` };
    for (const l of locales) {
      if ((item.label[l] ?? '').length > 200)
        return { key: item.key, message: `The ${l} label is over 200 characters.` };
    }
    if (item.url !== null && !isSafeUrl(item.url))
      return {
        key: item.key,
        message: `“${item.url}” is no address a menu may link to: use a path (/about), an http(s), mailto or tel address.`,
      };
    const inner = menuProblem(item.children, locales, defaultLocale);
    if (inner) return inner;
  }
  return null;
}

export interface ItemWrite {
  id?: string;
  label: string;
  url: string | null;
  target: string;
  contentId: string | null;
  children: ItemWrite[];
}

/** What `menus.update` takes for one locale (it writes one locale's labels per call). */
export function toWrite(tree: MenuItem[], locale: string): ItemWrite[] {
  return tree.map((i) => ({
    ...(i.id ? { id: i.id } : {}),
    label: i.label[locale] ?? '',
    url: i.url,
    target: i.target,
    contentId: i.contentId,
    children: toWrite(i.children, locale),
  }));
}

/**
 * The ids a save gave new items: the answer has the written tree's shape, in order, so items pair up by place.
 * Labels stay the view's own (the other locales are written next, by id).
 */
export function withIds(tree: MenuItem[], saved: StoredItem[]): MenuItem[] {
  return tree.map((item, i) => {
    const s = saved[i];
    if (!s) return item;
    return { ...item, id: s.id, children: withIds(item.children, s.children) };
  });
}

/** The locales whose labels differ between two trees of the same items (what a save must write). */
export function changedLocales(before: MenuItem[], after: MenuItem[], locales: readonly string[]): string[] {
  const labels = (tree: MenuItem[], l: string): string =>
    JSON.stringify(tree.map((i) => [i.key, i.label[l] ?? '', labels(i.children, l)]));
  const shape = (tree: MenuItem[]): string =>
    JSON.stringify(tree.map((i) => [i.key, i.url, i.contentId, i.target, shape(i.children)]));
  const changed = locales.filter((l) => labels(before, l) !== labels(after, l));
  // A moved, added or removed item, or a changed link, is written with the first locale's labels.
  if (changed.length === 0 && shape(before) !== shape(after)) return [locales[0]!];
  return changed;
}
