import { describe, expect, it } from 'vitest';
import { VariantMemory } from './variant-memory.ts';

const file = (size: number, fill = 1) => ({ bytes: new Uint8Array(size).fill(fill) });

describe('VariantMemory', () => {
  it('keeps files up to its total, least recently used out first', () => {
    const memory = new VariantMemory({ maxBytes: 300, maxFileBytes: 200 });
    memory.set('a', file(100));
    memory.set('b', file(100));
    memory.set('c', file(100));
    expect(memory.get('a')).toBeDefined(); // `a` is now the most recently used
    memory.set('d', file(100));
    expect(memory.get('b')).toBeUndefined();
    expect(['a', 'c', 'd'].every((k) => memory.get(k) !== undefined)).toBe(true);
    expect(memory.totalBytes).toBe(300);
    expect(memory.size).toBe(3);
  });

  it('does not keep files above the per-file limit, and replacing a key does not count twice', () => {
    const memory = new VariantMemory({ maxBytes: 1000, maxFileBytes: 200 });
    memory.set('big', file(201));
    expect(memory.get('big')).toBeUndefined();
    memory.set('a', file(150));
    memory.set('a', file(150, 2));
    expect(memory.totalBytes).toBe(150);
    expect(memory.get('a')!.bytes[0]).toBe(2);
  });

  it("drops an asset's kept files when the asset is made from something else (new original or framing)", () => {
    const memory = new VariantMemory({ maxBytes: 1000, maxFileBytes: 200 });
    const before = { id: 'asset-1', identity: 'sha-1/framing-1' };
    memory.set('sha-1/card.webp', file(100), before);
    memory.set('sha-1/thumb.webp', file(50), before);
    memory.set('other/card.webp', file(100), { id: 'asset-2', identity: 'sha-2/framing-1' });
    expect(memory.totalBytes).toBe(250);
    memory.set('sha-1/card-moved.webp', file(100), { id: 'asset-1', identity: 'sha-1/framing-2' });
    expect(memory.get('sha-1/card.webp')).toBeUndefined();
    expect(memory.get('sha-1/thumb.webp')).toBeUndefined();
    expect(memory.get('other/card.webp')).toBeDefined();
    expect(memory.totalBytes).toBe(200);
  });
});
