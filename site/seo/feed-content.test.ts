import { describe, expect, it } from 'vitest';
import type { PageDesign } from '../../core/designs/index.ts';
import type { FieldDef } from '../render/context.ts';
import { bodyField } from './feed-content.tsx';

const defs = [
  { name: 'intro', type: 'richText' },
  { name: 'title2', type: 'string' },
  { name: 'text', type: 'richText' },
] as FieldDef[];
const page = (children: PageDesign['root'][]): PageDesign => ({
  layout: 'default',
  root: { id: 'root', el: 'stack', children } as PageDesign['root'],
});

describe('the body a feed item carries', () => {
  it('is the rich-text field the page design renders as rich text, else the first rich-text field', () => {
    const shown = page([
      { id: 'a', el: 'richtext', bind: { field: 'title2' } },
      { id: 'b', el: 'stack', children: [{ id: 'c', el: 'richtext', bind: { field: 'text' } }] },
    ] as PageDesign['root'][]);
    expect(bodyField(shown, defs)).toBe('text');
    expect(bodyField(page([]), defs)).toBe('intro');
    expect(bodyField(undefined, defs)).toBe('intro');
    expect(
      bodyField(
        shown,
        defs.filter((d) => d.type !== 'richText'),
      ),
    ).toBeNull();
  });
});
