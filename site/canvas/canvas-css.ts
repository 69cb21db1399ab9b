import { FONT_ROLES, type Theme } from '../../core/designs/index.ts';
import type { DeliveredAsset } from '../../delivery/reader/types.ts';
import { familyName } from '../../fonts/font-stack.ts';
import { cssUrl } from '../../styles/css-text.ts';
import { siteCssSource } from '../../styles/site-css.ts';
import type { DesignBundle } from '../designs/site-designs.ts';

/**
 * The stylesheet of what the canvas draws: the site stylesheet's source (styles/site-css.ts, the same
 * rules the site compiles, before lightningcss minifies them, which needs native code), for the
 * designs of the message. Bundled fonts come from the canvas page's own stylesheet (every family's
 * faces, build/canvas.ts); uploaded fonts and background images from the assets the message carries.
 * Instance styles of blocks are not drawn: their compiler is Node-only (styles/instance.ts).
 */

/** An asset the message did not carry: nothing to load (img-src admits data:). */
const MISSING = 'data:,';

/**
 * `@font-face` for the uploaded faces of the theme's families (as fonts/font-face-css.ts writes them);
 * a face whose asset the message did not carry is left out (the fallback stack shows).
 */
export function uploadedFontFaces(theme: Theme, fontUrl: (assetId: string) => string | undefined): string {
  const faces = new Map<string, string>();
  for (const role of FONT_ROLES) {
    const font = theme.fonts[role];
    for (const face of font.uploaded ?? []) {
      const url = fontUrl(face.assetId);
      if (url === undefined) continue;
      faces.set(
        `${font.family}/${face.weight}/${face.style}`,
        `@font-face{font-family:${familyName(font.family)};font-style:${face.style};font-weight:${face.weight};` +
          `font-display:swap;src:${cssUrl(url)} format("woff2")}`,
      );
    }
  }
  return [...faces.values()].join('\n');
}

export function canvasCss(bundle: DesignBundle, assets: ReadonlyMap<string, DeliveredAsset>): string {
  const theme = bundle.designs.theme;
  return siteCssSource({
    theme,
    designs: bundle.records,
    assetUrl: (assetId) => assets.get(assetId)?.variants.hero ?? MISSING,
    fontFaces: uploadedFontFaces(theme, (assetId) => assets.get(assetId)?.url),
  });
}
