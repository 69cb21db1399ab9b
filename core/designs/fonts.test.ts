import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUNDLED_FAMILIES, bundledFamily, fontFamilySchema } from './fonts.ts';
import { firstIssuePath } from './issue-path.ts';

const pkg = (id: string, file: string) =>
  new URL(`../../node_modules/@fontsource/${id}/${file}`, import.meta.url);
const ASSET = '0b7e4c1a-6d2f-4a8e-9c3b-5f1e2d3c4b5a';

describe('BUNDLED_FAMILIES', () => {
  it('lists the ten families with the faces their packages ship', () => {
    expect(BUNDLED_FAMILIES).toHaveLength(10);
    for (const f of BUNDLED_FAMILIES) {
      for (const w of f.weights) expect(existsSync(pkg(f.id, `${w}.css`)), `${f.id} ${w}`).toBe(true);
      for (const w of f.italicWeights) {
        expect(existsSync(pkg(f.id, `${w}-italic.css`)), `${f.id} ${w} italic`).toBe(true);
      }
    }
    expect(bundledFamily('Source Serif 4')?.id).toBe('source-serif-4');
  });
});

describe('fontFamilySchema', () => {
  it('accepts a bundled family and an uploaded one', () => {
    expect(fontFamilySchema.safeParse({ family: 'Lora', fallback: ['Georgia', 'serif'] }).success).toBe(true);
    const uploaded = {
      family: 'Brand Sans',
      uploaded: [
        { assetId: ASSET, weight: 400, style: 'normal' },
        { assetId: ASSET, weight: 400, style: 'italic' },
      ],
      fallback: ['system-ui', 'sans-serif'],
    };
    expect(fontFamilySchema.safeParse(uploaded).success).toBe(true);
  });

  it.each([
    [{ family: 'Comic Sans' }, 'family'],
    [{ family: 'Inter"; } body { color: red' }, 'family'],
    [{ family: 'Inter', fallback: ['serif;'] }, 'fallback[0]'],
    [{ family: 'Brand', uploaded: [{ assetId: ASSET, weight: 450, style: 'normal' }] }, 'uploaded[0].weight'],
    [{ family: 'Brand', uploaded: [{ assetId: ASSET, weight: 400, style: 'oblique' }] }, 'uploaded[0].style'],
    [
      {
        family: 'Brand',
        uploaded: [
          { assetId: ASSET, weight: 700, style: 'normal' },
          { assetId: ASSET, weight: 700, style: 'normal' },
        ],
      },
      'uploaded[1]',
    ],
    [{ family: 'Inter', url: 'https://fonts.test/x.woff2' }, 'url'],
  ])('refuses %j at %s', (font, path) => {
    expect(firstIssuePath(fontFamilySchema.safeParse(font))).toBe(path);
  });
});
