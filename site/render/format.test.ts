import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyFormat, excerpt, hasText, plainText } from './format.ts';

describe('binding formats', () => {
  it('formats dates in the page locale, short, medium or long, with or without time, in UTC', () => {
    expect(applyFormat('2026-03-18', { type: 'date', style: 'long' }, 'en')).toBe('March 18, 2026');
    expect(applyFormat('2026-03-18', { type: 'date', style: 'long' }, 'de')).toBe('18. März 2026');
    expect(applyFormat('2026-03-18T09:05:00Z', { type: 'date', style: 'short', time: true }, 'en')).toBe(
      '3/18/26, 9:05 AM',
    );
    expect(applyFormat('2026-03-18T23:30:00Z', { type: 'date', style: 'medium' }, 'de')).toBe('18.03.2026');
    expect(applyFormat('not a date', { type: 'date', style: 'long' }, 'en')).toBeNull();
  });

  it('formats a date the same when asked again, and tells a number from the same digits as text', () => {
    const long = { type: 'date', style: 'long' } as const;
    for (let i = 0; i < 2; i++) {
      expect(applyFormat(1_773_792_000_000, long, 'en')).toBe('March 18, 2026');
      expect(applyFormat('1773792000000', long, 'en')).toBeNull();
      expect(applyFormat('2026-03-18', long, 'de')).toBe('18. März 2026');
    }
  });

  it('groups numbers the locale way, the same when asked again', () => {
    for (let i = 0; i < 2; i++) {
      expect(applyFormat(1234.5, { type: 'number' }, 'en')).toBe('1,234.5');
      expect(applyFormat(1234.5, { type: 'number' }, 'de')).toBe('1.234,5');
      expect(applyFormat('1234.5', { type: 'number' }, 'de')).toBe('1.234,5');
      expect(applyFormat('x', { type: 'number' }, 'en')).toBeNull();
    }
  });

  it('says rich text has text exactly when its plain text is not empty', () => {
    const text = fc.constantFrom('', ' ', '\n\t', '\u00a0', '\u2003', 'a', ' b ', '\u200b');
    const node = fc.letrec((tie) => ({
      node: fc.record(
        {
          type: fc.constantFrom('doc', 'paragraph', 'text', 'image'),
          text,
          content: fc.array(tie('node'), { maxLength: 3 }),
        },
        { requiredKeys: ['type'] },
      ),
    })).node;
    fc.assert(
      fc.property(node, (doc) => {
        expect(hasText(doc)).toBe(plainText(doc) !== '');
      }),
      { numRuns: 1000 },
    );
  });

  it('cuts excerpts on a word boundary, from plain text of rich text too', () => {
    expect(excerpt('Small batches on a drum roaster', 20)).toBe('Small batches on a…');
    expect(excerpt('short', 20)).toBe('short');
    const doc = {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'One two' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'three four' }] },
      ],
    };
    expect(plainText(doc)).toBe('One two three four');
    expect(applyFormat(doc, { type: 'excerpt', length: 12 }, 'en')).toBe('One two…');
  });
});
