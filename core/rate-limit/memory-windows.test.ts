import fc from 'fast-check';
import { RateLimiterMemory, type RateLimiterRes } from 'rate-limiter-flexible';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryWindows } from './memory-windows.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('MemoryWindows', () => {
  it('counts a window from the first request and opens a new one when it ends', () => {
    const windows = new MemoryWindows(2, 1000);
    expect(windows.consume('a', 10_000)).toEqual({
      consumedPoints: 1,
      remainingPoints: 1,
      msBeforeNext: 1000,
    });
    expect(windows.consume('a', 10_400)).toEqual({
      consumedPoints: 2,
      remainingPoints: 0,
      msBeforeNext: 600,
    });
    expect(windows.consume('a', 10_999)).toEqual({ consumedPoints: 3, remainingPoints: 0, msBeforeNext: 1 });
    expect(windows.consume('b', 10_999).consumedPoints).toBe(1);
    expect(windows.consume('a', 11_000)).toEqual({
      consumedPoints: 1,
      remainingPoints: 1,
      msBeforeNext: 1000,
    });
  });

  it('forgets the keys of windows that ended', () => {
    const windows = new MemoryWindows(5, 1000);
    for (let i = 0; i < 100; i++) windows.consume(`k${i}`, 0);
    expect(windows.size).toBe(100);
    windows.consume('late', 1000);
    expect(windows.size).toBe(1);
  });

  it('counts as rate-limiter-flexible RateLimiterMemory does, request by request', async () => {
    // Waits of whole windows and halves too, so that requests fall exactly on a window's end.
    const wait = fc.oneof(fc.integer({ min: 0, max: 700 }), fc.constantFrom(1, 500, 999, 1000, 2000));
    const step = fc.record({ key: fc.constantFrom('a', 'b', 'c'), wait });
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom(1, 2),
        fc.array(step, { minLength: 1, maxLength: 40 }),
        async (points, seconds, steps) => {
          vi.useFakeTimers({ now: 1_000_000 });
          const library = new RateLimiterMemory({ points, duration: seconds });
          const ours = new MemoryWindows(points, seconds * 1000);
          for (const { key, wait } of steps) {
            vi.advanceTimersByTime(wait);
            const theirs: RateLimiterRes = await library.consume(key).catch((refused) => refused);
            const mine = ours.consume(key, Date.now());
            expect(mine).toEqual({
              consumedPoints: theirs.consumedPoints,
              remainingPoints: theirs.remainingPoints,
              msBeforeNext: theirs.msBeforeNext,
            });
          }
          vi.useRealTimers();
        },
      ),
      { numRuns: 200 },
    );
  });
});
