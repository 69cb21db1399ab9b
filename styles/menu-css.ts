import { BREAKPOINTS, type MenuDesign } from '../core/designs/index.ts';
import { MENU_OPEN_ATTR, MENU_READY_ATTR } from '../islands/contract.ts';
import { type MenuClassPart, menuClass } from './class-names.ts';
import type { DeclarationContext } from './declarations.ts';
import { media, styleRules } from './rule-css.ts';
import { at, type StylePath } from './style-error.ts';
import { aboveBreakpoint } from './viewports.ts';

/**
 * The rules of one menu design, for the markup of islands/contract.ts ("Menu markup"). Layout rules
 * sit in `:where()` (no specificity), so the design's part styles (`styles.menu` …) always win over
 * them; the rules that hide closed submenus and panels are specific, so a part style cannot show them.
 *
 * - Without script: submenus open on hover and keyboard focus; a collapsed menu is a plain list.
 * - With the island (`[data-menu-ready]`): the buttons show, `[data-open]` opens a submenu or the panel.
 *   Where script runs (`scripting: enabled`) the buttons show and the panel is closed from the first
 *   paint, so the island's arrival moves nothing.
 * - `burger` drops the open panel under the button; `panel` slides it in from the side as a dialog.
 */

/** The built-in design of a menu node without one: a bar that never collapses. */
export const PLAIN_BAR: MenuDesign = { variant: 'bar', depth: 1 };

const READY = `[${MENU_READY_ATTR}]`;
const OPEN = `[${MENU_OPEN_ATTR}]`;
/** Browsers that run script (media queries level 5): the island will come. Without script the list stays. */
const SCRIPTING = '@media (scripting: enabled)';

function parts(key: string | null): Record<MenuClassPart, string> {
  const c = (part: MenuClassPart) => `.${menuClass(key, part)}`;
  return {
    root: c('root'),
    menu: c('menu'),
    item: c('item'),
    level: c('level'),
    current: c('current'),
    toggle: c('toggle'),
    mobileButton: c('mobileButton'),
    panel: c('panel'),
    close: c('close'),
  };
}

type Parts = ReturnType<typeof parts>;

/** A rule without specificity; a pseudo-element stays outside `:where()`, which cannot hold one. */
const w = (selector: string, decls: string, pseudoElement = '') =>
  `:where(${selector})${pseudoElement}{${decls}}\n`;

function common(p: Parts): string {
  return (
    w(`${p.root}`, 'position:relative') +
    w(`${p.menu}, ${p.level}`, 'list-style:none;margin:0;padding:0') +
    w(`${p.item}`, 'position:relative') +
    w(`${p.root} a`, 'color:inherit;text-decoration:none') +
    w(
      `${p.toggle}, ${p.mobileButton}, ${p.close}`,
      // At least 24 × 24 CSS px: the target size of WCAG 2.5.8, which Lighthouse checks at desktop width too.
      'display:none;align-items:center;justify-content:center;gap:.5em;padding:.25em;min-inline-size:24px;min-block-size:24px;background:none;border:0;color:inherit;font:inherit;cursor:pointer',
    ) +
    w(
      p.toggle,
      'content:"";inline-size:.45em;block-size:.45em;border-inline-end:2px solid currentColor;border-block-end:2px solid currentColor;transform:translateY(-25%) rotate(45deg)',
      '::after',
    ) +
    w(`${p.toggle}[aria-expanded="true"]`, 'transform:translateY(25%) rotate(-135deg)', '::after') +
    w(
      p.mobileButton,
      'content:"";inline-size:1.125em;block-size:.75em;border-block:2px solid currentColor;background:linear-gradient(currentColor,currentColor) center/100% 2px no-repeat',
      '::before',
    )
  );
}

/** The full-width layout of a variant (above the collapse point, or always when the menu keeps it). */
function wide(design: MenuDesign, p: Parts): string {
  const popover =
    'position:absolute;inset-block-start:100%;inset-inline-start:0;z-index:50;min-inline-size:12rem;display:flex;flex-direction:column;gap:.25em;padding:.5em;background:var(--color-bg);border:1px solid var(--color-border);border-radius:.5em';
  const row = 'display:flex;flex-wrap:wrap;align-items:center;gap:1em';
  const nested = 'display:flex;flex-direction:column;gap:.25em;padding-inline-start:1em';
  switch (design.variant) {
    case 'list':
      return (
        w(p.menu, 'display:flex;flex-direction:column;gap:.5em') +
        w(p.level, `${nested};margin-block-start:.25em`)
      );
    case 'columns':
      return (
        w(p.menu, 'display:grid;grid-template-columns:repeat(auto-fit,minmax(10rem,1fr));gap:1.5em') +
        w(p.level, 'display:flex;flex-direction:column;gap:.25em;margin-block-start:.5em') +
        w(`${p.level} ${p.level}`, 'padding-inline-start:1em')
      );
    case 'mega':
      return (
        w(p.menu, row) +
        w(`${p.menu} > ${p.item}`, 'position:static;display:flex;align-items:center;gap:.25em') +
        w(
          `${p.menu} > ${p.item} > ${p.level}`,
          `${popover};inset-inline:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(12rem,1fr));gap:1em;padding:1.5em`,
        ) +
        w(`${p.level} ${p.level}`, nested) +
        closedSubmenus(p)
      );
    default:
      // bar and dropdown: a row whose submenus pop over the page
      return (
        w(p.menu, row) +
        w(`${p.menu} > ${p.item}`, 'display:flex;align-items:center;gap:.25em') +
        w(`${p.menu} > ${p.item} > ${p.level}`, popover) +
        w(`${p.level} ${p.level}`, `${nested};position:static`) +
        closedSubmenus(p)
      );
  }
}

/** Closed submenus: by hover and focus without script, by the island's `data-open` with it. */
function closedSubmenus(p: Parts): string {
  return (
    `${p.root}:not(${READY}) ${p.menu} > ${p.item}:not(:hover, :focus-within) > ${p.level}{display:none}\n` +
    `${p.root}${READY} ${p.menu} > ${p.item} > ${p.level}:not(${OPEN}){display:none}\n` +
    `${p.root}${READY} ${p.toggle}{display:inline-flex}\n` +
    // With script on, the buttons take their place before the island arrives: nothing shifts when it does.
    `${SCRIPTING}{${p.toggle}{display:inline-flex}}\n`
  );
}

/** Below the collapse point: one column; with the island, a button opens it as a drop-down or a side panel. */
function collapsed(design: MenuDesign, p: Parts): string {
  const behaviour = design.mobile?.behaviour ?? 'keep';
  const sheet =
    behaviour === 'panel'
      ? 'position:fixed;inset-block:0;inset-inline-end:0;z-index:100;inline-size:min(22rem,85vw);overflow-y:auto;padding:1.5em;display:flex;flex-direction:column;gap:1em'
      : 'position:absolute;inset-block-start:100%;inset-inline-end:0;z-index:60;min-inline-size:min(20rem,calc(100vw - 2rem));max-block-size:calc(100vh - 6rem);overflow-y:auto;padding:1.25em;border:1px solid var(--color-border);border-radius:.5em';
  return (
    w(p.menu, 'display:flex;flex-direction:column;align-items:stretch;gap:.75em') +
    w(
      p.level,
      'display:flex;flex-direction:column;gap:.5em;padding-inline-start:1em;margin-block-start:.5em',
    ) +
    w(`${p.panel}${OPEN}`, `${sheet};background:var(--color-bg);box-shadow:0 12px 32px rgb(0 0 0 / .18)`) +
    `${p.root}${READY} ${p.mobileButton}{display:inline-flex}\n` +
    `${p.root}${READY} ${p.panel}:not(${OPEN}){display:none}\n` +
    // With script on, the page is laid out collapsed from the first paint, not when the island runs
    // (a list that collapses after paint shifts the whole page: Lighthouse measured CLS 0.3).
    `${SCRIPTING}{${p.mobileButton}{display:inline-flex}${p.panel}:not(${OPEN}){display:none}}\n` +
    (behaviour === 'panel' ? `${p.root}${READY} ${p.close}{display:inline-flex;align-self:flex-end}\n` : '')
  );
}

export function menuDesignCss(
  key: string | null,
  design: MenuDesign,
  ctx: DeclarationContext,
  where: StylePath,
): string {
  const p = parts(key);
  const behaviour = design.mobile?.behaviour ?? 'keep';
  const collapseAt =
    design.mobile && behaviour !== 'keep' ? BREAKPOINTS[design.mobile.collapseAt].maxWidth : null;
  const styles = design.styles;
  const part = (name: keyof NonNullable<MenuDesign['styles']>, selector: string, stateTarget?: string) =>
    styleRules(selector, styles?.[name], ctx, at(where, 'styles', name), stateTarget ? { stateTarget } : {});

  let css = common(p);
  if (collapseAt === null) {
    css += wide(design, p) + part('level', p.level, ' a');
  } else {
    // The level style is the look of an open submenu; in the collapsed list, sub-entries are plain.
    css += media(aboveBreakpoint(collapseAt), wide(design, p) + part('level', p.level, ' a'));
    css += media(`(width <= ${collapseAt}px)`, collapsed(design, p) + part('panel', p.panel));
  }
  css += part('menu', p.menu, ' a');
  css += part('current', p.current);
  css += part('mobileButton', p.mobileButton);
  return css;
}
