import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FrontLayer } from './front-layer.ts';
import { stamp } from './stamp.ts';

describe('cache event stamps', () => {
  it('strictly increase, within a millisecond of the wall clock', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 500 }), (n) => {
        const before = Date.now();
        const seen = Array.from({ length: n }, stamp);
        for (let i = 1; i < n; i++) expect(seen[i]!).toBeGreaterThan(seen[i - 1]!);
        expect(seen[0]!).toBeGreaterThanOrEqual(before);
        expect(seen[n - 1]! - Date.now()).toBeLessThan(1);
      }),
    );
  });

  it('let a value computed in the millisecond of a purge into the front layer', () => {
    const front = new FrontLayer(10);
    const purged = stamp();
    front.purgeTags(['doc:1'], purged);
    const computed = stamp();
    front.set('a', 'fresh', ['doc:1'], computed, Date.now() + 60_000);
    expect(front.get('a', Date.now())).toBe('fresh');
    front.set('b', 'stale', ['doc:1'], purged - 1 / 1024, Date.now() + 60_000);
    expect(front.get('b', Date.now())).toBeUndefined();
  });
});
