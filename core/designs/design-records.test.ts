import { describe, expect, it } from 'vitest';
import { designRecordSchema } from './design-records.ts';
import { validDesigns } from './fixtures.ts';
import { firstIssue, firstIssuePath } from './issue-path.ts';

const slot = { id: 's', el: 'slot' };

describe('designRecordSchema', () => {
  it('accepts every fixture record', () => {
    for (const r of validDesigns()) expect(firstIssue(designRecordSchema.safeParse(r))).toBeNull();
  });

  it('takes a draft of the same shape, or null, or none', () => {
    const layout = { kind: 'layout', key: 'wide', published: { root: slot } };
    expect(designRecordSchema.safeParse(layout).success).toBe(true);
    expect(designRecordSchema.safeParse({ ...layout, draft: null }).success).toBe(true);
    expect(designRecordSchema.safeParse({ ...layout, draft: { root: { ...slot, id: 'x' } } }).success).toBe(
      true,
    );
    expect(
      firstIssuePath(designRecordSchema.safeParse({ ...layout, draft: { root: { id: 'b', el: 'box' } } })),
    ).toBe('draft.root');
  });

  it.each<[string, unknown, string]>([
    ['an unknown kind', { kind: 'script', key: 'x', published: {} }, 'kind'],
    ['a theme not keyed default', { kind: 'theme', key: 'dark', published: {} }, 'key'],
    ['a bad key', { kind: 'layout', key: 'a/b', published: { root: slot } }, 'key'],
    [
      'a layout without slot',
      { kind: 'layout', key: 'x', published: { root: { id: 'b', el: 'box' } } },
      'published.root',
    ],
    [
      'a page with a slot',
      { kind: 'page', key: 'x', published: { layout: 'default', root: slot } },
      'published.root.el',
    ],
    [
      'a page without layout',
      { kind: 'page', key: 'x', published: { root: { id: 'b', el: 'box' } } },
      'published.layout',
    ],
    [
      'a block whose default is no variant',
      {
        kind: 'block',
        key: 'x',
        published: { default: 'a', variants: { b: { label: 'B', root: { id: 'b', el: 'box' } } } },
      },
      'published.default',
    ],
    [
      'a bad variant name',
      {
        kind: 'block',
        key: 'x',
        published: { default: 'a', variants: { 'a b': { label: 'B', root: { id: 'b', el: 'box' } } } },
      },
      'published.variants["a b"]',
    ],
    [
      'a menu depth of 5',
      { kind: 'menu', key: 'x', published: { variant: 'bar', depth: 5 } },
      'published.depth',
    ],
    [
      'a menu part style with raw CSS',
      {
        kind: 'menu',
        key: 'x',
        published: { variant: 'bar', depth: 1, styles: { panel: { base: { color: 'red' } } } },
      },
      'published.styles.panel.base.color',
    ],
    [
      'an unknown menu part',
      { kind: 'menu', key: 'x', published: { variant: 'bar', depth: 1, styles: { item: {} } } },
      'published.styles.item',
    ],
    [
      'a site logo that is not an asset',
      { kind: 'site', key: 'default', published: { logoId: 'logo.png' } },
      'published.logoId',
    ],
    [
      'custom CSS in site chrome',
      { kind: 'site', key: 'default', published: { customCss: 'a{}' } },
      'published.customCss',
    ],
    [
      'custom CSS on a record',
      { kind: 'layout', key: 'x', published: { root: slot }, customCss: 'a{}' },
      'customCss',
    ],
  ])('refuses %s', (_, record, path) => {
    expect(firstIssuePath(designRecordSchema.safeParse(record))).toBe(path);
  });
});
