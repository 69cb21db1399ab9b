import { type DesignRecord, type MenuDesign, type Theme, themeTokenNames } from '../core/designs/index.ts';
import type { DeclarationContext } from './declarations.ts';
import { designRecordCss } from './design-css.ts';
import { menuDesignCss, PLAIN_BAR } from './menu-css.ts';
import { RESET_CSS } from './reset-css.ts';
import { themeCss } from './theme-css.ts';
import { designPrefix, validateDesign, validateTheme } from './validate.ts';

/**
 * The site stylesheet as plain CSS text, before lightningcss: pure (no `node:` modules, no I/O), so
 * the browser canvas can build the same rules for the designs it previews. compile.ts minifies it.
 */

export const LAYERS = ['reset', 'theme', 'design', 'instance', 'custom'] as const;
export type LayerName = (typeof LAYERS)[number];

/** First in every stylesheet: the layer order, whatever a minifier does with the blocks after it. */
export const LAYER_ORDER = `@layer ${LAYERS.join(',')};`;

export interface SiteCssInput {
  theme: Theme;
  /**
   * Every design the site renders for this revision: the stored published records and the generated
   * ones (a generated design's nodes need their classes too). Theme and site records are skipped.
   */
  designs: readonly DesignRecord[];
  /** The address of an asset (background images). */
  assetUrl: (assetId: string) => string;
  /** `@font-face` rules (fonts/font-face-css.ts), kept outside the layers. */
  fontFaces: string;
}

export function layer(name: LayerName, body: string): string {
  return body === '' ? '' : `@layer ${name}{\n${body}}\n`;
}

const KIND_ORDER: Record<string, number> = { menu: 0, layout: 1, page: 2, block: 3 };

/** Whether a record's nodes get rules in the stylesheet (theme and site records do not). */
export const styledKind = (kind: string): boolean => kind in KIND_ORDER;

/** Menus, layouts, pages, blocks; by key within a kind: the input's order never shows in the output. */
function ordered(designs: readonly DesignRecord[]): DesignRecord[] {
  return designs
    .filter((d) => styledKind(d.kind))
    .sort(
      (a, b) => KIND_ORDER[a.kind]! - KIND_ORDER[b.kind]! || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
    );
}

export function siteCssSource(input: SiteCssInput): string {
  const theme = validateTheme(input.theme);
  const ctx: DeclarationContext = { names: themeTokenNames(theme), assetUrl: input.assetUrl };
  let design = menuDesignCss(null, PLAIN_BAR, ctx, { prefix: 'menus[plain]', path: [] });
  for (const record of ordered(input.designs)) {
    validateDesign(record);
    const where = designPrefix(record);
    design +=
      record.kind === 'menu'
        ? menuDesignCss(record.key, record.published as MenuDesign, ctx, where)
        : designRecordCss(record, ctx, where);
  }
  return (
    LAYER_ORDER +
    `\n${input.fontFaces}\n` +
    layer('reset', RESET_CSS) +
    layer('theme', themeCss(theme, ctx)) +
    layer('design', design)
  );
}
