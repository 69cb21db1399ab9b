import { describe, expect, it } from 'vitest';
import { defaultTheme } from './default-theme.ts';
import { findUnknownTokens, themeTokenNames } from './token-check.ts';

describe('findUnknownTokens', () => {
  const names = themeTokenNames(defaultTheme);

  it('collects the theme names of every group', () => {
    expect(names.color.has('onPrimary')).toBe(true);
    expect(names.space.has('4')).toBe(true);
    expect(names.container.has('prose')).toBe(true);
    expect(names.type.has('4xl')).toBe(true);
  });

  it('reports unknown names with their paths in an instance style', () => {
    const style = { background: 'color:brand/50', paddingX: 'space:4', paddingY: 'space:13' };
    expect(findUnknownTokens(style, names)).toEqual([
      { path: ['background'], token: 'color:brand/50' },
      { path: ['paddingY'], token: 'space:13' },
    ]);
  });
});
