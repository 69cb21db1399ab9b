import type { BlockInstanceStyle } from './instance.ts';

/**
 * The instance styles of a page in its stylesheet's URL (`/_site/<hash>.css?i=<this>`): base64url of the JSON
 * `[[blockId, style], …]`. The path's hash still names the bytes; the query only says how to compile them
 * again, so a process that did not render the page answers the sheet (docs/styles-and-fonts.md).
 */

/** Longest `i` accepted: far above a page's styles (the demo's home page needs 424 characters). */
export const MAX_INSTANCES_PARAM = 16_384;

export function encodeInstances(blocks: readonly BlockInstanceStyle[]): string {
  return Buffer.from(JSON.stringify(blocks.map((b) => [b.blockId, b.style]))).toString('base64url');
}

/** The blocks an `i` parameter names, or undefined when it is not one `encodeInstances` could have written. */
export function decodeInstances(param: string): BlockInstanceStyle[] | undefined {
  if (param.length > MAX_INSTANCES_PARAM || !/^[A-Za-z0-9_-]+$/.test(param)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(param, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed)) return undefined;
  const blocks: BlockInstanceStyle[] = [];
  for (const item of parsed) {
    if (!Array.isArray(item) || item.length !== 2) return undefined;
    const [blockId, style] = item as [unknown, unknown];
    if (typeof blockId !== 'string' || !style || typeof style !== 'object' || Array.isArray(style))
      return undefined;
    blocks.push({ blockId, style: style as BlockInstanceStyle['style'] });
  }
  return blocks;
}
