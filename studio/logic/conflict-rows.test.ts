import { describe, expect, it } from 'vitest';
import type { FieldDef } from '../../core/space-format/field-defs.ts';
import { conflictRows, richTextPlain } from './conflict-rows.ts';

const names = { document: (id: string) => `doc ${id}`, asset: (id: string) => `file ${id}` };
const para = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const defs: FieldDef[] = [
  { name: 'meta_description', type: 'string' },
  { name: 'body', type: 'richText' },
  { name: 'featured', type: 'boolean' },
  { name: 'cover', type: 'image' },
  { name: 'cta', type: 'link' },
  { name: 'content', type: 'blocks' },
];
const side = (fields: Record<string, unknown>, title = 'Post') => ({ title, slug: 'post', tags: [], fields });

describe('the conflict rows', () => {
  it('reads rich text as its words, one line per paragraph', () => {
    expect(
      richTextPlain({ type: 'doc', content: [para('One'), { type: 'heading', content: [para('Two')] }] }),
    ).toBe('One\nTwo');
  });

  it('labels every field, shows each side as text and marks only the rows that differ', () => {
    const rows = conflictRows(
      side({
        meta_description: 'Mine',
        body: { type: 'doc', content: [para('Same words')] },
        featured: true,
        cover: 'a1',
        cta: { contentId: 'd1', label: 'Read' },
        content: { grid: null, blocks: [{ blockId: 'b', type: 'hero', fields: { heading: 'Hi' } }] },
      }),
      side({
        meta_description: 'Theirs',
        body: { type: 'doc', content: [para('Same words')] },
        featured: false,
      }),
      defs,
      names,
    );
    expect(rows.map((r) => [r.label, r.mine, r.theirs, r.differs])).toEqual([
      ['Title', 'Post', 'Post', false],
      ['Address (slug)', 'post', 'post', false],
      ['Tags', '', '', false],
      ['Meta description', 'Mine', 'Theirs', true],
      ['Body', 'Same words', 'Same words', false],
      ['Featured', 'Yes', 'No', true],
      ['Cover', 'file a1', '', true],
      ['Cta', 'Read → doc d1', '', true],
      ['Content', 'hero: Hi', '', true],
    ]);
  });
});
