import { bundledFamily, DEFAULT_FALLBACKS, type FontFamily } from '../core/designs/index.ts';

/**
 * The `font-family` value of a theme's font role: the family, its metric-matched fallback face (bundled
 * families), then the theme's fallback stack. Pure: the compiler and fontFaceCss agree through it.
 */

const GENERIC = new Set([
  'serif',
  'sans-serif',
  'monospace',
  'cursive',
  'fantasy',
  'system-ui',
  'ui-serif',
  'ui-sans-serif',
  'ui-monospace',
  'ui-rounded',
  'math',
  'emoji',
  'fangsong',
]);

/** Family names are quoted; generic keywords must not be. Names are `[A-Za-z0-9 -]` by the theme schema. */
export function familyName(name: string): string {
  return GENERIC.has(name) ? name : `"${name}"`;
}

/** The name of a bundled family's metric-matched fallback face. */
export function fallbackFaceName(family: string): string {
  return `${family} Fallback`;
}

export function fontStack(font: FontFamily): string {
  const bundled = font.uploaded ? undefined : bundledFamily(font.family);
  const fallback =
    font.fallback ?? (bundled ? DEFAULT_FALLBACKS[bundled.category] : ['system-ui', 'sans-serif']);
  const names = [font.family, ...(bundled ? [fallbackFaceName(font.family)] : []), ...fallback];
  return [...new Set(names)].map(familyName).join(', ');
}
