import { describe, expect, it } from 'vitest';
import type { FieldDef } from '../../core/space-format/field-defs.ts';
import { checkFields, type ValueContext } from '../../core/space-format/field-values.ts';
import {
  blockVariant,
  cleanFields,
  controlOf,
  fieldLabel,
  fromDateInput,
  fromNumberInput,
  moveItem,
  newBlock,
  newRepeaterItem,
  parseTags,
  tagsText,
  toDateInput,
  withBlockVariant,
} from './form-model.ts';

const defs: FieldDef[] = [
  { name: 'subtitle', type: 'string' },
  { name: 'kind', type: 'select', options: ['a', 'b'] },
  { name: 'colours', type: 'select', options: ['red', 'blue'], multiple: true },
  { name: 'count', type: 'number' },
  { name: 'cta', type: 'link' },
  { name: 'body', type: 'richText' },
  { name: 'gallery', type: 'image', multiple: true },
  {
    name: 'faq',
    type: 'repeater',
    fields: [
      { name: 'q', type: 'string' },
      { name: 'kind', type: 'select', options: ['x'] },
    ],
  },
  { name: 'content', type: 'blocks' },
];
const blockDefs = {
  hero: [
    { name: 'heading', type: 'string' as const },
    { name: 'tone', type: 'select' as const, options: ['dark'] },
  ],
};
const ctx: ValueContext = {
  documents: { has: () => false },
  assets: { has: () => false },
  users: { has: () => false },
  blockTypes: new Map([['hero', { name: 'hero', title: 'Hero', fields: blockDefs.hero }]]),
};

describe('the form model', () => {
  it('gives each field kind its control', () => {
    expect(defs.map(controlOf)).toEqual([
      'string',
      'select',
      'selectMany',
      'number',
      'link',
      'richText',
      'assets',
      'repeater',
      'blocks',
    ]);
    expect(controlOf({ name: 'x', type: 'content' })).toBe('document');
    expect(controlOf({ name: 'x', type: 'file' })).toBe('asset');
    expect(fieldLabel({ name: 'meta_description' })).toBe('Meta description');
    expect(fieldLabel({ name: 'x', title: 'Custom' })).toBe('Custom');
  });

  it('what a half-filled form saves passes the content procedures’ check: blanks are left out', () => {
    const block = { ...newBlock('hero'), fields: { heading: 'Hi', tone: '' } };
    const fields = {
      subtitle: '',
      kind: '',
      colours: ['red'],
      count: fromNumberInput(''),
      cta: { url: '', label: 'Go' },
      body: { type: 'doc', content: [{ type: 'paragraph' }] },
      faq: [{ ...newRepeaterItem(), fields: { q: 'Why?', kind: '' } }],
      content: { grid: null, blocks: [block] },
    };
    const clean = cleanFields(fields, defs, blockDefs);
    expect(Object.keys(clean)).toEqual(['colours', 'faq', 'content']);
    expect(checkFields(clean, defs, 'fields', ctx)).toBeUndefined();
    expect(checkFields(fields, defs, 'fields', ctx)).toBeDefined();
  });

  it('converts inputs: numbers, dates, tags', () => {
    expect(fromNumberInput('12.5')).toBe(12.5);
    expect(fromNumberInput('abc')).toBeNull();
    expect(toDateInput('2026-03-01T09:00:00Z')).toBe('2026-03-01');
    expect(toDateInput(5)).toBe('');
    expect(fromDateInput('2026-03-01')).toBe('2026-03-01');
    expect(fromDateInput('')).toBeNull();
    expect(parseTags(' News , Coffee tips, news,, ')).toEqual([
      { name: 'News', slug: 'news' },
      { name: 'Coffee tips', slug: 'coffee-tips' },
    ]);
    expect(tagsText(parseTags('A, B'))).toBe('A, B');
  });

  it('a block’s design variant lives in ext.website.designId, and goes when reset', () => {
    const b = newBlock('hero');
    const styled = { ...b, ext: { website: { style: { color: 'red' } } } };
    const chosen = withBlockVariant(styled, 'dark');
    expect(blockVariant(chosen)).toBe('dark');
    expect(withBlockVariant(chosen, null)).toEqual(styled);
    expect(withBlockVariant(withBlockVariant(b, 'dark'), null)).toEqual(b);
  });

  it('moves an item up and down, not past either end', () => {
    expect(moveItem([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
    expect(moveItem([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
  });
});
