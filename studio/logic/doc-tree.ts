/**
 * The content view's document tree, from `content.list` items (every document of the space, drafts too):
 * nesting by parent, the state of each in a locale, the rows a search shows, and the `content.move` calls a
 * move (by drag or by keyboard) takes. `content.move` sets one document's position and siblings sort by
 * position then creation, so a reorder renumbers the siblings whose place changes.
 */

export interface ListedDoc {
  id: string;
  type: string;
  parentId: string | null;
  position: number;
  createdAt: string;
  revision: number;
  locales: Record<string, { title: string; slug: string; hasDraft: boolean; published: boolean }>;
}

export interface Scheduled {
  id: string;
  locale: string;
  action: 'publish' | 'unpublish';
  at: string;
}

export type DocState = 'published' | 'changed' | 'draft' | 'scheduled' | 'absent';

export const STATE_LABELS: Record<DocState, string> = {
  published: 'Published',
  changed: 'Published, with unpublished changes',
  draft: 'Draft',
  scheduled: 'Scheduled',
  absent: 'Not in this language',
};

export function stateOf(doc: ListedDoc, locale: string, scheduled: Scheduled[] = []): DocState {
  const v = doc.locales[locale];
  if (!v) return 'absent';
  if (scheduled.some((s) => s.id === doc.id && s.locale === locale && s.action === 'publish'))
    return 'scheduled';
  if (v.published) return v.hasDraft ? 'changed' : 'published';
  return 'draft';
}

/** A document's title in the locale, else in any locale it has (bracketed: it is not this language's). */
export function titleOf(doc: ListedDoc, locale: string): string {
  const own = doc.locales[locale]?.title;
  if (own) return own;
  const other = Object.values(doc.locales)[0]?.title;
  return other ? `(${other})` : '(untitled)';
}

const order = (a: ListedDoc, b: ListedDoc) =>
  a.position - b.position || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);

export function childrenOf(docs: ListedDoc[], parentId: string | null): ListedDoc[] {
  return docs.filter((d) => d.parentId === parentId).sort(order);
}

export interface TreeRow {
  doc: ListedDoc;
  depth: number;
  /** Index among its siblings and how many they are (for aria-posinset / aria-setsize). */
  index: number;
  siblings: number;
}

/**
 * The rows in tree order: all of them, or with a search, those whose title or slug in the locale holds it
 * and their ancestors (so each stays in its place).
 */
export function treeRows(docs: ListedDoc[], locale: string, search = ''): TreeRow[] {
  const q = search.trim().toLowerCase();
  const byId = new Map(docs.map((d) => [d.id, d]));
  let keep: Set<string> | null = null;
  if (q) {
    keep = new Set();
    for (const d of docs) {
      const v = d.locales[locale] ?? Object.values(d.locales)[0];
      if (!v || !(v.title.toLowerCase().includes(q) || v.slug.toLowerCase().includes(q))) continue;
      for (
        let a: ListedDoc | undefined = d;
        a && !keep.has(a.id);
        a = a.parentId ? byId.get(a.parentId) : undefined
      )
        keep.add(a.id);
    }
  }
  const rows: TreeRow[] = [];
  const walk = (parentId: string | null, depth: number) => {
    const kids = childrenOf(docs, parentId).filter((d) => !keep || keep.has(d.id));
    kids.forEach((doc, index) => {
      rows.push({ doc, depth, index, siblings: kids.length });
      walk(doc.id, depth + 1);
    });
  };
  walk(null, 0);
  return rows;
}

export interface MoveCall {
  id: string;
  parentId: string | null;
  position: number;
}

/** The `content.move` calls that put `id` under `parentId` at `index` among its new siblings. */
export function movePlan(docs: ListedDoc[], id: string, parentId: string | null, index: number): MoveCall[] {
  const moved = docs.find((d) => d.id === id);
  if (!moved) return [];
  // Not under itself or its own descendants.
  for (let p = parentId; p; p = docs.find((d) => d.id === p)?.parentId ?? null) if (p === id) return [];
  const siblings = childrenOf(docs, parentId).filter((d) => d.id !== id);
  const at = Math.max(0, Math.min(index, siblings.length));
  const ordered = [...siblings.slice(0, at), moved, ...siblings.slice(at)];
  const calls: MoveCall[] = [];
  ordered.forEach((d, position) => {
    if (d.position !== position || d.parentId !== parentId || (d.id === id && moved.parentId !== parentId))
      calls.push({ id: d.id, parentId, position });
  });
  // The moved document first: a reparent's slug check happens before its new siblings shift.
  return calls.sort((a, b) => (a.id === id ? -1 : b.id === id ? 1 : 0));
}

export type DropPlace = 'before' | 'after' | 'inside';

/** A drag of `id` dropped on `targetId`: before or after it among its siblings, or inside it, last. */
export function dropPlan(docs: ListedDoc[], id: string, targetId: string, where: DropPlace): MoveCall[] {
  const target = docs.find((d) => d.id === targetId);
  if (!target || id === targetId) return [];
  if (where === 'inside') return movePlan(docs, id, target.id, childrenOf(docs, target.id).length);
  const at = childrenOf(docs, target.parentId)
    .filter((d) => d.id !== id)
    .findIndex((d) => d.id === targetId);
  return movePlan(docs, id, target.parentId, where === 'before' ? at : at + 1);
}

export type KeyMove = 'up' | 'down' | 'indent' | 'outdent';

/** A keyboard move as `content.move` calls: up / down among siblings, into the one above, out to the parent's level. */
export function keyboardMove(docs: ListedDoc[], id: string, move: KeyMove): MoveCall[] {
  const doc = docs.find((d) => d.id === id);
  if (!doc) return [];
  const siblings = childrenOf(docs, doc.parentId);
  const at = siblings.findIndex((d) => d.id === id);
  if (move === 'up') return at > 0 ? movePlan(docs, id, doc.parentId, at - 1) : [];
  if (move === 'down') return at < siblings.length - 1 ? movePlan(docs, id, doc.parentId, at + 1) : [];
  if (move === 'indent') {
    const above = siblings[at - 1];
    return above ? movePlan(docs, id, above.id, childrenOf(docs, above.id).length) : [];
  }
  if (!doc.parentId) return [];
  const parent = docs.find((d) => d.id === doc.parentId)!;
  const parentAt = childrenOf(docs, parent.parentId).findIndex((d) => d.id === parent.id);
  return movePlan(docs, id, parent.parentId, parentAt + 1);
}
