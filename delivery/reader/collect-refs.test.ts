import { describe, expect, it } from 'vitest';
import type { FieldDef, TypeDef } from '../../core/space-format/field-defs.ts';
import { collectRefs, emptyRefs } from './collect-refs.ts';

const blockTypes = new Map<string, TypeDef>([
  [
    'hero',
    {
      name: 'hero',
      title: 'Hero',
      fields: [
        { name: 'image', type: 'image' },
        { name: 'link', type: 'content' },
      ],
    },
  ],
  ['columns', { name: 'columns', title: 'Columns', fields: [{ name: 'blocks', type: 'blocks' }] }],
]);
const defs: FieldDef[] = [
  { name: 'hero', type: 'image' },
  { name: 'gallery', type: 'image', multiple: true },
  { name: 'related', type: 'content', multiple: true },
  { name: 'author', type: 'user' },
  { name: 'cta', type: 'link' },
  { name: 'body', type: 'richText' },
  { name: 'secret', type: 'content', public: false },
  { name: 'content', type: 'blocks' },
  {
    name: 'faq',
    type: 'repeater',
    fields: [
      { name: 'see', type: 'content' },
      { name: 'more', type: 'link' },
    ],
  },
];
const fields = {
  hero: 'a1',
  gallery: ['a2', 'a3'],
  related: ['d1', 'd2'],
  author: 'u1',
  cta: { contentId: 'd3' },
  body: {
    type: 'doc',
    content: [
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'x', marks: [{ type: 'link', attrs: { contentId: 'd4' } }] },
          { type: 'image', attrs: { assetId: 'a4' } },
        ],
      },
    ],
  },
  secret: 'd9',
  content: {
    grid: null,
    blocks: [
      { blockId: 'b1', type: 'hero', fields: { image: 'a5', link: 'd5' } },
      {
        blockId: 'b2',
        type: 'columns',
        fields: { blocks: { grid: null, blocks: [{ blockId: 'b3', type: 'hero', fields: { link: 'd6' } }] } },
      },
      { blockId: 'b4', type: 'gone', fields: { link: 'd8' } },
    ],
  },
  faq: [{ itemId: 'i1', fields: { see: 'd7', more: { contentId: 'd10' } } }],
};

describe('collecting what fields point at', () => {
  it('takes the relations named in expand at any depth, and every link target', () => {
    const refs = emptyRefs();
    collectRefs(
      fields,
      defs,
      { blockTypes, expand: new Set(['hero', 'gallery', 'related', 'author', 'image', 'link', 'see']) },
      refs,
    );
    expect([...refs.assets].sort()).toEqual(['a1', 'a2', 'a3', 'a5']);
    expect([...refs.documents].sort()).toEqual(['d1', 'd2', 'd5', 'd6', 'd7']);
    expect([...refs.users]).toEqual(['u1']);
    expect([...refs.links].sort()).toEqual(['d10', 'd3', 'd4']);
  });

  it('takes no relation that expand does not name, and nothing from restricted fields or unknown block types', () => {
    const refs = emptyRefs();
    collectRefs(fields, defs, { blockTypes, expand: new Set() }, refs);
    expect(refs.assets.size + refs.documents.size + refs.users.size).toBe(0);
    const all = emptyRefs();
    collectRefs(fields, defs, { blockTypes, expand: 'all' }, all);
    expect(all.documents.has('d9')).toBe(false);
    expect(all.documents.has('d8')).toBe(false);
    expect(all.assets.has('a4')).toBe(true);
  });
});
