import {
  type SrcsetFormat,
  signMediaPath,
  srcsetFormats,
  unsignedVariantPath,
  type VariantWidth,
  variantWidths,
} from './signing.ts';

/** One `srcset` string per offered format: `<address> 320w, <address> 480w, …`. */
export type Srcsets = Record<SrcsetFormat, string>;

/**
 * The listed widths a `srcset` offers for an image whose variants are at most `framedWidth` pixels wide (its
 * crop or aspect band, core/media/variant-plan.ts), each with the width its bytes really have. Variants never
 * scale up, so every width below the image's is offered, then the first listed width at or above it, labelled
 * with the image's own width (it serves the full resolution); wider ones would be the same bytes again and are
 * left out, as a browser must not be told a width the file does not have.
 */
export function srcsetWidths(framedWidth: number): Array<{ width: VariantWidth; actual: number }> {
  const out: Array<{ width: VariantWidth; actual: number }> = [];
  for (const width of variantWidths) {
    out.push({ width, actual: Math.min(width, framedWidth) });
    if (width >= framedWidth) break;
  }
  return out;
}

/**
 * Signatures already made, by asset id, with the secret they were made with (slot `format × width`, filled as
 * asked): an uncached answer delivers the same images' srcsets again, 21 HMACs each. Only the 22 characters of
 * each signature are kept (about 1 KB an asset), bounded, oldest out first; a rotated secret signs anew.
 */
const signatures = new Map<string, { secret: string; slots: Array<string | undefined> }>();
const MAX_ASSETS = 10_000;

/** The kept signatures of an asset's srcset addresses under `secret`, a new empty set after a rotation. */
function keptSignatures(secret: string, assetId: string): Array<string | undefined> {
  let known = signatures.get(assetId);
  if (!known || known.secret !== secret) {
    if (!known && signatures.size >= MAX_ASSETS) signatures.delete(signatures.keys().next().value!);
    known = { secret, slots: [] };
    signatures.set(assetId, known);
  }
  return known.slots;
}

/**
 * The signed `srcset` of an image in each offered format, addresses prefixed with `origin` (empty: paths). The
 * addresses are those `variantPath` makes for `w<width>.<format>`, made here from kept signatures.
 */
export function variantSrcsets(secret: string, assetId: string, framedWidth: number, origin = ''): Srcsets {
  const widths = srcsetWidths(framedWidth);
  const slots = keptSignatures(secret, assetId);
  const out = {} as Srcsets;
  srcsetFormats.forEach((format, f) => {
    let srcset = '';
    widths.forEach(({ width, actual }, i) => {
      const slot = f * variantWidths.length + i;
      let s = slots[slot];
      if (s === undefined) {
        s = signMediaPath(secret, unsignedVariantPath(assetId, `w${width}`, format));
        slots[slot] = s;
      }
      srcset += `${i ? ', ' : ''}${origin}/media/${assetId}/w${width}.${format}?s=${s} ${actual}w`;
    });
    out[format] = srcset;
  });
  return out;
}

/** The candidates of a `srcset` made here, in order: address and width (`<address> <width>w, …`). */
export function srcsetCandidates(srcset: string): Array<{ url: string; width: number }> {
  return srcset.split(', ').map((candidate) => {
    const space = candidate.lastIndexOf(' ');
    return { url: candidate.slice(0, space), width: Number(candidate.slice(space + 1, -1)) };
  });
}
