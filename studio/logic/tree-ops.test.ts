import { describe, expect, it } from 'vitest';
import { type DesignNode, NODE_KINDS, nodeSchema } from '../../core/designs/index.ts';
import {
  addNode,
  duplicateNode,
  findNode,
  flatten,
  indentNode,
  moveNode,
  newNode,
  outdentNode,
  removeNode,
  updateNode,
} from './tree-ops.ts';

const tree = (): DesignNode =>
  ({
    id: 'root',
    el: 'stack',
    children: [
      { id: 'title', el: 'heading', props: { level: 1 }, bind: { field: '$title' } },
      { id: 'box', el: 'box', children: [{ id: 'text', el: 'text', props: { text: 'Hi' } }] },
      { id: 'body', el: 'richtext', bind: { field: 'body' } },
    ],
  }) as DesignNode;

const order = (root: DesignNode) => flatten(root).map((r) => `${'.'.repeat(r.depth)}${r.node.id}`);

describe('outline operations on a node tree', () => {
  it('adds a node inside a container, or after a node that takes no children, with a unique id', () => {
    const a = addNode(tree(), 'box', newNode('heading'));
    expect(a.id).toBe('heading');
    expect(order(a.root)).toEqual(['root', '.title', '.box', '..text', '..heading', '.body']);
    const b = addNode(a.root, 'title', newNode('heading'));
    expect(b.id).toBe('heading-1');
    expect(order(b.root)).toEqual(['root', '.title', '.heading-1', '.box', '..text', '..heading', '.body']);
  });

  it('removes a subtree but never the root, and leaves the original untouched', () => {
    const t = tree();
    expect(order(removeNode(t, 'box'))).toEqual(['root', '.title', '.body']);
    expect(removeNode(t, 'root')).toBe(t);
    expect(order(t)).toHaveLength(5);
  });

  it('moves among siblings, indents into the previous container and outdents', () => {
    const t = tree();
    expect(order(moveNode(t, 'body', -1))).toEqual(['root', '.title', '.body', '.box', '..text']);
    expect(moveNode(t, 'title', -1)).toBe(t);
    const indented = indentNode(t, 'body');
    expect(order(indented)).toEqual(['root', '.title', '.box', '..text', '..body']);
    expect(indentNode(t, 'box')).toBe(t); // the heading before it takes no children
    expect(order(outdentNode(indented, 'body'))).toEqual(['root', '.title', '.box', '..text', '.body']);
  });

  it('indents and adds into a code component only when the given predicate says it takes children', () => {
    const t = {
      id: 'root',
      el: 'stack',
      children: [
        { id: 'calc', el: 'component', component: 'brew-ratio', props: {} },
        { id: 'text', el: 'text', props: { text: 'Hi' } },
      ],
    } as DesignNode;
    // By kind a component may hold children; the studio knows this one declares no slots.
    expect(order(indentNode(t, 'text'))).toEqual(['root', '.calc', '..text']);
    const slotless = (n: DesignNode) => n.el !== 'component';
    expect(indentNode(t, 'text', slotless)).toBe(t);
    const added = addNode(t, 'calc', newNode('heading'), undefined, slotless);
    expect(order(added.root)).toEqual(['root', '.calc', '.heading', '.text']);
  });

  it('duplicates a subtree after itself with fresh ids throughout', () => {
    const d = duplicateNode(tree(), 'box');
    expect(d.id).toBe('box-1');
    expect(order(d.root)).toEqual(['root', '.title', '.box', '..text', '.box-1', '..text-1', '.body']);
    const ids = flatten(d.root).map((r) => r.node.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('updates one node and shares the untouched subtrees', () => {
    const t = tree();
    const u = updateNode(t, 'text', (n) => ({ ...n, props: { text: 'Bye' } }) as DesignNode);
    expect((findNode(u, 'text')!.node as { props: { text: string } }).props.text).toBe('Bye');
    expect((u as { children: DesignNode[] }).children[0]).toBe((t as { children: DesignNode[] }).children[0]);
    expect(updateNode(t, 'nope', (n) => n)).toBe(t);
  });

  it('makes a new node of every kind of designs.md that the node schema accepts', () => {
    for (const kind of NODE_KINDS) {
      const parsed = nodeSchema.safeParse(newNode(kind, { menu: 'main' }));
      expect(parsed.success, `${kind}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
  });
});
