import { describe, expect, it } from 'vitest';
import { defaultTheme } from './default-theme.ts';
import { firstIssuePath } from './issue-path.ts';
import { themeSchema } from './theme.ts';

type Mutable = Record<string, any>;

function withChange(change: (t: Mutable) => void): unknown {
  const t = structuredClone(defaultTheme) as Mutable;
  change(t);
  return t;
}

describe('themeSchema', () => {
  it('accepts the default theme', () => {
    expect(firstIssuePath(themeSchema.safeParse(defaultTheme))).toBeNull();
  });

  it('accepts named colour extras, a partial dark set and uploaded fonts', () => {
    const t = withChange((t) => {
      t.colors['brand-2'] = 'oklch(70% 0.1 200)';
      t.dark = { primary: '#99bbff', 'brand-2': '#123456' };
      t.fonts.heading = {
        family: 'Brand Display',
        uploaded: [{ assetId: '0b7e4c1a-6d2f-4a8e-9c3b-5f1e2d3c4b5a', weight: 700, style: 'normal' }],
        fallback: ['Georgia', 'serif'],
      };
    });
    expect(firstIssuePath(themeSchema.safeParse(t))).toBeNull();
  });

  it.each<[string, (t: Mutable) => void, string]>([
    ['a raw CSS colour', (t) => (t.colors.primary = 'red; background: url(x)'), 'colors.primary'],
    [
      'a colour that is no colour',
      (t) => {
        t.colors.muted = 'nope';
      },
      'colors.muted',
    ],
    ['a bad extra', (t) => (t.colors.brand = 'blue'), 'colors.brand'],
    ['a bad extra name', (t) => (t.colors['brand color'] = '#fff'), 'colors["brand color"]'],
    ['a dark colour with no light one', (t) => (t.dark.brand = '#fff'), 'dark.brand'],
    ['an unknown font', (t) => (t.fonts.body = { family: 'Papyrus' }), 'fonts.body.family'],
    ['a missing type step', (t) => delete t.typeSteps['2xl'], 'typeSteps.2xl'],
    ['a unitless size', (t) => (t.typeSteps.base.size = '16'), 'typeSteps.base.size'],
    ['an unknown step', (t) => (t.textStyles.h1.step = '5xl'), 'textStyles.h1.step'],
    ['a raw heading colour', (t) => (t.textStyles.h2.color = '#000'), 'textStyles.h2.color'],
    ['a bad space value', (t) => (t.space['4'] = '1rem;'), 'space.4'],
    ['a bad shadow colour', (t) => (t.shadow.sm[0].color = 'black'), 'shadow.sm[0].color'],
    ['a default container that is not a width', (t) => (t.containers.default = 'huge'), 'containers.default'],
    ['an unknown element', (t) => (t.elements.table = {}), 'elements.table'],
    ['raw CSS in an element style', (t) => (t.elements.link.base.color = 'blue'), 'elements.link.base.color'],
    ['custom CSS', (t) => (t.customCss = 'body { color: red }'), 'customCss'],
  ])('refuses %s', (_, change, path) => {
    expect(firstIssuePath(themeSchema.safeParse(withChange(change)))).toBe(path);
  });
});

describe('a partial theme', () => {
  it('sets only colours and fonts and is completed from the default theme', () => {
    const parsed = themeSchema.safeParse({
      colors: { primary: '#0a7d32' },
      fonts: { heading: { family: 'Lora', fallback: 'Georgia, "Times New Roman", serif' } },
    });
    expect(parsed.success).toBe(true);
    const theme = parsed.data!;
    expect(theme.colors.primary).toBe('#0a7d32');
    expect(theme.colors.bg).toBe(defaultTheme.colors.bg);
    expect(theme.typeSteps).toEqual(defaultTheme.typeSteps);
    expect(theme.space).toEqual(defaultTheme.space);
    expect(theme.fonts.heading).toEqual({
      family: 'Lora',
      fallback: ['Georgia', 'Times New Roman', 'serif'],
    });
    expect(theme.fonts.body).toEqual(defaultTheme.fonts.body);
    // Its own light colours are not darkened by the default's dark ones.
    expect(theme.dark).toBeUndefined();
  });

  it('accepts a fallback stack as a list or one CSS string, and still refuses a bad name', () => {
    const font = (fallback: unknown) =>
      themeSchema.safeParse({ fonts: { body: { family: 'Inter', fallback } } });
    expect(font(['system-ui', 'sans-serif']).data?.fonts.body.fallback).toEqual(['system-ui', 'sans-serif']);
    expect(font('system-ui, sans-serif').data?.fonts.body.fallback).toEqual(['system-ui', 'sans-serif']);
    const bad = font('system-ui; color: red');
    expect(bad.success).toBe(false);
    expect(firstIssuePath(bad)).toMatch(/fonts\.body\.fallback/);
  });
});
