import { describe, expect, it } from 'vitest';
import { publishChanges } from './publish-changes.ts';

const defs = [
  { name: 'body', type: 'richText' as const },
  { name: 'meta_description', type: 'string' as const },
];

describe('what a publish changes', () => {
  it('names a first publication, then the title, address and each changed field', () => {
    const draft = { title: 'New', slug: 'new', fields: { body: { type: 'doc', content: [] } } };
    expect(publishChanges(draft, null, defs)).toEqual(['First publication of “New” at /new']);
    const live = { title: 'Old', slug: 'old', fields: { meta_description: 'x' } };
    expect(publishChanges(draft, live, defs)).toEqual([
      'Title: “Old” → “New”',
      'Address: /old → /new',
      'Body changed',
      'Meta description changed',
    ]);
    expect(publishChanges(live, live, defs)).toEqual([]);
    expect(publishChanges(null, live, defs)).toEqual([]);
  });
});
