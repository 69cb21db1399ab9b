import { describe, expect, it } from 'vitest';
import { focalFromClick, focalFromKey, focalWords } from './focal-point.ts';

describe('focal point from a click or the arrow keys', () => {
  const box = { left: 100, top: 50, width: 400, height: 200 };
  it('is the click’s fraction of the image, clamped and rounded', () => {
    expect(focalFromClick(200, 100, box)).toEqual({ x: 0.25, y: 0.25 });
    expect(focalFromClick(50, 400, box)).toEqual({ x: 0, y: 1 });
    expect(focalFromClick(100 + 400 / 3, 50, box)).toEqual({ x: 0.333, y: 0 });
    expect(focalFromClick(1, 1, { left: 0, top: 0, width: 0, height: 0 })).toEqual({ x: 0.5, y: 0.5 });
  });
  it('moves by 5 % per arrow key (1 % with Shift) from the centre when unset, and stays inside', () => {
    expect(focalFromKey(null, 'ArrowRight')).toEqual({ x: 0.55, y: 0.5 });
    expect(focalFromKey({ x: 0.2, y: 0.2 }, 'ArrowUp', true)).toEqual({ x: 0.2, y: 0.19 });
    expect(focalFromKey({ x: 0.02, y: 0.98 }, 'ArrowLeft')).toEqual({ x: 0, y: 0.98 });
    expect(focalFromKey({ x: 0.02, y: 0.98 }, 'ArrowDown')).toEqual({ x: 0.02, y: 1 });
    expect(focalFromKey(null, 'Enter')).toBeNull();
  });
  it('is said in words', () => {
    expect(focalWords({ x: 0.25, y: 0.7 })).toBe('25 % from the left, 70 % from the top');
    expect(focalWords(null)).toBe('not set (centre)');
  });
});
