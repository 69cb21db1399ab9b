import {
  BREAKPOINTS,
  COLOR_ROLES,
  FONT_ROLES,
  type Theme,
  type ThemeTokenNames,
  TYPE_STEPS,
} from '../core/designs/index.ts';
import { fontStack } from '../fonts/font-stack.ts';
import { BUTTON_CLASS, PROSE_CLASS, SKIP_LINK_CLASS, SR_ONLY_CLASS } from './class-names.ts';
import type { DeclarationContext } from './declarations.ts';
import { media, rule, styleRules } from './rule-css.ts';
import { at, type StylePath } from './style-error.ts';
import { tokenProperty, valueCss } from './token-css.ts';

/**
 * The `theme` layer: every token as a custom property on `:root` (dark colours under
 * `prefers-color-scheme: dark`, mobile type sizes under the mobile breakpoint), then the base styles of
 * plain elements: body text and h1–h6 from the text styles, and the theme's element styles.
 */

const THEME: StylePath = { prefix: 'theme', path: [] };

/** Numbers in numeric order, names in code-point order: stable whatever order a map arrived in. */
export function naturalCompare(a: string, b: string): number {
  const na = /^\d+$/.test(a);
  const nb = /^\d+$/.test(b);
  if (na && nb) return Number(a) - Number(b);
  if (na !== nb) return na ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

const sortedEntries = <V>(map: Record<string, V>) =>
  Object.entries(map).sort(([a], [b]) => naturalCompare(a, b));

function colorEntries(colors: Record<string, string | undefined>): [string, string][] {
  const roles = COLOR_ROLES as readonly string[];
  const extras = Object.keys(colors)
    .filter((k) => !roles.includes(k))
    .sort(naturalCompare);
  return [...roles, ...extras].flatMap((name) => {
    const value = colors[name];
    return value === undefined ? [] : [[name, value] as [string, string]];
  });
}

function shadowValue(theme: Theme, name: string, names: ThemeTokenNames): string {
  return theme.shadow[name]!.map((layer, i) => {
    const color = valueCss(layer.color, names, at(THEME, 'shadow', name, i, 'color'));
    const parts = [layer.inset ? 'inset' : '', layer.x, layer.y, layer.blur, layer.spread ?? '', color];
    return parts.filter((p) => p !== '').join(' ');
  }).join(', ');
}

function rootProperties(theme: Theme, names: ThemeTokenNames): string[] {
  const decls: string[] = [];
  for (const [name, value] of colorEntries(theme.colors))
    decls.push(`${tokenProperty('color', name)}:${value}`);
  for (const role of FONT_ROLES) decls.push(`${tokenProperty('font', role)}:${fontStack(theme.fonts[role])}`);
  for (const step of TYPE_STEPS) {
    const s = theme.typeSteps[step];
    decls.push(
      `${tokenProperty('type', step, 'size')}:${s.size}`,
      `${tokenProperty('type', step, 'line-height')}:${s.lineHeight}`,
      `${tokenProperty('type', step, 'weight')}:${s.weight}`,
      `${tokenProperty('type', step, 'letter-spacing')}:${s.letterSpacing ?? 'normal'}`,
    );
  }
  for (const [name, value] of sortedEntries(theme.space))
    decls.push(`${tokenProperty('space', name)}:${value}`);
  for (const [name, value] of sortedEntries(theme.radius))
    decls.push(`${tokenProperty('radius', name)}:${value}`);
  for (const [name] of sortedEntries(theme.shadow)) {
    decls.push(`${tokenProperty('shadow', name)}:${shadowValue(theme, name, names)}`);
  }
  for (const [name, value] of sortedEntries(theme.containers.widths)) {
    decls.push(`${tokenProperty('container', name)}:${value}`);
  }
  decls.push(
    `--container-default:var(${tokenProperty('container', theme.containers.default)})`,
    `--container-gutter:${theme.containers.gutter}`,
    `color-scheme:${theme.dark ? 'light dark' : 'light'}`,
  );
  return decls;
}

const TEXT_SELECTORS = { body: 'body', h1: 'h1', h2: 'h2', h3: 'h3', h4: 'h4', h5: 'h5', h6: 'h6' } as const;

function textStyleRules(theme: Theme, names: ThemeTokenNames): string {
  return (Object.keys(TEXT_SELECTORS) as (keyof typeof TEXT_SELECTORS)[])
    .map((name) => {
      const ts = theme.textStyles[name];
      const step = (part: Parameters<typeof tokenProperty>[2]) =>
        `var(${tokenProperty('type', ts.step, part)})`;
      const decls = [
        `font-family:var(${tokenProperty('font', ts.font)})`,
        `font-size:${step('size')}`,
        `line-height:${step('line-height')}`,
        `font-weight:${ts.weight ?? step('weight')}`,
        `letter-spacing:${step('letter-spacing')}`,
      ];
      if (ts.color) decls.push(`color:${valueCss(ts.color, names, at(THEME, 'textStyles', name, 'color'))}`);
      if (name === 'body') decls.push('background-color:var(--color-bg)');
      return rule(TEXT_SELECTORS[name], decls);
    })
    .join('');
}

/** Element styles by selector; `button` is the look of button nodes and form submit buttons. */
const ELEMENT_SELECTORS = {
  body: 'body',
  link: 'a',
  button: `.${BUTTON_CLASS}, button[type="submit"]`,
  input: 'input, textarea, select',
  label: 'label',
  prose: `.${PROSE_CLASS}`,
} as const;

// What the element styles build on: buttons are inline boxes, rich text has a reading rhythm.
const ELEMENT_BASE = `
.${BUTTON_CLASS}, button[type="submit"]{display:inline-flex;align-items:center;justify-content:center;gap:.5em;text-decoration:none;cursor:pointer;border:0}
.${PROSE_CLASS}>*+*{margin-block-start:1em}
.${PROSE_CLASS} :where(h2,h3,h4,h5,h6){margin-block-start:1.5em}
.${PROSE_CLASS} :where(ul,ol){padding-inline-start:1.5em}
.${PROSE_CLASS} :where(li+li){margin-block-start:.25em}
.${PROSE_CLASS} :where(code,kbd,samp,pre){font-family:var(--font-mono);font-size:.9em}
.${PROSE_CLASS} :where(pre){overflow-x:auto;padding:1em;background:var(--color-surface);border-radius:.5em}
.${PROSE_CLASS} :where(blockquote){padding-inline-start:1em;border-inline-start:3px solid var(--color-border);color:var(--color-muted)}
.${PROSE_CLASS} :where(hr){border:0;border-block-start:1px solid var(--color-border)}
.${PROSE_CLASS} :where(th,td){padding:.5em;border:1px solid var(--color-border);text-align:start}
.${PROSE_CLASS} :where(img,video){border-radius:.5em}
`;

const UTILITIES = `
:focus-visible{outline:2px solid var(--color-primary);outline-offset:2px}
.${SR_ONLY_CLASS}{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.${SKIP_LINK_CLASS}{position:absolute;inset-inline-start:1rem;inset-block-start:-100vh;z-index:1000;padding:.75em 1em;background:var(--color-bg);color:var(--color-text)}
.${SKIP_LINK_CLASS}:focus{inset-block-start:1rem}
`;

export function themeCss(theme: Theme, ctx: DeclarationContext): string {
  const names = ctx.names;
  let css = rule(':root', rootProperties(theme, names));
  if (theme.dark) {
    const dark = colorEntries(theme.dark).map(([name, value]) => `${tokenProperty('color', name)}:${value}`);
    css += media('(prefers-color-scheme: dark)', rule(':root', dark));
  }
  const mobileSizes = TYPE_STEPS.flatMap((step) => {
    const size = theme.typeSteps[step].mobileSize;
    return size ? [`${tokenProperty('type', step, 'size')}:${size}`] : [];
  });
  css += media(BREAKPOINTS.mobile.media, rule(':root', mobileSizes));
  css += textStyleRules(theme, names);
  css += ELEMENT_BASE;
  for (const [name, selector] of Object.entries(ELEMENT_SELECTORS) as [
    keyof typeof ELEMENT_SELECTORS,
    string,
  ][]) {
    css += styleRules(selector, theme.elements?.[name], ctx, at(THEME, 'elements', name));
  }
  return css + UTILITIES;
}
