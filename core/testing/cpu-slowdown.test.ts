import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cpuSlowdownFor } from './cpu-slowdown.ts';

describe('cpuSlowdownFor', () => {
  it("gives Lighthouse's default 4x on the host its default assumes, and the calculator's anchors", () => {
    expect(cpuSlowdownFor(1533)).toBe(4);
    expect(cpuSlowdownFor(2000)).toBe(6);
    expect(cpuSlowdownFor(1300)).toBe(3);
    expect(cpuSlowdownFor(1050)).toBe(2.5);
    expect(cpuSlowdownFor(800)).toBe(2);
    expect(cpuSlowdownFor(150)).toBe(1);
  });

  it('never drops below 1x on a very slow host', () => {
    expect(cpuSlowdownFor(40)).toBe(1);
  });

  it('slows a faster host more, without a jump at the pieces’ joins', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 4000 }), (index) => {
        const step = cpuSlowdownFor(index + 1) - cpuSlowdownFor(index);
        expect(step).toBeGreaterThanOrEqual(0);
        expect(step).toBeLessThan(0.02);
      }),
    );
  });

  it('refuses a missing measurement instead of guessing', () => {
    expect(() => cpuSlowdownFor(Number.NaN)).toThrow(/benchmark index/);
    expect(() => cpuSlowdownFor(0)).toThrow(/benchmark index/);
  });
});
