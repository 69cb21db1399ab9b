import { describe, expect, it } from 'vitest';
import { defaultTheme, type Theme } from '../core/designs/index.ts';
import { fontFile } from './catalog.ts';
import { fontPreloads, matchWeight, roleWeights } from './preloads.ts';

const uploadedFontUrl = (id: string) => `/media/${id}`;
const ASSET_400 = '0b7e4c1a-6d2f-4a8e-9c3b-5f1e2d3c4b5a';
const ASSET_700 = '1b7e4c1a-6d2f-4a8e-9c3b-5f1e2d3c4b5a';

describe('fontPreloads', () => {
  it('preloads only the weights the theme gives the rendered roles', () => {
    // default theme: body Inter 400; headings Inter 700 (h1, h2) and 600 (h3–h6).
    expect(roleWeights(defaultTheme, 'heading')).toEqual([600, 700]);
    expect(fontPreloads(defaultTheme, ['body'], { uploadedFontUrl })).toEqual([
      fontFile('Inter', 400, 'normal')!.url,
    ]);
    expect(fontPreloads(defaultTheme, ['heading', 'body'], { uploadedFontUrl })).toEqual(
      [400, 600, 700].map((w) => fontFile('Inter', w, 'normal')!.url),
    );
  });

  it('preloads nothing for roles the page does not render', () => {
    expect(fontPreloads(defaultTheme, [], { uploadedFontUrl })).toEqual([]);
    const mono = fontPreloads(defaultTheme, ['mono'], { uploadedFontUrl });
    expect(mono).toEqual([fontFile('JetBrains Mono', 400, 'normal')!.url]);
  });

  it('picks the face a browser would use for a weight the family lacks', () => {
    const t: Theme = structuredClone(defaultTheme);
    t.textStyles.h1 = { step: '4xl', font: 'heading', weight: 900 };
    t.textStyles.h2 = { step: '3xl', font: 'heading', weight: 900 };
    t.textStyles.h3 = { step: '2xl', font: 'heading', weight: 900 };
    t.textStyles.h4 = { step: 'xl', font: 'heading', weight: 900 };
    t.textStyles.h5 = { step: 'lg', font: 'heading', weight: 900 };
    t.textStyles.h6 = { step: 'base', font: 'heading', weight: 900 };
    expect(fontPreloads(t, ['heading'], { uploadedFontUrl })).toEqual([
      fontFile('Inter', 700, 'normal')!.url,
    ]);
    expect(matchWeight([400, 500, 600, 700], 450)).toBe(500);
    expect(matchWeight([400, 700], 450)).toBe(400);
    expect(matchWeight([400, 700], 300)).toBe(400);
    expect(matchWeight([500, 700], 600)).toBe(700);
    expect(matchWeight([], 600)).toBeUndefined();
  });

  it('preloads uploaded faces by their asset address', () => {
    const t: Theme = structuredClone(defaultTheme);
    t.fonts.heading = {
      family: 'Brand',
      uploaded: [
        { assetId: ASSET_400, weight: 400, style: 'normal' },
        { assetId: ASSET_700, weight: 700, style: 'normal' },
      ],
    };
    expect(fontPreloads(t, ['heading'], { uploadedFontUrl })).toEqual([`/media/${ASSET_700}`]);
  });
});
