import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ASSET, validDesigns } from '../core/designs/fixtures.ts';
import { type DesignRecord, defaultTheme, type Theme } from '../core/designs/index.ts';
import { fontFaceCss } from '../fonts/font-face-css.ts';
import { menuClass, nodeClass } from './class-names.ts';
import { type CompileSiteCssArgs, compileSiteCss } from './compile.ts';
import { StyleError } from './style-error.ts';

// Loosely typed on purpose, like the fixtures: tests edit copies to make them invalid.
type Loose = Record<string, any>;

function fixture(edit?: (designs: Loose[], theme: Loose) => void): CompileSiteCssArgs {
  const designs = validDesigns() as Loose[];
  const theme = designs[0]!.published as Loose;
  edit?.(designs, theme);
  return {
    theme: theme as Theme,
    designs: designs as DesignRecord[],
    assetUrl: (id) => `/media/${id}/hero.webp`,
    fontFaces: fontFaceCss(theme as Theme, { uploadedFontUrl: (id) => `/media/${id}` }),
  };
}

const compile = (edit?: (designs: Loose[], theme: Loose) => void) => compileSiteCss(fixture(edit)).css;

function refusal(edit: (designs: Loose[], theme: Loose) => void): string {
  try {
    compile(edit);
  } catch (err) {
    expect(err).toBeInstanceOf(StyleError);
    return (err as StyleError).message;
  }
  throw new Error('expected a StyleError');
}

const page = (id: string) => `.${nodeClass({ kind: 'page', key: 'blog-post' }, id)}`;
const hero = (variant: string, id: string) => `.${nodeClass({ kind: 'block', key: 'hero', variant }, id)}`;
const layout = (id: string) => `.${nodeClass({ kind: 'layout', key: 'default' }, id)}`;

/** Splits a selector list at its top-level commas (not those inside `:not(…)`). */
function selectorList(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of list) {
    if (ch === ',' && depth === 0) {
      out.push(current.trim());
      current = '';
      continue;
    }
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    current += ch;
  }
  return [...out, current.trim()];
}

/** True when some rule lists the selector (alone or in a list) with exactly these declarations. */
function hasRule(css: string, selector: string, decls: string): boolean {
  for (const m of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    if (m[2] === decls && selectorList(m[1]!).includes(selector)) return true;
  }
  return false;
}

/** The declarations of the first rule for exactly this selector (at the top level of its block). */
function declarationsOf(css: string, selector: string, within = css): string {
  const start = within.indexOf(`${selector}{`);
  expect(start, `${selector} in ${css.length} bytes`).toBeGreaterThanOrEqual(0);
  const body = within.slice(start + selector.length + 1);
  return body.slice(0, body.indexOf('}'));
}

describe('compileSiteCss', () => {
  it('gives the same bytes and hash for the same input, whatever order maps and arrays arrive in', () => {
    const first = compileSiteCss(fixture());
    expect(compileSiteCss(fixture())).toEqual(first);
    const shuffled = compileSiteCss(
      fixture((designs, theme) => {
        designs.reverse();
        theme.space = Object.fromEntries(Object.entries(theme.space).reverse());
        theme.colors = Object.fromEntries(Object.entries(theme.colors).reverse());
        const blog = designs.find((d) => d.key === 'blog-post')!;
        blog.published.root.style = {
          mobile: { gap: 'space:4' },
          base: { maxWidth: 'container:prose', gap: 'space:6' },
        };
        const block = designs.find((d) => d.key === 'hero')!;
        block.published.variants = Object.fromEntries(Object.entries(block.published.variants).reverse());
      }),
    );
    expect(shuffled).toEqual(first);
    expect(first.hash).toMatch(/^[a-f0-9]{20}$/);
    expect(compile((_, theme) => (theme.colors.primary = '#000000'))).not.toBe(first.css);
  });

  it('declares the layers first, in order, and fills them in that order', () => {
    const css = compile((_, theme) => (theme.colors.primary = '#123456'));
    expect(css.startsWith('@layer reset,theme,design,instance,custom;')).toBe(true);
    const at = ['@layer reset{', '@layer theme{', '@layer design{'].map((l) => css.indexOf(l));
    expect(at.every((i) => i > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    const withCustom = compileSiteCss({ ...fixture(), customCss: '.promo { color: red }' }).css;
    expect(withCustom.indexOf('@layer custom{.promo{color:red}}')).toBeGreaterThan(
      withCustom.indexOf('@layer design{'),
    );
  });

  it('puts every token on :root and the dark colours under prefers-color-scheme', () => {
    const css = compile((_, theme) => {
      theme.colors.brand = '#ff6600';
      theme.dark = { bg: '#000000', text: '#eeeeee' };
    });
    const root = declarationsOf(css, ':root');
    for (const d of [
      '--color-primary:#2449b5',
      '--color-brand:#f60',
      '--font-heading:"Inter", "Inter Fallback", system-ui, sans-serif',
      '--type-xl-size:1.25rem',
      '--type-2xl-letter-spacing:-.01em',
      '--space-4:1rem',
      '--radius-md:.5rem',
      '--container-lg:1120px',
      '--container-default:var(--container-lg)',
    ]) {
      expect(root).toContain(d);
    }
    expect(root).toMatch(/--shadow-md:0 4px 8px -2px #1018281a, 0 2px 4px -2px #1018280f/);
    const dark = css.slice(css.indexOf('@media (prefers-color-scheme:dark){'));
    const darkRoot = declarationsOf(css, ':root', dark);
    expect(darkRoot).toContain('--color-bg:#000');
    expect(darkRoot).toContain('--color-text:#eee');
    // An empty dark role keeps its light value: it is simply not redefined.
    expect(darkRoot).not.toContain('--color-primary');
  });

  it('sets the mobile type sizes under the mobile breakpoint and text styles on elements', () => {
    const css = compile();
    const mobile = css.slice(css.indexOf('@media (width<=639px){:root{'));
    expect(declarationsOf(css, ':root', mobile)).toBe('--type-3xl-size:1.5rem;--type-4xl-size:1.875rem');
    const h1 = declarationsOf(css, 'h1');
    expect(h1).toContain('font-family:var(--font-heading)');
    expect(h1).toContain('font-size:var(--type-4xl-size)');
    expect(h1).toContain('font-weight:700');
    expect(declarationsOf(css, 'a:hover')).toBe('text-decoration:none');
    expect(declarationsOf(css, 'input:focus-visible,textarea:focus-visible,select:focus-visible')).toBe(
      'border-color:var(--color-primary)',
    );
  });

  it('emits one class per node with its breakpoints as media queries', () => {
    const css = compile((designs) => {
      const blog = designs.find((d) => d.key === 'blog-post')!;
      blog.published.root.style.tablet = { gap: 'space:5' };
    });
    const article = page('article');
    expect(declarationsOf(css, article)).toContain('gap:var(--space-6)');
    const tablet = css.slice(css.indexOf(`@media (width<=1023px){${article}{`));
    expect(declarationsOf(css, article, tablet)).toBe('gap:var(--space-5)');
    const mobile = css.slice(css.indexOf(`@media (width<=639px){${article}{`));
    expect(declarationsOf(css, article, mobile)).toBe('gap:var(--space-4)');
    // Narrower breakpoints come later, so they win where both match.
    expect(css.indexOf(`@media (width<=639px){${article}{`)).toBeGreaterThan(
      css.indexOf(`@media (width<=1023px){${article}{`),
    );
  });

  it('compiles hover, focus and active states', () => {
    const css = compile((designs) => {
      const cta = designs.find((d) => d.key === 'hero')!.published.variants.centered.root.children[1];
      cta.style.focus = { boxShadow: 'shadow:md' };
      cta.style.active = { opacity: 0.8 };
    });
    expect(declarationsOf(css, `${hero('centered', 'cta')}:hover`)).toBe(
      'background-color:var(--color-accent)',
    );
    expect(declarationsOf(css, `${hero('centered', 'cta')}:focus-visible`)).toBe(
      'box-shadow:var(--shadow-md)',
    );
    expect(declarationsOf(css, `${hero('centered', 'cta')}:active`)).toBe('opacity:.8');
  });

  it('mixes a colour token with alpha into transparency', () => {
    expect(declarationsOf(compile(), page('date'))).toBe(
      'font-size:var(--type-sm-size);color:color-mix(in srgb, var(--color-muted) 80%, transparent)',
    );
  });

  it('expands type steps, grids, gradients and background images', () => {
    const css = compile((designs) => {
      const blog = designs.find((d) => d.key === 'blog-post')!.published.root;
      blog.children[0].style = { base: { typeStep: 'type:2xl', fontWeight: 500 } };
      blog.children[2].style = {
        base: { backgroundImage: { assetId: ASSET, size: 'contain' }, gridColumn: 'full' },
        mobile: { gridColumn: 2 },
      };
    });
    // The explicit weight comes after the step's, so it wins.
    expect(declarationsOf(css, page('title'))).toBe(
      'font-size:var(--type-2xl-size);line-height:var(--type-2xl-line-height);font-weight:var(--type-2xl-weight);letter-spacing:var(--type-2xl-letter-spacing);font-weight:500',
    );
    expect(declarationsOf(css, page('cover'))).toBe(
      `background-image:url(/media/${ASSET}/hero.webp);background-position:50%;background-repeat:no-repeat;background-size:contain;grid-column:1/-1`,
    );
    expect(css).toContain(`@media (width<=639px){${page('cover')}{grid-column:span 2/span 2}}`);
    expect(declarationsOf(css, hero('imageLeft', 'hero'))).toContain(
      'grid-template-columns:repeat(2,minmax(0,1fr))',
    );
    expect(declarationsOf(css, hero('centered', 'hero'))).toContain(
      'background-image:linear-gradient(180deg, var(--color-surface) 0%, var(--color-bg) 100%)',
    );
  });

  it('lays out form fields: a column, a checkbox on one line with its label', () => {
    const css = compile((designs) => {
      const form = designs.find((d) => d.key === 'blog-post')!.published.root.children[5];
      form.children.splice(1, 0, {
        id: 'consent',
        el: 'formField',
        props: { name: 'consent', label: 'Yes', type: 'checkbox' },
      });
    });
    expect(declarationsOf(css, page('email'))).toBe(
      'flex-direction:column;gap:.375rem;inline-size:100%;display:flex',
    );
    expect(declarationsOf(css, page('consent'))).toBe(
      'flex-wrap:wrap;align-items:center;gap:.375rem .5rem;display:flex',
    );
    expect(declarationsOf(css, `${page('consent')} :where([data-field-error])`)).toBe(
      'flex-basis:100%;font-size:.875em;font-weight:600',
    );
  });

  it('hides a node at the viewports its visibility leaves out', () => {
    const css = compile();
    const locales = layout('locales');
    expect(css).toContain(`@media (639px<width<=1023px){${locales}{display:none}}`);
    expect(css).toContain(`@media (width<=639px){${locales}{display:none}}`);
    expect(css).not.toContain(`@media (width>1023px){${locales}{display:none}}`);
  });

  it('styles menu parts and hides closed submenus until the island opens them', () => {
    const css = compile((designs) => {
      designs.find((d) => d.key === 'top-bar')!.published.styles.level = { base: { padding: 'space:3' } };
    });
    const c = (part: Parameters<typeof menuClass>[1]) => `.${menuClass('top-bar', part)}`;
    expect(declarationsOf(css, c('current'))).toBe('color:var(--color-primary);font-weight:600');
    expect(
      hasRule(
        css,
        `${c('root')}[data-menu-ready] ${c('menu')}>${c('item')}>${c('level')}:not([data-open])`,
        'display:none',
      ),
    ).toBe(true);
    expect(
      hasRule(
        css,
        `${c('root')}:not([data-menu-ready]) ${c('menu')}>${c('item')}:not(:hover,:focus-within)>${c('level')}`,
        'display:none',
      ),
    ).toBe(true);
    // Collapses at tablet behind the burger: the level style is the open submenu's, above the collapse point.
    const wide = css.slice(css.indexOf(`@media (width>1023px){:where(${c('menu')})`));
    expect(declarationsOf(css, c('level'), wide)).toBe('padding:var(--space-3)');
    expect(hasRule(css, `${c('root')}[data-menu-ready] ${c('panel')}:not([data-open])`, 'display:none')).toBe(
      true,
    );
    expect(hasRule(css, `${c('root')}[data-menu-ready] ${c('mobileButton')}`, 'display:inline-flex')).toBe(
      true,
    );
    // The plain bar of menu nodes without a design is always there.
    expect(css).toContain(`:where(.${menuClass(null, 'menu')}){`);
  });

  it('refuses a token the theme does not define, naming its path', () => {
    expect(
      refusal((designs) => {
        designs.find((d) => d.key === 'blog-post')!.published.root.children[1].style.base.color =
          'color:brand';
      }),
    ).toBe('designs[page/blog-post].root.children[1].style.base.color: unknown token color:brand');
    expect(
      refusal((designs) => {
        designs.find(
          (d) => d.key === 'hero',
        )!.published.variants.centered.root.style.base.backgroundImage.stops[1].color = 'color:sky';
      }),
    ).toBe(
      'designs[block/hero].variants.centered.root.style.base.backgroundImage.stops[1].color: unknown token color:sky',
    );
    expect(
      refusal((designs) => {
        designs.find((d) => d.key === 'top-bar')!.published.styles.menu = { hover: { gap: 'space:99' } };
      }),
    ).toBe('designs[menu/top-bar].styles.menu.hover.gap: unknown token space:99');
    expect(refusal((_, theme) => (theme.textStyles.h2.color = 'color:ink'))).toBe(
      'theme.textStyles.h2.color: unknown token color:ink',
    );
  });

  it('refuses values outside the allow-list, naming their path', () => {
    expect(
      refusal((designs) => {
        designs.find((d) => d.key === 'blog-post')!.published.root.style.base.float = 'left';
      }),
    ).toBe('designs[page/blog-post].root.style.base.float: unknown property');
    expect(
      refusal((designs) => {
        designs.find((d) => d.key === 'blog-post')!.published.root.style.base.color =
          'red;}body{display:none';
      }),
    ).toMatch(/^designs\[page\/blog-post\]\.root\.style\.base\.color: expected a color token/);
    expect(refusal((_, theme) => (theme.space['4'] = 'calc(1rem)'))).toMatch(/^theme\.space\.4: expected/);
    expect(() => compileSiteCss({ ...fixture(), customCss: '.a { color: red' })).not.toThrow();
    expect(() => compileSiteCss({ ...fixture(), customCss: '.a { color: }}}' })).toThrow(StyleError);
  });

  it('compiles the default theme with no designs at all', () => {
    const { css } = compileSiteCss({
      theme: defaultTheme,
      designs: [],
      assetUrl: () => '',
      fontFaces: fontFaceCss(defaultTheme, { uploadedFontUrl: () => '' }),
    });
    expect(css).toContain('@font-face{font-family:Inter;');
    expect(css).toContain(
      'font-family:Inter Fallback;src:local(Arial),local(Liberation Sans),local(Arimo);size-adjust:',
    );
  });

  // No project is loaded here: the coffee design's brew-ratio component is unknown, and costs only itself.
  it('compiles the demo space’s designs, twice to the same bytes', () => {
    const space = JSON.parse(readFileSync(new URL('../demo/space.json', import.meta.url), 'utf8'));
    const designs = space.website.designs as DesignRecord[];
    const theme = designs.find((d) => d.kind === 'theme')!.published as Theme;
    const args = {
      theme,
      designs,
      assetUrl: (id: string) => `/media/${id}`,
      fontFaces: fontFaceCss(theme, { uploadedFontUrl: (id) => `/media/${id}` }),
    };
    const first = compileSiteCss(args);
    expect(compileSiteCss({ ...args, designs: structuredClone(designs) })).toEqual(first);
    for (const menu of designs.filter((d) => d.kind === 'menu')) {
      expect(first.css).toContain(menuClass(menu.key, 'current'));
    }
  });
});
