import { type DesignNode, hasChildren, type NodeKind } from '../../../core/designs/index.ts';
import { type DesignEntry, entryKey } from '../../logic/draft-state.ts';
import {
  addNode,
  duplicateNode,
  findNode,
  type Holds,
  indentNode,
  moveNode,
  newNode,
  outdentNode,
  removeNode,
} from '../../logic/tree-ops.ts';
import { type CatalogEntry, defaultProps } from './components.ts';
import type { NewNodeKind, TreeAction } from './outline.tsx';
import { type Editing, treeOf } from './views.ts';

export interface TreeEditingArgs {
  current: DesignEntry | null;
  editing: Editing;
  selected: string | null;
  setSelected: (id: string | null) => void;
  menus: string[];
  edit: (key: string, value: unknown, group: string) => void;
  components?: { list: CatalogEntry[] };
}

/** The node tree of the design being edited, the node selected in it, and the outline's actions on it. */
export function treeEditing(a: TreeEditingArgs) {
  const tree = a.current ? treeOf(a.editing, a.current.working) : null;
  const root = (tree?.root ?? null) as DesignNode | null;
  const node = root && a.selected ? (findNode(root, a.selected)?.node ?? null) : null;
  // A component takes child nodes only when it declares slots: nothing is indented or added into one without.
  const holds: Holds = (n) =>
    n.el === 'component'
      ? !!a.components?.list.find((c) => c.name === (n as { component: string }).component)?.slots
      : hasChildren(n.el);
  const putTree = (nextRoot: DesignNode, group: string) => {
    if (!a.current || !tree) return;
    a.edit(entryKey(a.current), tree.put(nextRoot), group);
  };
  const onAction = (action: TreeAction) => {
    const selected = a.selected;
    if (!root || !selected) return;
    const g = `tree:${Date.now()}`;
    if (action === 'remove') {
      const found = findNode(root, selected);
      putTree(removeNode(root, selected), g);
      a.setSelected(found?.parent?.id ?? null);
    } else if (action === 'duplicate') {
      const d = duplicateNode(root, selected);
      putTree(d.root, g);
      if (d.id) a.setSelected(d.id);
    } else if (action === 'up' || action === 'down')
      putTree(moveNode(root, selected, action === 'up' ? -1 : 1), g);
    else if (action === 'indent') putTree(indentNode(root, selected, holds), g);
    else putTree(outdentNode(root, selected), g);
  };
  const onAdd = (kind: NewNodeKind) => {
    if (!root) return;
    const name = kind.startsWith('component:') ? kind.slice('component:'.length) : null;
    const entry = name ? a.components?.list.find((c) => c.name === name) : undefined;
    if (name && !entry) return;
    const fresh = entry
      ? ({ id: entry.name, el: 'component', component: entry.name, props: defaultProps(entry) } as DesignNode)
      : newNode(kind as NodeKind, { menu: a.menus[0] ?? 'main' });
    // Into the selected node when it takes children, else right after it (addNode).
    const added = addNode(root, a.selected ?? root.id, fresh, undefined, holds);
    putTree(added.root, `add:${added.id}`);
    a.setSelected(added.id);
  };
  return { root, node, putTree, onAction, onAdd };
}
