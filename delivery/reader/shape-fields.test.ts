import { describe, expect, it } from 'vitest';
import type { FieldDef, TypeDef } from '../../core/space-format/field-defs.ts';
import { blockDesign } from './block-design.ts';
import { type Resolved, shapeFields } from './shape-fields.ts';
import type { DeliveredAsset, DeliveredDocument } from './types.ts';

const blockTypes = new Map<string, TypeDef>([
  [
    'hero',
    {
      name: 'hero',
      title: 'Hero',
      fields: [
        { name: 'heading', type: 'string' },
        { name: 'link', type: 'content' },
        { name: 'note', type: 'text', public: false },
      ],
    },
  ],
]);
const doc = (id: string) => ({ id, permalink: `p/${id}` }) as unknown as DeliveredDocument;
const asset = (id: string) => ({ id }) as unknown as DeliveredAsset;
const resolved: Resolved = {
  document: (id) => (id.startsWith('gone') ? undefined : doc(id)),
  asset: (id) => (id.startsWith('gone') ? undefined : asset(id)),
  user: () => undefined,
  permalink: (id) => (id.startsWith('gone') ? null : `p/${id}`),
};
const defs: FieldDef[] = [
  { name: 'title2', type: 'string' },
  { name: 'hero', type: 'image' },
  { name: 'gallery', type: 'image', multiple: true },
  { name: 'related', type: 'content', multiple: true },
  { name: 'cta', type: 'link' },
  { name: 'out', type: 'link' },
  { name: 'internal', type: 'text', public: false },
  { name: 'content', type: 'blocks' },
  { name: 'missing', type: 'number' },
];
const shape = (fields: Record<string, unknown>, expand: string[] = [], blockDesigns = true) =>
  shapeFields(fields, defs, { blockTypes, expand: new Set(expand), resolved, blockDesigns });

describe('shaping fields', () => {
  it('keeps every public field in model order, null when empty, and drops restricted and unknown ones', () => {
    const out = shape({ internal: 'secret', stray: 1, title2: 'x' });
    expect(Object.keys(out)).toEqual([
      'title2',
      'hero',
      'gallery',
      'related',
      'cta',
      'out',
      'content',
      'missing',
    ]);
    expect(out.title2).toBe('x');
    expect(out.missing).toBeNull();
  });

  it('keeps relations as ids unless expanded; expanded, leaves out what is not delivered', () => {
    const fields = { hero: 'gone-1', gallery: ['a1', 'gone-2', 'a2'], related: ['d1', 'gone-3'] };
    expect(shape(fields)).toMatchObject(fields);
    const out = shape(fields, ['hero', 'gallery', 'related']);
    expect(out.hero).toBeNull();
    expect(out.gallery).toEqual([asset('a1'), asset('a2')]);
    expect(out.related).toEqual([doc('d1')]);
  });

  it('gives links an href: the url, the target permalink, or null', () => {
    const out = shape({
      cta: { contentId: 'd1', label: 'Go' },
      out: { url: 'https://example.org', target: '_blank' },
    });
    expect(out.cta).toEqual({ url: null, contentId: 'd1', label: 'Go', target: '_self', href: '/p/d1' });
    expect(out.out).toEqual({
      url: 'https://example.org',
      contentId: null,
      label: null,
      target: '_blank',
      href: 'https://example.org',
    });
    expect((shape({ cta: { contentId: 'gone-1' } }).cta as { href: unknown }).href).toBeNull();
  });

  it('delivers blocks with design instead of ext, drops unknown block types and restricted block fields', () => {
    const content = {
      grid: { columns: 12 },
      blocks: [
        {
          blockId: 'b1',
          type: 'hero',
          fields: { heading: 'Hi', link: 'd1', note: 'x' },
          layout: { col: 1 },
          ext: { website: { designId: 'wide', style: { paddingY: 'space:4' } }, other: 1 },
        },
        { blockId: 'b2', type: 'hero', fields: {}, ext: { other: { designId: 'x' } } },
        { blockId: 'b3', type: 'retired', fields: {} },
      ],
    };
    const out = shape({ content }, ['link']).content as {
      grid: unknown;
      blocks: Array<Record<string, unknown>>;
    };
    expect(out.grid).toEqual({ columns: 12 });
    expect(out.blocks).toEqual([
      {
        blockId: 'b1',
        type: 'hero',
        fields: { heading: 'Hi', link: doc('d1') },
        layout: { col: 1 },
        design: { variant: 'wide', style: { paddingY: 'space:4' } },
      },
      { blockId: 'b2', type: 'hero', fields: { heading: null, link: null } },
    ]);
    const plain = shape({ content }, [], false).content as { blocks: Array<Record<string, unknown>> };
    expect(plain.blocks[0]?.design).toBeUndefined();
  });

  it('reads a block design only from ext.website, and only when something is set', () => {
    expect(blockDesign({ website: { designId: 'a' } })).toEqual({ variant: 'a', style: null });
    expect(blockDesign({ website: { style: { gap: 'space:2' } } })).toEqual({
      variant: null,
      style: { gap: 'space:2' },
    });
    expect(blockDesign({ website: {} })).toBeUndefined();
    expect(blockDesign(undefined)).toBeUndefined();
  });
});
