import { bundledFamily, type FontRole, type Theme } from '../core/designs/index.ts';
import { fontFile } from './catalog.ts';

/**
 * The font files a page should preload: for each font role it renders, the regular-style faces of the
 * weights the theme's text styles give that role (body text, h1–h6). Other faces still load when
 * used, just not ahead of the stylesheet. The renderer writes each as
 * `<link rel="preload" as="font" type="font/woff2" href="…" crossorigin>` (fonts are always fetched
 * in CORS mode, so a preload without `crossorigin` would be fetched twice).
 */

export interface FontPreloadOptions {
  uploadedFontUrl: (assetId: string) => string;
}

const TEXT_STYLES = ['body', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const;

/** The weights a theme's text styles use for one role, ascending; body text always counts for `body`. */
export function roleWeights(theme: Theme, role: FontRole): number[] {
  const weights = new Set<number>();
  for (const name of TEXT_STYLES) {
    const style = theme.textStyles[name];
    if (style.font === role) weights.add(style.weight ?? theme.typeSteps[style.step].weight);
  }
  if (weights.size === 0) weights.add(400);
  return [...weights].sort((a, b) => a - b);
}

/** The face a browser picks for a weight among the available ones (CSS Fonts, "font-weight" matching). */
export function matchWeight(available: readonly number[], desired: number): number | undefined {
  const sorted = [...available].sort((a, b) => a - b);
  if (sorted.includes(desired)) return desired;
  const below = sorted.filter((w) => w < desired).reverse();
  const above = sorted.filter((w) => w > desired);
  if (desired >= 400 && desired <= 500) {
    const upTo500 = above.filter((w) => w <= 500);
    return [...upTo500, ...below, ...above.filter((w) => w > 500)][0];
  }
  return (desired < 400 ? [...below, ...above] : [...above, ...below])[0];
}

export function fontPreloads(
  theme: Theme,
  usedRoles: Iterable<FontRole>,
  options: FontPreloadOptions,
): string[] {
  const urls = new Set<string>();
  const roles = [...new Set(usedRoles)].sort();
  for (const role of roles) {
    const font = theme.fonts[role];
    for (const weight of roleWeights(theme, role)) {
      if (font.uploaded) {
        const faces = font.uploaded.filter((f) => f.style === 'normal');
        const w = matchWeight(
          faces.map((f) => f.weight),
          weight,
        );
        const face = faces.find((f) => f.weight === w);
        if (face) urls.add(options.uploadedFontUrl(face.assetId));
      } else {
        const file = fontFile(font.family, weight, 'normal') ?? nearestBundled(font.family, weight);
        if (file) urls.add(file.url);
      }
    }
  }
  return [...urls];
}

function nearestBundled(family: string, weight: number) {
  const available = bundledFamily(family)?.weights ?? [];
  const w = matchWeight(available, weight);
  return w === undefined ? undefined : fontFile(family, w, 'normal');
}
