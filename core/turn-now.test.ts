import { describe, expect, it } from 'vitest';
import { turnMark, turnNow } from './turn-now.ts';

const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};
const checkPhase = () => new Promise((resolve) => setImmediate(resolve));

describe('turnNow and turnMark', () => {
  it('hold one reading of each clock for the rest of the turn', () => {
    const wall = turnNow();
    const mark = turnMark();
    busy(5);
    expect(turnNow()).toBe(wall);
    expect(turnMark()).toBe(mark);
    expect(Date.now()).toBeGreaterThan(wall);
  });

  it('read the clocks again after the check phase', async () => {
    const wall = turnNow();
    const mark = turnMark();
    busy(3);
    await checkPhase();
    // Bracketed by the clock itself: a tolerance in ms failed whenever a loaded machine paused the process
    // between two statements.
    const before = Date.now();
    const nextWall = turnNow();
    const nextMark = turnMark();
    expect(nextWall).toBeGreaterThanOrEqual(wall + 3);
    expect(nextMark).toBeGreaterThanOrEqual(mark + 3);
    expect(nextWall).toBeGreaterThanOrEqual(before);
    expect(nextWall).toBeLessThanOrEqual(Date.now());
  });

  it('measure a turn: read in one turn, again in its check phase', async () => {
    const start = turnMark();
    busy(4);
    const measured = await new Promise<number>((resolve) => setImmediate(() => resolve(turnMark() - start)));
    expect(measured).toBeGreaterThanOrEqual(4);
  });
});
