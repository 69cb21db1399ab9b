import { describe, expect, it } from 'vitest';
import { defaultTheme } from './default-theme.ts';
import { themeSchema } from './theme.ts';

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('defaultTheme', () => {
  it('is a valid theme', () => {
    expect(themeSchema.safeParse(defaultTheme).success).toBe(true);
  });

  it.each(['light', 'dark'] as const)('reads at AA contrast in %s', (scheme) => {
    const c = scheme === 'light' ? defaultTheme.colors : { ...defaultTheme.colors, ...defaultTheme.dark };
    expect(contrast(c.text!, c.bg!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(c.text!, c.surface!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(c.muted!, c.bg!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(c.onPrimary!, c.primary!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(c.primary!, c.bg!)).toBeGreaterThanOrEqual(4.5);
  });
});
