import { describe, expect, it } from 'vitest';
import {
  addItem,
  changedLocales,
  depthOf,
  dropItem,
  fromStored,
  indentItem,
  type MenuItem,
  menuProblem,
  moveItem,
  outdentItem,
  removeItem,
  toWrite,
  updateItem,
  withIds,
} from './menu-tree.ts';

const item = (key: string, children: MenuItem[] = []): MenuItem => ({
  key,
  label: { en: key },
  contentId: null,
  url: null,
  target: '_self',
  children,
});
const shape = (tree: MenuItem[]): unknown =>
  tree.map((i) => (i.children.length ? [i.key, shape(i.children)] : i.key));
const tree = () => [item('a', [item('a1'), item('a2')]), item('b'), item('c')];

describe('menu tree operations', () => {
  it('moves among siblings, clamped', () => {
    expect(shape(moveItem(tree(), 'b', -1))).toEqual(['b', ['a', ['a1', 'a2']], 'c']);
    expect(shape(moveItem(tree(), 'a2', -1))).toEqual([['a', ['a2', 'a1']], 'b', 'c']);
    expect(moveItem(tree(), 'c', 1)).toEqual(tree());
  });
  it('indents into the previous sibling and outdents after the parent', () => {
    expect(shape(indentItem(tree(), 'b'))).toEqual([['a', ['a1', 'a2', 'b']], 'c']);
    expect(indentItem(tree(), 'a')).toEqual(tree());
    expect(shape(outdentItem(tree(), 'a1'))).toEqual([['a', ['a2']], 'a1', 'b', 'c']);
    expect(outdentItem(tree(), 'b')).toEqual(tree());
    expect(depthOf(indentItem(tree(), 'b'), 'b')).toBe(1);
  });
  it('drops before, after or inside another item, never into itself', () => {
    expect(shape(dropItem(tree(), 'c', 'a1', 'before'))).toEqual([['a', ['c', 'a1', 'a2']], 'b']);
    expect(shape(dropItem(tree(), 'a1', 'c', 'after'))).toEqual([['a', ['a2']], 'b', 'c', 'a1']);
    expect(shape(dropItem(tree(), 'b', 'c', 'inside'))).toEqual([
      ['a', ['a1', 'a2']],
      ['c', ['b']],
    ]);
    expect(dropItem(tree(), 'a', 'a2', 'inside')).toEqual(tree());
    expect(dropItem(tree(), 'a', 'a', 'after')).toEqual(tree());
  });
  it('adds, updates and removes', () => {
    const added = addItem(tree(), item('n'), 'b');
    expect(shape(added)).toEqual([['a', ['a1', 'a2']], ['b', ['n']], 'c']);
    expect(updateItem(added, 'n', { url: '/x' })[1]!.children[0]!.url).toBe('/x');
    expect(shape(removeItem(added, 'a'))).toEqual([['b', ['n']], 'c']);
  });
  it('finds the first problem in words', () => {
    const bad = updateItem(tree(), 'a2', { url: 'javascript:alert(1)' });
    expect(menuProblem(bad, ['en', 'de'], 'en')).toEqual({
      key: 'a2',
      message: expect.stringMatching(/^“javascript:alert\(1\)” is no address a menu may link to/),
    });
    expect(menuProblem(updateItem(tree(), 'b', { label: { de: 'B' } }), ['en', 'de'], 'en')).toEqual({
      key: 'b',
      message: 'Every item needs a label in en.',
    });
    expect(menuProblem(tree(), ['en'], 'en')).toBeNull();
  });
  it('writes one locale, takes the ids a save gave, and knows which locales changed', () => {
    const stored = fromStored([
      {
        id: 'i1',
        label: { en: 'One', de: 'Eins' },
        contentId: null,
        url: '/1',
        target: '_self',
        children: [],
      },
    ]);
    const next = addItem(updateItem(stored, 'i1', { label: { en: 'One', de: 'Ein' } }), {
      ...item('new'),
      label: { en: 'Two' },
    });
    expect(toWrite(next, 'de')).toEqual([
      { id: 'i1', label: 'Ein', url: '/1', target: '_self', contentId: null, children: [] },
      { label: '', url: null, target: '_self', contentId: null, children: [] },
    ]);
    expect(changedLocales(stored, next, ['en', 'de'])).toEqual(['en', 'de']);
    expect(changedLocales(stored, moveItem(stored, 'i1', 1), ['en', 'de'])).toEqual([]);
    expect(changedLocales(stored, updateItem(stored, 'i1', { url: '/2' }), ['en', 'de'])).toEqual(['en']);
    const saved = withIds(next, [
      { id: 'i1', label: {}, contentId: null, url: '/1', target: '_self', children: [] },
      { id: 'i2', label: {}, contentId: null, url: null, target: '_self', children: [] },
    ]);
    expect(saved.map((i) => [i.key, i.id])).toEqual([
      ['i1', 'i1'],
      ['new', 'i2'],
    ]);
  });
});
