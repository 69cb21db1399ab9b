import { describe, expect, it } from 'vitest';
import { canvasView, findBlock, treeOf } from './views.ts';

const doc = {
  type: 'page',
  fields: {
    content: [
      { blockId: 'b1', type: 'text', fields: {} },
      { blockId: 'b2', type: 'hero', fields: { title: 'Hi' } },
    ],
  },
};

describe('what the canvas draws for the design being edited', () => {
  it('a page, theme or site design: the document in its layout; a layout: the document inside it', () => {
    expect(canvasView({ kind: 'theme', key: 'default' }, doc, 'main')).toEqual({ kind: 'page' });
    expect(canvasView({ kind: 'page', key: 'page' }, doc, 'main')).toEqual({ kind: 'page' });
    expect(canvasView({ kind: 'layout', key: 'wide' }, doc, 'main')).toEqual({
      kind: 'page',
      layout: 'wide',
    });
  });

  it('a block design: a block of that type from the document, in the chosen variant; else an empty one', () => {
    expect(canvasView({ kind: 'block', key: 'hero', variant: 'left' }, doc, null)).toEqual({
      kind: 'block',
      block: { blockId: 'b2', type: 'hero', fields: { title: 'Hi' }, design: { variant: 'left' } },
    });
    expect(canvasView({ kind: 'block', key: 'faq' }, doc, null)).toEqual({
      kind: 'block',
      block: { blockId: 'studio-preview', type: 'faq' },
    });
    expect(findBlock({ a: [{ b: { blockId: 'x', type: 'faq' } }] }, 'faq')).toEqual({ blockId: 'x' });
  });

  it('a menu design: the first menu in it; without menus the page', () => {
    expect(canvasView({ kind: 'menu', key: 'top' }, doc, 'main')).toEqual({
      kind: 'menu',
      menu: 'main',
      design: 'top',
    });
    expect(canvasView({ kind: 'menu', key: 'top' }, doc, null)).toEqual({ kind: 'page' });
  });

  it('finds the tree of a page or layout, and of a block variant (default when none is picked), and puts it back', () => {
    const page = { layout: 'default', root: { id: 'r', el: 'stack' } };
    const t = treeOf({ kind: 'page', key: 'page' }, page)!;
    expect(t.root).toBe(page.root);
    expect(t.put({ id: 'n', el: 'box' })).toEqual({ layout: 'default', root: { id: 'n', el: 'box' } });
    const block = {
      default: 'a',
      variants: {
        a: { label: 'A', root: { id: 'ra', el: 'box' } },
        b: { label: 'B', root: { id: 'rb', el: 'box' } },
      },
    };
    expect(treeOf({ kind: 'block', key: 'hero' }, block)!.root).toEqual({ id: 'ra', el: 'box' });
    const b = treeOf({ kind: 'block', key: 'hero', variant: 'b' }, block)!;
    expect(b.put({ id: 'x', el: 'box' })).toEqual({
      ...block,
      variants: { ...block.variants, b: { label: 'B', root: { id: 'x', el: 'box' } } },
    });
    expect(treeOf({ kind: 'theme', key: 'default' }, {})).toBeNull();
    expect(treeOf({ kind: 'menu', key: 'top' }, { variant: 'bar', depth: 1 })).toBeNull();
  });
});
