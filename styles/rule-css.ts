import { BREAKPOINTS, type Style } from '../core/designs/index.ts';
import { type DeclarationContext, declarations } from './declarations.ts';
import { at, type StylePath } from './style-error.ts';

/**
 * A STYLE as rules for one selector: `base`, then `tablet` and `mobile` under their breakpoints
 * (`max-width`, narrower last so it wins), then the `hover`, `focus` (`:focus-visible`) and `active`
 * states, which win over a breakpoint by their higher specificity.
 */

export interface RuleOptions {
  /** Where the states apply, relative to the selector: `' a'` styles the links inside on hover. */
  stateTarget?: string;
}

const STATES = { hover: ':hover', focus: ':focus-visible', active: ':active' } as const;

export function rule(selector: string, decls: readonly string[]): string {
  return decls.length === 0 ? '' : `${selector}{${decls.join(';')}}\n`;
}

export function media(query: string, body: string): string {
  return body === '' ? '' : `@media ${query}{\n${body}}\n`;
}

/** Applies a suffix to each selector of a list: `a, b` + `:hover` → `a:hover, b:hover`. */
export function eachSelector(selector: string, suffix: string): string {
  return selector
    .split(',')
    .map((s) => `${s.trim()}${suffix}`)
    .join(', ');
}

export function styleRules(
  selector: string,
  style: Style | undefined,
  ctx: DeclarationContext,
  where: StylePath,
  options: RuleOptions = {},
): string {
  if (!style) return '';
  const decls = (state: keyof Style) => {
    const props = style[state];
    return props ? declarations(props, ctx, at(where, state)) : [];
  };
  let css = rule(selector, decls('base'));
  css += media(BREAKPOINTS.tablet.media, rule(selector, decls('tablet')));
  css += media(BREAKPOINTS.mobile.media, rule(selector, decls('mobile')));
  for (const [state, pseudo] of Object.entries(STATES) as [keyof typeof STATES, string][]) {
    css += rule(eachSelector(selector, `${options.stateTarget ?? ''}${pseudo}`), decls(state));
  }
  return css;
}
