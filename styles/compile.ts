import { contentHash } from './content-hash.ts';
import { minifyCss } from './lightning.ts';
import { LAYER_ORDER, layer, type SiteCssInput, siteCssSource } from './site-css.ts';
import { StyleError } from './style-error.ts';

/**
 * The site stylesheet: one deterministic compile of the theme and the published designs, in the cascade
 * layers `reset, theme, design, instance, custom`, minified by lightningcss for the browser targets of
 * lightning.ts. Same input, same bytes: everything that arrives as a map is sorted, and the hash names
 * the bytes (`/_site/<hash>.css`).
 */

export interface CompileSiteCssArgs extends SiteCssInput {
  /** The site's own CSS, trusted (editing it needs `website:code`); it goes in the last layer. */
  customCss?: string;
}

export interface CompiledCss {
  css: string;
  hash: string;
  /** `strongEtag(css)`, when the compiler already has it (the store computes it otherwise). */
  etag?: string;
}

/** The site's custom CSS on its own, so a stray brace cannot close the layer it is put in. */
function customLayer(customCss: string | undefined): string {
  if (!customCss?.trim()) return '';
  try {
    return layer('custom', minifyCss(customCss, 'custom.css'));
  } catch (err) {
    throw new StyleError('customCss', (err as Error).message);
  }
}

export function compileSiteCss(args: CompileSiteCssArgs): CompiledCss {
  const source = siteCssSource(args);
  // The minifier folds the order statement into the blocks it precedes; it is put back in front.
  const css = LAYER_ORDER + minifyCss(source + customLayer(args.customCss), 'site.css');
  return { css, hash: contentHash(css) };
}
