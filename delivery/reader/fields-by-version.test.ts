import { describe, expect, it } from 'vitest';
import { fieldsByVersion, versionKey } from './fields-by-version.ts';

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
});
