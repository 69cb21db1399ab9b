import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';

export const variantPresets = { thumb: 320, card: 640, hero: 1920 } as const;
export type VariantPreset = keyof typeof variantPresets;
export type VariantFormat = 'webp' | 'avif' | 'jpeg' | 'png';

/**
 * The widths a `srcset` is made of, served as `w<width>.<format>`: a closed list (never a width parameter, so
 * an address cannot ask for renders the list does not name). Steps of about 1.5× keep a browser within 1.5× of
 * the pixels it needs; 320 to 480 cover phones at 1x, 640 to 1280 phones and tablets at 2x and 3x, 1920 a full
 * HD screen, 2560 a full-width image on a 1440p or 2x laptop screen. 320, 640 and 1920 are the presets' widths,
 * whose bytes the variant store shares (variantStorageName). No wider: a 2560 AVIF already takes seconds to render.
 */
export const variantWidths = [320, 480, 640, 960, 1280, 1920, 2560] as const;
export type VariantWidth = (typeof variantWidths)[number];
/** A variant: a preset (`card`) or a listed width (`w480`). */
export type VariantName = VariantPreset | `w${VariantWidth}`;
/** The formats a `srcset` is offered in (PNG variants stay addressable, but are not offered). */
export const srcsetFormats = ['webp', 'avif', 'jpeg'] as const;
export type SrcsetFormat = (typeof srcsetFormats)[number];

const widthNames = new Map<string, VariantWidth>(variantWidths.map((w) => [`w${w}`, w]));

/** The width in pixels a variant scales to (at most: never wider than its image). */
export function variantWidth(name: VariantName): number {
  return Object.hasOwn(variantPresets, name) ? variantPresets[name as VariantPreset] : widthNames.get(name)!;
}

/** The name a variant's bytes are stored under: a listed width that is a preset's is stored as that preset. */
export function variantStorageName(name: VariantName): VariantPreset | `w${VariantWidth}` {
  if (Object.hasOwn(variantPresets, name)) return name;
  const width = widthNames.get(name);
  const preset = (Object.keys(variantPresets) as VariantPreset[]).find((p) => variantPresets[p] === width);
  return preset ?? name;
}

/** Characters of a signature (base64url, 132 bits of the HMAC). */
export const SIGNATURE_LENGTH = 22;

/** The signature of a media path with `MEDIA_SIGNING_SECRET` (else `AUTH_SECRET`): rotating it invalidates all. */
export function signMediaPath(secret: string, path: string): string {
  return createHmac('sha256', secretKey(secret)).update(path).digest('base64url').slice(0, SIGNATURE_LENGTH);
}

/**
 * The secret as a key object, made once per secret: a string key is imported again by every `createHmac`, and a
 * first visit of a site signs some 90 variant addresses (issue 42). The same bytes, so the same signatures.
 */
let lastKey: { secret: string; key: KeyObject } | undefined;
function secretKey(secret: string): KeyObject {
  if (lastKey?.secret !== secret) lastKey = { secret, key: createSecretKey(Buffer.from(secret, 'utf8')) };
  return lastKey.key;
}

export function verifyMediaPath(secret: string, path: string, signature: string): boolean {
  const expected = Buffer.from(signMediaPath(secret, path));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The path a variant's signature covers. */
export const unsignedVariantPath = (assetId: string, name: VariantName, format: VariantFormat): string =>
  `/media/${assetId}/${name}.${format}`;

/**
 * `/media/<id>/<name>.<format>?s=<signature>`: the only way variant addresses are made (srcset.ts makes the
 * same addresses from the signatures it keeps).
 */
export function variantPath(
  secret: string,
  assetId: string,
  preset: VariantName,
  format: VariantFormat = 'webp',
): string {
  const path = unsignedVariantPath(assetId, preset, format);
  const known = signed.get(path);
  if (known && known.secret === secret) return known.address;
  const address = `${path}?s=${signMediaPath(secret, path)}`;
  if (signed.size >= MAX_SIGNED) signed.delete(signed.keys().next().value!);
  signed.set(path, { secret, address });
  return address;
}

/**
 * Addresses already signed, by path, with the secret they were signed with: every uncached page and answer
 * signs the same few assets' variants again (three HMACs per image). A rotated secret signs anew. Bounded,
 * oldest out first.
 */
const signed = new Map<string, { secret: string; address: string }>();
const MAX_SIGNED = 20_000;

export function variantPaths(
  secret: string,
  assetId: string,
  format: VariantFormat = 'webp',
): Record<VariantPreset, string> {
  return {
    thumb: variantPath(secret, assetId, 'thumb', format),
    card: variantPath(secret, assetId, 'card', format),
    hero: variantPath(secret, assetId, 'hero', format),
  };
}

export const originalPath = (assetId: string): string => `/media/${assetId}/original`;

export const variantFormats: readonly VariantFormat[] = ['webp', 'avif', 'jpeg', 'png'];

/**
 * `card.webp` → `{ preset: 'card', format: 'webp' }`, `w480.avif` → `{ preset: 'w480', format: 'avif' }`;
 * anything else (other names or widths, other formats, `original`) → null.
 */
export function parseVariantName(name: string): { preset: VariantName; format: VariantFormat } | null {
  const m = /^([a-z]+|w[0-9]+)\.([a-z]+)$/.exec(name);
  if (!m || !variantFormats.includes(m[2] as VariantFormat)) return null;
  if (!Object.hasOwn(variantPresets, m[1]!) && !widthNames.has(m[1]!)) return null;
  return { preset: m[1] as VariantName, format: m[2] as VariantFormat };
}

/** Checks the `s` parameter of a variant address; a missing signature is as invalid as a wrong one. */
export function verifyVariantSignature(
  secret: string,
  assetId: string,
  preset: VariantName,
  format: VariantFormat,
  signature: string | undefined,
): boolean {
  return (
    signature !== undefined &&
    verifyMediaPath(secret, unsignedVariantPath(assetId, preset, format), signature)
  );
}

/** Images sharp can read get variants; other files (video, audio, PDF, fonts) are served as originals only. */
export function hasVariants(mimeType: string): boolean {
  return ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif', 'image/tiff'].includes(
    mimeType,
  );
}

/** The "original format" variant of an image: JPEG, PNG, WebP and AVIF keep theirs; GIF and TIFF become PNG. */
export function originalVariantFormat(mimeType: string): VariantFormat {
  const own = mimeType.replace('image/', '') as VariantFormat;
  return variantFormats.includes(own) ? own : 'png';
}
