import { type VariantName, variantWidth } from './signing.ts';

export interface FocalPoint {
  x: number;
  y: number;
}

/** A crop as stored on the asset: fractions (0..1) of the original's width and height. */
export interface Crop {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** What to do to an (upright) original to make one variant: cut `extract` out of it, then scale to width × height. */
export interface VariantPlan {
  extract: Rect | null;
  width: number;
  height: number;
}

/**
 * The tallest and the widest shape a variant may have (width / height). Inside this band a variant keeps the
 * aspect of its image or crop, so the variants of one asset share one aspect and make a valid `srcset`;
 * outside it (long screenshots, panorama strips) every variant cuts, around the focal point.
 */
export const variantAspect = { min: 1 / 2, max: 4 } as const;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const fraction = (v: unknown, fallback: number) =>
  typeof v === 'number' && Number.isFinite(v) ? clamp(v, 0, 1) : fallback;

/** The crop in pixels of a `width` × `height` image; the whole image without a (usable) crop. */
function cropRect(width: number, height: number, crop: Crop | null): Rect {
  if (!crop) return { left: 0, top: 0, width, height };
  const left = Math.min(Math.round(fraction(crop.x, 0) * width), width - 1);
  const top = Math.min(Math.round(fraction(crop.y, 0) * height), height - 1);
  return {
    left,
    top,
    width: clamp(Math.round(fraction(crop.width, 1) * width), 1, width - left),
    height: clamp(Math.round(fraction(crop.height, 1) * height), 1, height - top),
  };
}

/** Where a window of `size` pixels starts inside `length` so that it centres on `focus` (0..1) yet stays inside. */
function place(length: number, size: number, focus: number): number {
  return clamp(Math.round(focus * length - size / 2), 0, length - size);
}

interface Framing {
  width: number;
  height: number;
  crop: Crop | null;
  focalPoint: FocalPoint | null;
}

/**
 * The region of an upright image of `width` × `height` pixels that its variants show: the crop, then cut to the
 * allowed aspect band around the focal point.
 */
function framedRect(args: Framing): Rect {
  const region = cropRect(args.width, args.height, args.crop);
  // The focal point is stored relative to the whole image; within the crop it moves accordingly.
  const fx = args.focalPoint
    ? clamp((fraction(args.focalPoint.x, 0.5) * args.width - region.left) / region.width, 0, 1)
    : 0.5;
  const fy = args.focalPoint
    ? clamp((fraction(args.focalPoint.y, 0.5) * args.height - region.top) / region.height, 0, 1)
    : 0.5;
  const aspect = region.width / region.height;
  if (aspect < variantAspect.min) {
    const height = Math.max(1, Math.round(region.width / variantAspect.min));
    return { ...region, top: region.top + place(region.height, height, fy), height };
  }
  if (aspect > variantAspect.max) {
    const width = Math.max(1, Math.round(region.height * variantAspect.max));
    return { ...region, left: region.left + place(region.width, width, fx), width };
  }
  return region;
}

/** The width in pixels of the widest variant of an image: its framed region's, as variants never scale up. */
export const framedWidth = (args: Framing): number => framedRect(args).width;

/**
 * The plan of one variant (a preset or a listed width) for an upright image of `width` × `height` pixels: crop
 * first, then cut to the allowed aspect band around the focal point, then scale down to the variant's width
 * (never up).
 */
export function planVariant(args: Framing & { preset: VariantName }): VariantPlan {
  const rect = framedRect(args);
  const width = Math.min(variantWidth(args.preset), rect.width);
  const height = Math.max(1, Math.round((rect.height * width) / rect.width));
  const whole = rect.left === 0 && rect.top === 0 && rect.width === args.width && rect.height === args.height;
  return { extract: whole ? null : rect, width, height };
}
