import { describe, expect, it } from 'vitest';
import { fieldsByVersion, keepFieldsOf, versionKey } from './fields-by-version.ts';

describe('fieldsByVersion', () => {
  it('keeps fields per database handle, deep-frozen', () => {
    const one = fieldsByVersion({});
    const other = fieldsByVersion({});
    const key = versionKey('d0c00000-0000-4000-8000-000000000001', 'en', '750/(0,12)');
    const kept = one.keep(key, { summary: 'A', blocks: [{ text: 'B' }] });
    expect(one.get(key)).toBe(kept);
    expect(Object.isFrozen(kept) && Object.isFrozen((kept.blocks as object[])[0])).toBe(true);
    // The same tuple name in another database is another version.
    expect(other.get(key)).toBeUndefined();
  });

  it('keeps fewer versions when a one-shot command asks (the static export), the oldest going first', () => {
    keepFieldsOf(2);
    try {
      const memo = fieldsByVersion({});
      const keys = [1, 2, 3].map((n) => versionKey(`d${n}`, 'en', '1/(0,1)'));
      for (const key of keys) memo.keep(key, { n: key });
      expect(keys.map((k) => memo.get(k) !== undefined)).toEqual([false, true, true]);
    } finally {
      keepFieldsOf(20_000);
    }
  });
});
