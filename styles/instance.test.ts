import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ASSET } from '../core/designs/fixtures.ts';
import { defaultTheme, type InstanceStyle } from '../core/designs/index.ts';
import { instanceClass } from './class-names.ts';
import { compileSiteCss } from './compile.ts';
import { contentHash, strongEtag } from './content-hash.ts';
import { compileInstanceCss, forgetMinifiedLayers } from './instance.ts';
import { minifyCss } from './lightning.ts';

const site = compileSiteCss({ theme: defaultTheme, designs: [], assetUrl: () => '', fontFaces: '' });
const assetUrl = (id: string) => `/media/${id}/hero.webp`;
const compile = (blocks: { blockId: string; style: InstanceStyle }[]) =>
  compileInstanceCss({ siteCss: site.css, blocks, theme: defaultTheme, assetUrl });

const A = 'b10c0000-0000-4000-8000-00000000000a';
const B = 'b10c0000-0000-4000-8000-00000000000b';

describe('compileInstanceCss', () => {
  it('appends one override class per block in the instance layer, after the site rules', () => {
    const { css, hash, refused } = compile([
      { blockId: A, style: { background: 'color:surface', paddingY: 'space:12', textAlign: 'center' } },
    ]);
    expect(refused).toEqual([]);
    expect(css.startsWith(site.css)).toBe(true);
    expect(css.slice(site.css.length)).toBe(
      `@layer instance{.${instanceClass(A)}{background-color:var(--color-surface);padding-block:var(--space-12);text-align:center}}`,
    );
    expect(hash).toMatch(/^[a-f0-9]{20}$/);
    expect(hash).not.toBe(site.hash);
  });

  it('names the sheet the same from a hasher that has read the site rules, which it leaves as it was', () => {
    const blocks = [{ blockId: A, style: { gap: 'space:4' } as InstanceStyle }];
    const siteHasher = createHash('sha256').update(site.css);
    for (let i = 0; i < 2; i++) {
      const continued = compileInstanceCss({
        siteCss: site.css,
        blocks,
        theme: defaultTheme,
        assetUrl,
        siteHasher,
      });
      expect(continued.hash).toBe(contentHash(continued.css));
      expect(continued.etag).toBe(strongEtag(continued.css));
      expect(continued.hash).toBe(compile(blocks).hash);
    }
  });

  it('is deterministic whatever order the blocks come in', () => {
    const a = { blockId: A, style: { gap: 'space:4' } };
    const b = { blockId: B, style: { paddingX: 'space:2' } };
    expect(compile([a, b])).toEqual(compile([b, a]));
  });

  it('compiles widths, background images and hiding per viewport', () => {
    const { css } = compile([
      {
        blockId: A,
        style: {
          width: 'full',
          backgroundImage: { assetId: ASSET, position: 'top' },
          hide: { mobile: true, desktop: true },
        },
      },
      { blockId: B, style: { width: 'contained', background: 'color:primary/20' } },
    ]);
    const a = `.${instanceClass(A)}`;
    const b = `.${instanceClass(B)}`;
    expect(css).toContain(
      `${a}{background-image:url(/media/${ASSET}/hero.webp);background-position:top;background-repeat:no-repeat;background-size:cover;inline-size:auto;max-inline-size:none;margin-inline:calc(50% - 50vw)}`,
    );
    expect(css).toContain(`@media (width>1023px){${a}{display:none}}`);
    expect(css).toContain(`@media (width<=639px){${a}{display:none}}`);
    expect(css).not.toContain(`@media (639px<width<=1023px){${a}`);
    expect(css).toContain(
      `${b}{background-color:color-mix(in srgb, var(--color-primary) 20%, transparent);inline-size:min(100%, var(--container-default));max-inline-size:none;margin-inline:auto}`,
    );
  });

  it('leaves out and reports a block whose style is refused, keeping the others', () => {
    const { css, refused } = compile([
      { blockId: A, style: { background: 'color:brand' } },
      { blockId: B, style: { gap: 'space:4', color: 'color:text' } as InstanceStyle },
      { blockId: 'c', style: { gap: 'space:4' } },
    ]);
    expect(refused.map((r) => [r.blockId, r.error.message])).toEqual([
      [A, `blocks[${A}].style.background: unknown token color:brand`],
      [B, `blocks[${B}].style.color: unknown property`],
    ]);
    expect(css).toContain(`.${instanceClass('c')}{gap:var(--space-4)}`);
    expect(css).not.toContain(instanceClass(A));
  });

  it('gives copies of one template their own names and addresses in the bytes a minify of them gives', () => {
    const styles: InstanceStyle[] = [
      { backgroundImage: { assetId: ASSET, repeat: 'repeat' }, hide: { mobile: true } },
      { paddingY: 'space:12', background: 'color:surface' },
      { textAlign: 'center' },
    ];
    const copyAsset = (n: number) => `0b7e4c1a-6d2f-4a8e-9c3b-5f1e2d3c4b0${n}`;
    const copy = (n: number) =>
      compile(
        styles.map((style, i) => ({
          blockId: `b10c0000-0000-${4000 + n}-8000-00000000000${i}`,
          style: style.backgroundImage
            ? { ...style, backgroundImage: { ...style.backgroundImage, assetId: copyAsset(n) } }
            : style,
        })),
      );
    const first = copy(1);
    const second = copy(2); // the first's minified layer, filled in
    forgetMinifiedLayers();
    expect(second).toEqual(copy(2)); // minified anew
    let renamed = first.css.replaceAll(copyAsset(1), copyAsset(2));
    for (let i = 0; i < styles.length; i++)
      renamed = renamed.replaceAll(
        instanceClass(`b10c0000-0000-4001-8000-00000000000${i}`),
        instanceClass(`b10c0000-0000-4002-8000-00000000000${i}`),
      );
    expect(second.css).toBe(renamed);
    expect(second.css).toContain(`url(/media/${copyAsset(2)}/hero.webp)`);
  });

  it('minifies the named rules when an address is not plain', () => {
    const odd = (id: string) => `/media/${id} (old)/hero.webp`;
    const { css } = compileInstanceCss({
      siteCss: '',
      blocks: [{ blockId: A, style: { backgroundImage: { assetId: ASSET } } }],
      theme: defaultTheme,
      assetUrl: odd,
    });
    expect(css).toBe(
      minifyCss(
        `@layer instance{\n.${instanceClass(A)}{background-image:url("${odd(ASSET)}");background-position:center;background-size:cover;background-repeat:no-repeat}\n}\n`,
        'instance.css',
      ),
    );
  });

  it('adds nothing when no block has a style the compiler keeps', () => {
    const { css, hash } = compile([]);
    expect(css).toBe(site.css);
    expect(hash).toBe(site.hash);
  });
});
