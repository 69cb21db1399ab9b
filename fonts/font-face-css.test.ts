import { transform } from 'lightningcss';
import { describe, expect, it } from 'vitest';
import { defaultTheme, type Theme } from '../core/designs/index.ts';
import { fontFile } from './catalog.ts';
import { fallbackOverrides, fontFaceCss, themeFamilies } from './font-face-css.ts';
import { fontStack } from './font-stack.ts';

const ASSET = '0b7e4c1a-6d2f-4a8e-9c3b-5f1e2d3c4b5a';
const uploadedFontUrl = (id: string) => `/media/${id}/font.woff2`;

function theme(fonts: Partial<Theme['fonts']>): Theme {
  return { ...structuredClone(defaultTheme), fonts: { ...defaultTheme.fonts, ...fonts } };
}

describe('fontFaceCss', () => {
  it('declares every face of each family once, with swap and the latin range, plus one fallback face', () => {
    const css = fontFaceCss(defaultTheme, { uploadedFontUrl });
    // Inter (body and heading) and JetBrains Mono: 8 faces each, one fallback each.
    expect(css.match(/font-family:"Inter";/g)).toHaveLength(8);
    expect(css.match(/font-family:"JetBrains Mono";/g)).toHaveLength(8);
    expect(css).toContain(`src:url("${fontFile('Inter', 700, 'italic')!.url}") format("woff2")`);
    expect(css.match(/font-display:swap/g)).toHaveLength(16);
    expect(css).toMatch(/unicode-range:U\+0000-00FF,/);
    expect(css).toContain(
      'font-family:"Inter Fallback";src:local("Arial"),local("Liberation Sans"),local("Arimo")',
    );
    expect(css).toContain('font-family:"JetBrains Mono Fallback";src:local("Courier New")');
    expect(() =>
      transform({ filename: 'f.css', code: Buffer.from(css), errorRecovery: false }),
    ).not.toThrow();
  });

  it('sizes the fallback from both fonts’ metrics', () => {
    const local = { unitsPerEm: 2048, ascent: 1854, descent: -434, lineGap: 67, xWidthAvg: 904 };
    // A font exactly like the local one needs no adjustment.
    expect(fallbackOverrides(local, local)).toEqual({
      sizeAdjust: '100.00%',
      ascentOverride: '90.53%',
      descentOverride: '21.19%',
      lineGapOverride: '3.27%',
    });
    const wide = { unitsPerEm: 1000, ascent: 1000, descent: -250, lineGap: 0, xWidthAvg: 530 };
    const o = fallbackOverrides(wide, local);
    expect(o.sizeAdjust).toBe(`${((0.53 / (904 / 2048)) * 100).toFixed(2)}%`);
    expect(o.ascentOverride).toBe(`${((1 / (0.53 / (904 / 2048))) * 100).toFixed(2)}%`);
  });

  it('points uploaded faces at their assets, without a fallback face', () => {
    const t = theme({
      heading: { family: 'Brand Sans', uploaded: [{ assetId: ASSET, weight: 700, style: 'normal' }] },
    });
    const css = fontFaceCss(t, { uploadedFontUrl });
    expect(css).toContain(
      `@font-face{font-family:"Brand Sans";font-style:normal;font-weight:700;font-display:swap;src:url("/media/${ASSET}/font.woff2") format("woff2")}`,
    );
    expect(css).not.toContain('Brand Sans Fallback');
    expect(themeFamilies(t).map((f) => f.family)).toEqual(['Inter', 'Brand Sans', 'JetBrains Mono']);
  });

  it('builds role stacks with the fallback face first', () => {
    expect(fontStack({ family: 'Lora' })).toBe('"Lora", "Lora Fallback", "Georgia", serif');
    expect(fontStack({ family: 'Inter', fallback: ['system-ui', 'Helvetica Neue', 'sans-serif'] })).toBe(
      '"Inter", "Inter Fallback", system-ui, "Helvetica Neue", sans-serif',
    );
    expect(fontStack({ family: 'Brand', uploaded: [{ assetId: ASSET, weight: 400, style: 'normal' }] })).toBe(
      '"Brand", system-ui, sans-serif',
    );
  });
});
