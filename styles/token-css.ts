import { parseTokenRef, type ThemeTokenNames, type TokenGroup } from '../core/designs/index.ts';
import { formatStylePath, StyleError, type StylePath } from './style-error.ts';

/**
 * Token references compiled to custom properties: `space:4` → `var(--space-4)`, `color:primary/50` →
 * `color-mix(in srgb, var(--color-primary) 50%, transparent)`. Each reference is checked against the
 * names the theme defines; an unknown one is a StyleError naming where it sits.
 */

/** The property of a token: `--color-primary`; type steps have parts (`--type-xl-size`, `-line-height`, …). */
export function tokenProperty(group: TokenGroup, name: string, part?: TypePart): string {
  return group === 'type' ? `--type-${name}-${part ?? 'size'}` : `--${group}-${name}`;
}

export const TYPE_PARTS = ['size', 'line-height', 'weight', 'letter-spacing'] as const;
export type TypePart = (typeof TYPE_PARTS)[number];

export function colorMix(variable: string, alpha: number | undefined): string {
  if (alpha === undefined || alpha === 100) return variable;
  return `color-mix(in srgb, ${variable} ${alpha}%, transparent)`;
}

/**
 * The CSS of a value that may be a token reference: the reference compiled, anything else (a size,
 * a keyword, already validated) as it is.
 */
export function valueCss(value: string, names: ThemeTokenNames, where: StylePath): string {
  const ref = parseTokenRef(value);
  if (!ref) return value;
  if (!names[ref.group].has(ref.name)) throw new StyleError(formatStylePath(where), `unknown token ${value}`);
  const variable = `var(${tokenProperty(ref.group, ref.name)})`;
  return ref.group === 'color' ? colorMix(variable, ref.alpha) : variable;
}

/** The type step a `type:` reference names, checked like any other token. */
export function typeStepOf(value: string, names: ThemeTokenNames, where: StylePath): string {
  valueCss(value, names, where);
  return parseTokenRef(value)!.name;
}
