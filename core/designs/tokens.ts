/**
 * Token references: the only way a design names a colour, font, type step, spacing, radius,
 * shadow or container width. A reference is `group:name`, and colours may add `/alpha` (0–100).
 */

export const COLOR_ROLES = [
  'bg',
  'surface',
  'text',
  'muted',
  'primary',
  'onPrimary',
  'border',
  'accent',
] as const;
export type ColorRole = (typeof COLOR_ROLES)[number];

export const FONT_ROLES = ['body', 'heading', 'mono'] as const;
export type FontRole = (typeof FONT_ROLES)[number];

export const TYPE_STEPS = ['xs', 'sm', 'base', 'lg', 'xl', '2xl', '3xl', '4xl'] as const;
export type TypeStep = (typeof TYPE_STEPS)[number];

/** Desktop is everything wider than tablet; each breakpoint applies at and below its `maxWidth`. */
export const BREAKPOINTS = {
  tablet: { maxWidth: 1023, media: '(max-width: 1023px)' },
  mobile: { maxWidth: 639, media: '(max-width: 639px)' },
} as const;
export type Breakpoint = keyof typeof BREAKPOINTS;

/** Where a node can be shown or hidden: desktop plus the two breakpoints. */
export const VIEWPORTS = ['desktop', 'tablet', 'mobile'] as const;
export type Viewport = (typeof VIEWPORTS)[number];

export const TOKEN_GROUPS = ['color', 'font', 'type', 'space', 'radius', 'shadow', 'container'] as const;
export type TokenGroup = (typeof TOKEN_GROUPS)[number];

export interface TokenRef {
  group: TokenGroup;
  name: string;
  /** Opacity in percent, colours only. */
  alpha?: number;
}

/**
 * Names of scale entries and colour extras. They become custom property names (`--space-4`), so
 * only characters that need no escaping in CSS are allowed; no dots (`0.5` would need `\.`).
 */
export const TOKEN_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/;

const REF = /^([a-z]+):([A-Za-z0-9][A-Za-z0-9_-]{0,39})(?:\/(0|[1-9][0-9]?|100))?$/;

/** Groups whose names are a closed set fixed by the spec, so a wrong name is refused by grammar. */
const CLOSED: Partial<Record<TokenGroup, readonly string[]>> = { font: FONT_ROLES, type: TYPE_STEPS };

/**
 * Parses `color:primary/50`, `space:4`, … Returns null for anything else: unknown group, empty
 * or odd name, alpha on a non-colour token, alpha outside 0–100 or with leading zeros,
 * font roles and type steps outside their fixed lists. Open scales (colours, space, radius,
 * shadow, containers) are checked against a theme by `findUnknownTokens`.
 */
export function parseTokenRef(s: string): TokenRef | null {
  const m = REF.exec(s);
  if (!m) return null;
  const group = m[1] as TokenGroup;
  const name = m[2]!;
  if (!(TOKEN_GROUPS as readonly string[]).includes(group)) return null;
  if (m[3] !== undefined && group !== 'color') return null;
  const closed = CLOSED[group];
  if (closed && !closed.includes(name)) return null;
  return m[3] === undefined ? { group, name } : { group, name, alpha: Number(m[3]) };
}

/** Formats a reference back to its string form (the inverse of `parseTokenRef`). */
export function formatTokenRef(ref: TokenRef): string {
  return ref.alpha === undefined ? `${ref.group}:${ref.name}` : `${ref.group}:${ref.name}/${ref.alpha}`;
}
