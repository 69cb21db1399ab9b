import type { DesignNode, NodeKind } from '../../core/designs/index.ts';
import { hasChildren } from '../../core/designs/index.ts';

/**
 * Operations of the outline on a design's node tree: add, remove, move, duplicate, update. Pure and
 * immutable (a new tree shares the untouched subtrees), so every edit is one value the undo history
 * keeps. Ids stay unique within the tree, as designs.md requires.
 */

type Node = DesignNode & { children?: DesignNode[] };

export interface Found {
  node: DesignNode;
  parent: DesignNode | null;
  index: number;
  depth: number;
}

export function findNode(root: DesignNode, id: string): Found | null {
  const visit = (node: DesignNode, parent: DesignNode | null, index: number, depth: number): Found | null => {
    if (node.id === id) return { node, parent, index, depth };
    const children = (node as Node).children ?? [];
    for (let i = 0; i < children.length; i++) {
      const hit = visit(children[i]!, node, i, depth + 1);
      if (hit) return hit;
    }
    return null;
  };
  return visit(root, null, 0, 0);
}

/** Every node in outline order with its depth (the rows of the outline). */
export function flatten(
  root: DesignNode,
): Array<{ node: DesignNode; depth: number; parentId: string | null }> {
  const out: Array<{ node: DesignNode; depth: number; parentId: string | null }> = [];
  const visit = (node: DesignNode, depth: number, parentId: string | null) => {
    out.push({ node, depth, parentId });
    for (const child of (node as Node).children ?? []) visit(child, depth + 1, node.id);
  };
  visit(root, 0, null);
  return out;
}

function ids(root: DesignNode): Set<string> {
  return new Set(flatten(root).map((r) => r.node.id));
}

/** A fresh id like `heading-3` that the tree does not use yet. */
export function freshId(taken: Set<string>, base: string): string {
  const stem = base.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 56) || 'node';
  for (let n = 1; ; n++) {
    const id = `${stem}-${n}`;
    if (!taken.has(id)) {
      taken.add(id);
      return id;
    }
  }
}

/** Replaces the node `id` by `f(node)`; the tree is unchanged (same object) when no node has that id. */
export function updateNode(root: DesignNode, id: string, f: (node: DesignNode) => DesignNode): DesignNode {
  if (root.id === id) return f(root);
  const children = (root as Node).children;
  if (!children) return root;
  let changed = false;
  const next = children.map((c) => {
    const u = updateNode(c, id, f);
    if (u !== c) changed = true;
    return u;
  });
  return changed ? ({ ...root, children: next } as DesignNode) : root;
}

const withChildren = (node: DesignNode, children: DesignNode[]) => ({ ...node, children }) as DesignNode;

/**
 * Whether a node may take child nodes. The default goes by kind; the studio knows more: a code component takes
 * children only when it declares slots (core/designs/nodes.ts `hasChildren` cannot tell from the kind).
 */
export type Holds = (node: DesignNode) => boolean;
const byKind: Holds = (node) => hasChildren(node.el);

/**
 * Adds `node` (its id made unique) inside `parentId` at `index` (default: last); a parent that takes
 * no children gets it as its next sibling instead, which is where an editor who picked it means.
 */
export function addNode(
  root: DesignNode,
  parentId: string,
  node: DesignNode,
  index?: number,
  holds: Holds = byKind,
): { root: DesignNode; id: string } {
  const taken = ids(root);
  const fresh = reId(node, taken);
  const target = findNode(root, parentId);
  if (!target) return { root, id: fresh.id };
  if (!holds(target.node)) {
    if (!target.parent) return { root, id: fresh.id };
    return { root: addNode(root, target.parent.id, fresh, target.index + 1, holds).root, id: fresh.id };
  }
  const next = updateNode(root, parentId, (p) => {
    const children = [...((p as Node).children ?? [])];
    children.splice(index ?? children.length, 0, fresh);
    return withChildren(p, children);
  });
  return { root: next, id: fresh.id };
}

/** Removes a node and its subtree; the root cannot be removed. */
export function removeNode(root: DesignNode, id: string): DesignNode {
  const found = findNode(root, id);
  if (!found?.parent) return root;
  return updateNode(root, found.parent.id, (p) =>
    withChildren(
      p,
      ((p as Node).children ?? []).filter((c) => c.id !== id),
    ),
  );
}

/** Moves a node among its siblings by `delta` (−1 up, +1 down), clamped. */
export function moveNode(root: DesignNode, id: string, delta: number): DesignNode {
  const found = findNode(root, id);
  if (!found?.parent) return root;
  const siblings = [...((found.parent as Node).children ?? [])];
  const to = Math.max(0, Math.min(siblings.length - 1, found.index + delta));
  if (to === found.index) return root;
  siblings.splice(found.index, 1);
  siblings.splice(to, 0, found.node);
  return updateNode(root, found.parent.id, (p) => withChildren(p, siblings));
}

/** Moves a node into the previous sibling (as its last child) when that takes children: "indent". */
export function indentNode(root: DesignNode, id: string, holds: Holds = byKind): DesignNode {
  const found = findNode(root, id);
  if (!found?.parent || found.index === 0) return root;
  const previous = (found.parent as Node).children![found.index - 1]!;
  if (!holds(previous)) return root;
  const without = removeNode(root, id);
  return updateNode(without, previous.id, (p) =>
    withChildren(p, [...((p as Node).children ?? []), found.node]),
  );
}

/** Moves a node out of its parent, right after it: "outdent". */
export function outdentNode(root: DesignNode, id: string): DesignNode {
  const found = findNode(root, id);
  if (!found?.parent) return root;
  const parent = findNode(root, found.parent.id)!;
  if (!parent.parent) return root;
  const without = removeNode(root, id);
  return updateNode(without, parent.parent.id, (g) => {
    const children = [...((g as Node).children ?? [])];
    children.splice(parent.index + 1, 0, found.node);
    return withChildren(g, children);
  });
}

/** A copy of the subtree with ids new to the tree, placed right after the original. */
export function duplicateNode(root: DesignNode, id: string): { root: DesignNode; id: string | null } {
  const found = findNode(root, id);
  if (!found?.parent) return { root, id: null };
  const copy = reId(found.node, ids(root));
  const next = updateNode(root, found.parent.id, (p) => {
    const children = [...((p as Node).children ?? [])];
    children.splice(found.index + 1, 0, copy);
    return withChildren(p, children);
  });
  return { root: next, id: copy.id };
}

/** The subtree with every id that clashes with `taken` replaced by a fresh one (and added to it). */
function reId(node: DesignNode, taken: Set<string>): DesignNode {
  const id = taken.has(node.id) ? freshId(taken, node.el) : node.id;
  taken.add(id);
  const children = (node as Node).children;
  return {
    ...node,
    id,
    ...(children ? { children: children.map((c) => reId(c, taken)) } : {}),
  } as DesignNode;
}

export interface NewNodeContext {
  /** The first menu of the space (for a `menu` node), the first form key, blocks/repeat fields. */
  menu?: string;
  blocksField?: string;
  repeatField?: string;
}

/**
 * A new node of a kind with the props its schema requires and a visible placeholder, so it shows in
 * the canvas at once. The id is a placeholder too: `addNode` makes it unique.
 */
export function newNode(kind: NodeKind, ctx: NewNodeContext = {}): DesignNode {
  const base = { id: kind, el: kind } as Record<string, unknown>;
  const props: Partial<Record<NodeKind, Record<string, unknown>>> = {
    heading: { level: 2, text: 'Heading' },
    text: { text: 'Text' },
    link: { href: '/', text: 'Link' },
    button: { href: '/', text: 'Button' },
    icon: { name: 'arrow-right' },
    repeat: { field: ctx.repeatField ?? 'items' },
    blocks: { field: ctx.blocksField ?? 'content' },
    form: { key: 'contact' },
    formField: { name: 'email', label: 'Email', type: 'email' },
    formSubmit: { text: 'Send' },
    menu: { menu: ctx.menu ?? 'main' },
    embed: { provider: 'youtube', id: 'dQw4w9WgXcQ' },
  };
  if (props[kind]) base.props = props[kind];
  if (hasChildren(kind) && kind !== 'link' && kind !== 'button') base.children = [];
  // A form without a field and a submit button is of no use to anyone: start with both.
  if (kind === 'form') base.children = [newNode('formField'), newNode('formSubmit')];
  return base as unknown as DesignNode;
}
