import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { BUNDLED_FAMILIES } from '../core/designs/index.ts';
import { FONT_URL_PREFIX, familyFaces, fontCatalog, fontFile } from './catalog.ts';

const require = createRequire(import.meta.url);

describe('font catalog', () => {
  it('resolves every weight and style of the ten families to an existing latin woff2 file', () => {
    for (const family of BUNDLED_FAMILIES) {
      for (const { weight, style } of familyFaces(family)) {
        const path = require.resolve(
          `@fontsource/${family.id}/files/${family.id}-latin-${weight}-${style}.woff2`,
        );
        expect(existsSync(path), `${family.name} ${weight} ${style}`).toBe(true);
        const file = fontFile(family.name, weight, style);
        expect(file?.bytes.subarray(0, 4).toString('latin1')).toBe('wOF2');
      }
    }
  });

  it('names each file by family, weight, style and content hash', () => {
    const { files, byFile } = fontCatalog();
    const expected = BUNDLED_FAMILIES.reduce((n, f) => n + f.weights.length + f.italicWeights.length, 0);
    expect(files).toHaveLength(expected);
    expect(byFile.size).toBe(expected);
    const inter = fontFile('Inter', 600, 'italic')!;
    expect(inter.file).toMatch(/^inter-600-italic\.[a-f0-9]{10}\.woff2$/);
    expect(inter.url).toBe(FONT_URL_PREFIX + inter.file);
    expect(inter.etag).toMatch(/^"[a-f0-9]{64}"$/);
  });

  it('offers no italic of a family without italics and no weight outside the family', () => {
    expect(fontFile('Outfit', 400, 'italic')).toBeUndefined();
    expect(fontFile('Inter', 800, 'normal')).toBeUndefined();
    expect(fontFile('Comic Sans', 400, 'normal')).toBeUndefined();
  });

  it('gives the latin unicode range of the package', () => {
    expect(fontCatalog().unicodeRange('lora')).toMatch(/^U\+0000-00FF,/);
  });
});
