import { createHmac, timingSafeEqual } from 'node:crypto';

export const variantPresets = { thumb: 320, card: 640, hero: 1920 } as const;
export type VariantPreset = keyof typeof variantPresets;
export type VariantFormat = 'webp' | 'avif' | 'jpeg' | 'png';

/** Characters of a signature (base64url, 132 bits of the HMAC). */
export const SIGNATURE_LENGTH = 22;

/** The signature of a media path with `MEDIA_SIGNING_SECRET` (else `AUTH_SECRET`): rotating it invalidates all. */
export function signMediaPath(secret: string, path: string): string {
  return createHmac('sha256', secret).update(path).digest('base64url').slice(0, SIGNATURE_LENGTH);
}

export function verifyMediaPath(secret: string, path: string, signature: string): boolean {
  const expected = Buffer.from(signMediaPath(secret, path));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** `/media/<id>/<preset>.<format>?s=<signature>`: the only way variant addresses are made. */
export function variantPath(
  secret: string,
  assetId: string,
  preset: VariantPreset,
  format: VariantFormat = 'webp',
): string {
  const path = `/media/${assetId}/${preset}.${format}`;
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

/** `card.webp` → `{ preset: 'card', format: 'webp' }`; anything else (other presets, formats, `original`) → null. */
export function parseVariantName(name: string): { preset: VariantPreset; format: VariantFormat } | null {
  const m = /^([a-z]+)\.([a-z]+)$/.exec(name);
  if (!m || !Object.hasOwn(variantPresets, m[1]!) || !variantFormats.includes(m[2] as VariantFormat))
    return null;
  return { preset: m[1] as VariantPreset, format: m[2] as VariantFormat };
}

/** Checks the `s` parameter of a variant address; a missing signature is as invalid as a wrong one. */
export function verifyVariantSignature(
  secret: string,
  assetId: string,
  preset: VariantPreset,
  format: VariantFormat,
  signature: string | undefined,
): boolean {
  return (
    signature !== undefined && verifyMediaPath(secret, `/media/${assetId}/${preset}.${format}`, signature)
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
