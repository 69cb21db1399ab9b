import type { BlockDesign } from './types.ts';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The `design` a block carries out of its stored `ext` (designs.md: "The REST and GraphQL block carries
 * `design: { variant, style }` only when set"): the website plugin's `ext.website.designId` as `variant` and
 * its instance `style`. Undefined when neither is set; the rest of `ext` never leaves.
 */
export function blockDesign(ext: unknown): BlockDesign | undefined {
  const website = isObject(ext) ? ext.website : undefined;
  if (!isObject(website)) return undefined;
  const variant = typeof website.designId === 'string' ? website.designId : null;
  const style = isObject(website.style) ? website.style : null;
  return variant === null && style === null ? undefined : { variant, style };
}
