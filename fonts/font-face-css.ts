import { bundledFamily, FONT_ROLES, type FontFamily, type Theme } from '../core/designs/index.ts';
import { cssUrl } from '../styles/css-text.ts';
import { fontCatalog } from './catalog.ts';
import { SYSTEM_FALLBACKS } from './fallback-metrics.ts';
import { fallbackFaceName, familyName } from './font-stack.ts';
import { FAMILY_METRICS } from './metrics.ts';
import type { FontMetrics } from './woff2-metrics.ts';

/**
 * The `@font-face` rules of a theme's fonts: every weight and style of each bundled family the theme
 * uses (browsers download only the faces a page renders), the faces of uploaded families, and for each
 * bundled family a metric-matched fallback face so text keeps its place while the font swaps in.
 */

export interface FontFaceOptions {
  /** The address of an uploaded font's woff2 asset. */
  uploadedFontUrl: (assetId: string) => string;
}

/** The families of a theme, once each, in role order (body, heading, mono). */
export function themeFamilies(theme: Theme): FontFamily[] {
  const seen = new Map<string, FontFamily>();
  for (const role of FONT_ROLES) {
    const font = theme.fonts[role];
    const key = font.uploaded ? `uploaded:${font.family}:${JSON.stringify(font.uploaded)}` : font.family;
    if (!seen.has(key)) seen.set(key, font);
  }
  return [...seen.values()];
}

const pct = (n: number) => `${(n * 100).toFixed(2)}%`;

/** The overrides that give a local face the web font's average width and vertical metrics. */
export function fallbackOverrides(font: FontMetrics, local: FontMetrics) {
  const sizeAdjust = font.xWidthAvg / font.unitsPerEm / (local.xWidthAvg / local.unitsPerEm);
  const scaled = (units: number) => Math.abs(units) / font.unitsPerEm / sizeAdjust;
  return {
    sizeAdjust: pct(sizeAdjust),
    ascentOverride: pct(scaled(font.ascent)),
    descentOverride: pct(scaled(font.descent)),
    lineGapOverride: pct(scaled(font.lineGap)),
  };
}

function bundledFaces(font: FontFamily): string[] {
  const family = bundledFamily(font.family);
  if (!family) return [];
  const catalog = fontCatalog();
  const range = catalog.unicodeRange(family.id);
  const faces = catalog.files
    .filter((f) => f.family.id === family.id)
    .map(
      (f) =>
        `@font-face{font-family:${familyName(family.name)};font-style:${f.style};font-weight:${f.weight};` +
        `font-display:swap;src:${cssUrl(f.url)} format("woff2");unicode-range:${range}}`,
    );
  const metrics = FAMILY_METRICS[family.id];
  if (metrics) {
    const local = SYSTEM_FALLBACKS[family.category];
    const o = fallbackOverrides(metrics, local.metrics);
    faces.push(
      `@font-face{font-family:${familyName(fallbackFaceName(family.name))};` +
        `src:${local.locals.map((l) => `local(${JSON.stringify(l)})`).join(',')};` +
        `size-adjust:${o.sizeAdjust};ascent-override:${o.ascentOverride};` +
        `descent-override:${o.descentOverride};line-gap-override:${o.lineGapOverride}}`,
    );
  }
  return faces;
}

function uploadedFaces(font: FontFamily, options: FontFaceOptions): string[] {
  const faces = [...(font.uploaded ?? [])].sort(
    (a, b) => a.weight - b.weight || a.style.localeCompare(b.style),
  );
  return faces.map(
    (face) =>
      `@font-face{font-family:${familyName(font.family)};font-style:${face.style};font-weight:${face.weight};` +
      `font-display:swap;src:${cssUrl(options.uploadedFontUrl(face.assetId))} format("woff2")}`,
  );
}

export function fontFaceCss(theme: Theme, options: FontFaceOptions): string {
  return themeFamilies(theme)
    .flatMap((font) => (font.uploaded ? uploadedFaces(font, options) : bundledFaces(font)))
    .join('\n');
}
