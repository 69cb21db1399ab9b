import type { Theme } from './theme.ts';
import { FONT_ROLES, parseTokenRef, TOKEN_GROUPS, type TokenGroup, TYPE_STEPS } from './tokens.ts';

/** The names a theme defines, per token group. */
export type ThemeTokenNames = Record<TokenGroup, ReadonlySet<string>>;

/** Names defined by any of the given themes (published and draft both count). */
export function themeTokenNames(...themes: Theme[]): ThemeTokenNames {
  const names = Object.fromEntries(TOKEN_GROUPS.map((g) => [g, new Set<string>()])) as Record<
    TokenGroup,
    Set<string>
  >;
  for (const t of themes) {
    for (const k of Object.keys(t.colors)) names.color.add(k);
    for (const k of Object.keys(t.space)) names.space.add(k);
    for (const k of Object.keys(t.radius)) names.radius.add(k);
    for (const k of Object.keys(t.shadow)) names.shadow.add(k);
    for (const k of Object.keys(t.containers.widths)) names.container.add(k);
  }
  for (const k of FONT_ROLES) names.font.add(k);
  for (const k of TYPE_STEPS) names.type.add(k);
  return names;
}

export interface UnknownToken {
  path: (string | number)[];
  token: string;
}

/**
 * Token references in a style-like value (a STYLE, an instance style, a theme's element styles)
 * that name nothing in the theme (`color:brnad`), with their paths inside the value. Strings
 * that are not token references (sizes, keywords) are not this function's concern.
 */
export function findUnknownTokens(value: unknown, names: ThemeTokenNames): UnknownToken[] {
  const found: UnknownToken[] = [];
  const walk = (v: unknown, path: (string | number)[]): void => {
    if (typeof v === 'string') {
      const ref = parseTokenRef(v);
      if (ref && !names[ref.group].has(ref.name)) found.push({ path, token: v });
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => {
        walk(item, [...path, i]);
      });
    } else if (v !== null && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) walk(item, [...path, k]);
    }
  };
  walk(value, []);
  return found;
}
