import { describe, expect, it } from 'vitest';
import { dropPlan, keyboardMove, type ListedDoc, movePlan, stateOf, titleOf, treeRows } from './doc-tree.ts';

const doc = (id: string, parentId: string | null, position: number, title = id, extra = {}): ListedDoc => ({
  id,
  type: 'page',
  parentId,
  position,
  createdAt: `2026-01-01T00:00:0${position}Z`,
  revision: 1,
  locales: { en: { title, slug: title.toLowerCase(), hasDraft: false, published: true, ...extra } },
});

// home ─ a ─ a1
//      └ b
// c
const docs = [
  doc('home', null, 0),
  doc('a', 'home', 0),
  doc('a1', 'a', 0),
  doc('b', 'home', 1),
  doc('c', null, 1),
];

describe('the document tree', () => {
  it('lists rows in tree order with depth and place among siblings', () => {
    expect(treeRows(docs, 'en').map((r) => `${r.doc.id}:${r.depth}:${r.index}/${r.siblings}`)).toEqual([
      'home:0:0/2',
      'a:1:0/2',
      'a1:2:0/1',
      'b:1:1/2',
      'c:0:1/2',
    ]);
  });

  it('a search keeps the matches and their ancestors', () => {
    expect(treeRows(docs, 'en', 'A1').map((r) => r.doc.id)).toEqual(['home', 'a', 'a1']);
    expect(treeRows(docs, 'en', 'nothing')).toEqual([]);
  });

  it('names the state in a locale at a glance', () => {
    expect(stateOf(doc('x', null, 0), 'en')).toBe('published');
    expect(stateOf(doc('x', null, 0, 'x', { hasDraft: true }), 'en')).toBe('changed');
    expect(stateOf(doc('x', null, 0, 'x', { hasDraft: true, published: false }), 'en')).toBe('draft');
    expect(stateOf(doc('x', null, 0), 'de')).toBe('absent');
    expect(
      stateOf(doc('x', null, 0), 'en', [{ id: 'x', locale: 'en', action: 'publish', at: 'later' }]),
    ).toBe('scheduled');
    expect(titleOf(doc('x', null, 0, 'Hello'), 'de')).toBe('(Hello)');
  });

  it('moves by keyboard: up and down renumber the siblings that change place', () => {
    expect(keyboardMove(docs, 'b', 'up')).toEqual([
      { id: 'b', parentId: 'home', position: 0 },
      { id: 'a', parentId: 'home', position: 1 },
    ]);
    expect(keyboardMove(docs, 'a', 'up')).toEqual([]);
    expect(keyboardMove(docs, 'c', 'down')).toEqual([]);
  });

  it('indents under the sibling above (at its end) and outdents after the parent', () => {
    expect(keyboardMove(docs, 'b', 'indent')).toEqual([{ id: 'b', parentId: 'a', position: 1 }]);
    expect(keyboardMove(docs, 'a1', 'outdent')).toEqual([
      { id: 'a1', parentId: 'home', position: 1 },
      { id: 'b', parentId: 'home', position: 2 },
    ]);
    expect(keyboardMove(docs, 'home', 'outdent')).toEqual([]);
  });

  it('never moves a document under itself or its descendants', () => {
    expect(movePlan(docs, 'home', 'a1', 0)).toEqual([]);
    expect(movePlan(docs, 'a', 'a', 0)).toEqual([]);
  });

  it('a drop at an index renumbers from there; the moved document goes first', () => {
    expect(movePlan(docs, 'c', 'home', 1)).toEqual([
      { id: 'c', parentId: 'home', position: 1 },
      { id: 'b', parentId: 'home', position: 2 },
    ]);
  });

  it('a drag dropped before, after or inside a row', () => {
    expect(dropPlan(docs, 'c', 'a', 'before')).toEqual([
      { id: 'c', parentId: 'home', position: 0 },
      { id: 'a', parentId: 'home', position: 1 },
      { id: 'b', parentId: 'home', position: 2 },
    ]);
    expect(dropPlan(docs, 'a', 'b', 'after')).toEqual([
      { id: 'a', parentId: 'home', position: 1 },
      { id: 'b', parentId: 'home', position: 0 },
    ]);
    expect(dropPlan(docs, 'c', 'a', 'inside')).toEqual([{ id: 'c', parentId: 'a', position: 1 }]);
    expect(dropPlan(docs, 'a', 'a', 'inside')).toEqual([]);
    expect(dropPlan(docs, 'home', 'a1', 'after')).toEqual([]);
  });
});
