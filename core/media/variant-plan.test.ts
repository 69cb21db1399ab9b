import { describe, expect, it } from 'vitest';
import { framedWidth, planVariant } from './variant-plan.ts';

describe('planVariant', () => {
  it('scales to the preset width and keeps the aspect', () => {
    expect(planVariant({ width: 4000, height: 3000, preset: 'thumb', crop: null, focalPoint: null })).toEqual(
      {
        extract: null,
        width: 320,
        height: 240,
      },
    );
    expect(
      planVariant({ width: 4000, height: 3000, preset: 'hero', crop: null, focalPoint: null }),
    ).toMatchObject({
      width: 1920,
      height: 1440,
    });
  });

  it('never scales up', () => {
    expect(planVariant({ width: 500, height: 250, preset: 'hero', crop: null, focalPoint: null })).toEqual({
      extract: null,
      width: 500,
      height: 250,
    });
  });

  it('applies the crop first, then scales the crop', () => {
    const plan = planVariant({
      width: 2000,
      height: 1000,
      preset: 'card',
      crop: { x: 0.5, y: 0, width: 0.5, height: 1 },
      focalPoint: null,
    });
    expect(plan).toEqual({
      extract: { left: 1000, top: 0, width: 1000, height: 1000 },
      width: 640,
      height: 640,
    });
  });

  it('cuts a very tall image around the focal point, to the tallest shape allowed', () => {
    const low = planVariant({
      width: 400,
      height: 4000,
      preset: 'thumb',
      crop: null,
      focalPoint: { x: 0.5, y: 0.9 },
    });
    expect(low.extract).toEqual({ left: 0, top: 3200, width: 400, height: 800 });
    expect([low.width, low.height]).toEqual([320, 640]);
    const high = planVariant({
      width: 400,
      height: 4000,
      preset: 'thumb',
      crop: null,
      focalPoint: { x: 0.5, y: 0 },
    });
    expect(high.extract?.top).toBe(0);
    const centred = planVariant({ width: 400, height: 4000, preset: 'thumb', crop: null, focalPoint: null });
    expect(centred.extract?.top).toBe(1600);
  });

  it('cuts a very wide image around the focal point, to the widest shape allowed', () => {
    const plan = planVariant({
      width: 5000,
      height: 500,
      preset: 'hero',
      crop: null,
      focalPoint: { x: 0.8, y: 0.5 },
    });
    expect(plan.extract).toEqual({ left: 3000, top: 0, width: 2000, height: 500 });
    expect([plan.width, plan.height]).toEqual([1920, 480]);
  });

  it('reads the focal point relative to the crop', () => {
    // The crop is the lower half; a focal point at 95 % of the whole height is at 90 % of the crop.
    const plan = planVariant({
      width: 1000,
      height: 8000,
      preset: 'card',
      crop: { x: 0, y: 0.5, width: 1, height: 0.5 },
      focalPoint: { x: 0.5, y: 0.95 },
    });
    expect(plan.extract).toEqual({ left: 0, top: 6000, width: 1000, height: 2000 });
  });

  it('clamps a crop that reaches outside the image', () => {
    const plan = planVariant({
      width: 1000,
      height: 1000,
      preset: 'card',
      crop: { x: 0.8, y: 0.8, width: 0.5, height: 0.5 },
      focalPoint: null,
    });
    expect(plan.extract).toEqual({ left: 800, top: 800, width: 200, height: 200 });
    expect(plan.width).toBe(200);
  });

  it('scales to a listed width as to a preset, never up', () => {
    const plan = planVariant({ width: 4000, height: 3000, preset: 'w480', crop: null, focalPoint: null });
    expect(plan).toEqual({ extract: null, width: 480, height: 360 });
    expect(planVariant({ width: 1000, height: 500, preset: 'w2560', crop: null, focalPoint: null })).toEqual({
      extract: null,
      width: 1000,
      height: 500,
    });
  });

  it('knows the widest variant of an image: its crop, or the aspect band, else the whole width', () => {
    const framing = { width: 2000, height: 1000, crop: null, focalPoint: null };
    expect(framedWidth(framing)).toBe(2000);
    expect(framedWidth({ ...framing, crop: { x: 0.5, y: 0, width: 0.5, height: 1 } })).toBe(1000);
    // 12:1 is wider than any variant may be: cut to 4:1.
    expect(framedWidth({ width: 6000, height: 500, crop: null, focalPoint: null })).toBe(2000);
  });
});
