import { describe, expect, it } from 'vitest';
import { BUNDLED_FAMILIES } from '../core/designs/index.ts';
import { readFontFile } from './catalog.ts';
import { FAMILY_METRICS } from './metrics.ts';
import { readFontMetrics, woff2Tables } from './woff2-metrics.ts';

describe('woff2 metrics', () => {
  it('reads the tables of a WOFF2 file', () => {
    const tables = woff2Tables(readFontFile('inter', 400, 'normal'));
    for (const tag of ['cmap', 'head', 'hhea', 'hmtx', 'OS/2']) expect(tables.has(tag), tag).toBe(true);
    // head starts with version 1.0 and carries the magic number 0x5F0F3CF5 at offset 12.
    expect(tables.get('head')!.data.getUint32(12)).toBe(0x5f0f3cf5);
  });

  it('gives a monospace font an average width equal to its one advance', () => {
    const m = readFontMetrics(readFontFile('jetbrains-mono', 400, 'normal'));
    expect(m.xWidthAvg).toBe(600);
    expect(m.unitsPerEm).toBe(1000);
  });

  it('matches the generated table (run build/font-metrics.ts after a @fontsource upgrade)', () => {
    for (const family of BUNDLED_FAMILIES) {
      expect(readFontMetrics(readFontFile(family.id, 400, 'normal')), family.id).toEqual(
        FAMILY_METRICS[family.id],
      );
    }
  });

  it('refuses a file that is not WOFF2', () => {
    expect(() => readFontMetrics(new Uint8Array(64))).toThrow(/not a WOFF2 file/);
  });
});
