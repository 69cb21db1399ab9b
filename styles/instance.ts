import type { Hash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import {
  type InstanceStyle,
  instanceStyleSchema,
  type Theme,
  themeTokenNames,
  VIEWPORTS,
} from '../core/designs/index.ts';
import { instanceClass } from './class-names.ts';
import type { CompiledCss } from './compile.ts';
import { contentHash, continuedHash } from './content-hash.ts';
import { backgroundAssetDeclarations, type DeclarationContext } from './declarations.ts';
import { minifyCss } from './lightning.ts';
import { media, rule } from './rule-css.ts';
import { at, formatStylePath, StyleError, type StylePath } from './style-error.ts';
import { valueCss } from './token-css.ts';
import { VIEWPORT_MEDIA } from './viewports.ts';

/**
 * The stylesheet of a page whose blocks carry instance styles (`ext.website.style`): the site rules,
 * then one override class per block (`instanceClass(blockId)`) in the `instance` layer, which comes
 * after `design` and so wins over the block's design. Only the keys of `instanceStyleSchema` exist.
 *
 * Instance styles are content, edited per document: a block whose style is refused (a key outside the
 * allow-list, a colour the theme no longer defines) is left out and reported, never failing the page.
 */

export interface BlockInstanceStyle {
  blockId: string;
  style: InstanceStyle;
}

export interface CompileInstanceCssArgs {
  /** The site stylesheet of the revision (`compileSiteCss(...).css`). */
  siteCss: string;
  blocks: readonly BlockInstanceStyle[];
  /** The theme the site stylesheet was compiled from (token references are checked against it). */
  theme: Theme;
  assetUrl: (assetId: string) => string;
  /** A SHA-256 that has read `siteCss` (`siteSheetHasher`): the sheet's hash then costs its own rules only. */
  siteHasher?: Hash;
}

export interface CompiledInstanceCss extends CompiledCss {
  /** Blocks left out, with why: the caller logs them. */
  refused: { blockId: string; error: StyleError }[];
}

function blockRules(
  block: BlockInstanceStyle,
  ctx: DeclarationContext,
  where: StylePath,
  className: string,
): string {
  const parsed = instanceStyleSchema.safeParse(block.style);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const key = issue.code === 'unrecognized_keys' ? issue.keys[0] : undefined;
    const path = [...issue.path, ...(key ? [key] : [])].map((p) => (typeof p === 'number' ? p : String(p)));
    throw new StyleError(formatStylePath(at(where, ...path)), key ? 'unknown property' : issue.message);
  }
  const s = parsed.data;
  const selector = `.${className}`;
  const decls: string[] = [];
  if (s.background)
    decls.push(`background-color:${valueCss(s.background, ctx.names, at(where, 'background'))}`);
  if (s.backgroundImage) decls.push(...backgroundAssetDeclarations(s.backgroundImage, ctx));
  if (s.paddingX) decls.push(`padding-inline:${valueCss(s.paddingX, ctx.names, at(where, 'paddingX'))}`);
  if (s.paddingY) decls.push(`padding-block:${valueCss(s.paddingY, ctx.names, at(where, 'paddingY'))}`);
  if (s.gap) decls.push(`gap:${valueCss(s.gap, ctx.names, at(where, 'gap'))}`);
  if (s.textAlign) decls.push(`text-align:${s.textAlign}`);
  if (s.width === 'contained') {
    decls.push(
      'inline-size:min(100%, var(--container-default))',
      'max-inline-size:none',
      'margin-inline:auto',
    );
  } else if (s.width === 'full') {
    // Full bleed from inside any centred container: as wide as the viewport, pulled out by the difference.
    decls.push('inline-size:auto', 'max-inline-size:none', 'margin-inline:calc(50% - 50vw)');
  }
  let css = rule(selector, decls);
  for (const viewport of VIEWPORTS) {
    if (s.hide?.[viewport]) css += media(VIEWPORT_MEDIA[viewport], rule(selector, ['display:none']));
  }
  return css;
}

/**
 * The minified instance layer by its rules with each block's class and each address as a numbered slot: copies of
 * one template (issue 42: 10,000 sites of the demo) give their blocks and assets ids of their own, so the same
 * rules under other names, and lightningcss's minify was a first visit's largest part of the page sheet. Minifying
 * changes no class name, keeps the rules' order and writes a plain address (PLAIN_URL) unquoted as it writes a
 * slot, so the slots filled in give the bytes a minify of the named rules gives (instance.test.ts). At most 4 M
 * characters of layers and results, least recently used out first.
 */
const minifiedLayers = new LRUCache<string, string>({
  maxSize: 4 * 1024 * 1024,
  sizeCalculation: (value, key) => value.length + key.length,
});
const SLOT = /vslot(u?)(\d+)x/g;
const SLOTS_WHERE_WRITTEN = /\.vslot\d+x\{|"vslotu\d+x"/g;
const PLAIN_URL = /^[A-Za-z0-9/._~?=&%+-]*$/;

/** Forgets the minified layers (tests compare a layer filled from them with one minified anew). */
export function forgetMinifiedLayers(): void {
  minifiedLayers.clear();
}

const layerOf = (body: string) => (body === '' ? '' : `@layer instance{\n${body}}\n`);

export function compileInstanceCss(args: CompileInstanceCssArgs): CompiledInstanceCss {
  const names = themeTokenNames(args.theme);
  const byId = new Map<string, BlockInstanceStyle>();
  for (const block of args.blocks) if (!byId.has(block.blockId)) byId.set(block.blockId, block);
  const ids = [...byId.keys()].sort();
  const refused: CompiledInstanceCss['refused'] = [];
  const classes: string[] = [];
  const urls: string[] = [];
  let plain = true;
  const slotCtx: DeclarationContext = {
    names,
    assetUrl: (assetId) => {
      const url = args.assetUrl(assetId);
      if (!PLAIN_URL.test(url)) plain = false;
      return `vslotu${urls.push(url) - 1}x`;
    },
  };
  let body = '';
  for (const id of ids) {
    try {
      body += blockRules(
        byId.get(id)!,
        slotCtx,
        { prefix: `blocks[${id}].style`, path: [] },
        `vslot${classes.length}x`,
      );
      classes.push(instanceClass(id));
    } catch (err) {
      if (!(err instanceof StyleError)) throw err;
      refused.push({ blockId: id, error: err });
    }
  }
  let instance = '';
  if (body !== '' && plain && !body.replace(SLOTS_WHERE_WRITTEN, '').includes('vslot')) {
    const layer = layerOf(body);
    let minified = minifiedLayers.get(layer);
    if (minified === undefined) {
      minified = minifyCss(layer, 'instance.css');
      minifiedLayers.set(layer, minified);
    }
    instance = minified.replace(SLOT, (_, url: string, n: string) => (url ? urls : classes)[Number(n)]!);
  } else if (body !== '') {
    // An address the minifier may quote, or slot-like text of the rules' own: the named rules, minified as they are.
    const ctx: DeclarationContext = { names, assetUrl: args.assetUrl };
    let named = '';
    for (const id of ids) {
      if (refused.some((r) => r.blockId === id)) continue;
      named += blockRules(byId.get(id)!, ctx, { prefix: `blocks[${id}].style`, path: [] }, instanceClass(id));
    }
    instance = minifyCss(layerOf(named), 'instance.css');
  }
  const css = args.siteCss + instance;
  if (args.siteHasher) return { css, ...continuedHash(args.siteHasher, instance), refused };
  return { css, hash: contentHash(css), refused };
}
