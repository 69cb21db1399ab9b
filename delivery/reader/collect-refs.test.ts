import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deepFreeze } from '../../core/db/json-memo.ts';
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

  it('finds for a frozen value what it finds for the same value unfrozen, by definitions, block types and expand', () => {
    const frozen = deepFreeze(structuredClone(fields));
    const names = ['hero', 'gallery', 'related', 'author', 'image', 'link', 'see'];
    const sorted = (r: ReturnType<typeof emptyRefs>) =>
      [r.documents, r.assets, r.users, r.links].map((s) => [...s].sort());
    const noBlocks = new Map<string, TypeDef>();
    fc.assert(
      fc.property(
        fc.oneof(fc.subarray(names), fc.constant('all' as const)),
        // A few fixed arrays: the same definitions by identity, as a content model gives them.
        fc.constantFrom(defs, defs.slice(0, 4), defs.slice(5)),
        fc.boolean(),
        fc.subarray(['x1', 'x2']),
        (expandNames, defsUsed, withBlocks, before) => {
          const expand = expandNames === 'all' ? ('all' as const) : new Set(expandNames);
          const options = { blockTypes: withBlocks ? blockTypes : noBlocks, expand };
          const plain = emptyRefs();
          const kept = emptyRefs();
          for (const id of before) {
            plain.links.add(id);
            kept.links.add(id);
          }
          collectRefs(structuredClone(fields), defsUsed, options, plain);
          // Twice: the second is given from what the first found, and adds to what `into` held.
          collectRefs(frozen, defsUsed, options, emptyRefs());
          collectRefs(frozen, defsUsed, options, kept);
          expect(sorted(kept)).toEqual(sorted(plain));
        },
      ),
    );
  });
});
