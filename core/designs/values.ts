import { z } from 'zod';
import { parseTokenRef, type TokenGroup } from './tokens.ts';

/**
 * Value grammars shared by themes, styles and nodes. Each is a strict pattern: a value either is
 * a token, a number with an allowed unit or a listed keyword, or it is refused. Nothing here lets
 * a free-form string reach a stylesheet or an attribute.
 */

const EXAMPLE: Record<TokenGroup, string> = {
  color: 'color:primary',
  font: 'font:heading',
  type: 'type:xl',
  space: 'space:4',
  radius: 'radius:md',
  shadow: 'shadow:lg',
  container: 'container:lg',
};

/** A token reference of one group (`color:` may carry `/alpha`). */
export function tokenSchema(group: TokenGroup) {
  return z
    .string()
    .refine((s) => parseTokenRef(s)?.group === group, `expected a ${group} token like "${EXAMPLE[group]}"`);
}

const NUM = String.raw`(?:\d{1,4}(?:\.\d{1,4})?|\.\d{1,4})`;
const ALPHA = `${NUM}%?`;
const HUE = `-?${NUM}(?:deg|turn|rad|grad)?`;
const SEP = String.raw`(?:\s*,\s*|\s+)`;
const SLASH_ALPHA = String.raw`(?:\s*(?:,|\/)\s*${ALPHA})?`;
const COLOR_PATTERNS = [
  /^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/,
  new RegExp(String.raw`^rgba?\(\s*${NUM}%?${SEP}${NUM}%?${SEP}${NUM}%?${SLASH_ALPHA}\s*\)$`),
  new RegExp(String.raw`^hsla?\(\s*${HUE}${SEP}${NUM}%${SEP}${NUM}%${SLASH_ALPHA}\s*\)$`),
  new RegExp(String.raw`^oklch\(\s*${NUM}%?\s+${NUM}%?\s+${HUE}(?:\s*\/\s*${ALPHA})?\s*\)$`),
  /^transparent$/,
];

/** True for a CSS colour in one of the accepted forms: hex, rgb(a), hsl(a), oklch, `transparent`. */
export function isColorValue(s: string): boolean {
  return s.length <= 80 && COLOR_PATTERNS.some((p) => p.test(s));
}

/** A concrete CSS colour, as themes define them. */
export const colorValueSchema = z
  .string()
  .refine(isColorValue, 'expected a colour: #rgb, #rrggbb, #rrggbbaa, rgb(), hsl(), oklch() or transparent');

export const SIZE_UNITS = ['px', 'rem', 'em', '%', 'vw', 'vh', 'ch', 'fr'] as const;
export type SizeUnit = (typeof SIZE_UNITS)[number];

const SIZE = new RegExp(`^(-?)${NUM}(${SIZE_UNITS.join('|')})$`);

/** A number with a unit from `SIZE_UNITS` (`"1.25rem"`), or `"0"`; negative only when asked. */
export function sizeSchema(opts: { negative?: boolean; units?: readonly SizeUnit[] } = {}) {
  const units = opts.units ?? SIZE_UNITS;
  return z.string().refine(
    (s) => {
      if (s === '0') return true;
      const m = SIZE.exec(s);
      if (!m || (m[1] && !opts.negative)) return false;
      return units.includes(m[2] as SizeUnit);
    },
    `expected a ${opts.negative ? '' : 'non-negative '}number with a unit (${units.join(' ')}), like "1.25rem"`,
  );
}

/** Asset ids: UUIDs of any version, as in the space format. */
export const assetIdSchema = z.guid();

/** Keys of designs, menus, forms, variants: usable unescaped in a URL path and a class name. */
export const machineNameSchema = z
  .string()
  .regex(
    /^[A-Za-z][A-Za-z0-9_-]{0,63}$/,
    'expected a name of letters, digits, - and _ (starting with a letter)',
  );

const LOCALE = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

/** Static text: one string for every locale, or a per-locale map `{ "en": "…", "de": "…" }`. */
export const localizedTextSchema = z.union([
  z.string().max(10_000),
  z
    .record(z.string().regex(LOCALE, 'expected a locale code like "en" or "de-CH"'), z.string().max(10_000))
    .refine((m) => Object.keys(m).length > 0, 'expected at least one locale'),
]);
export type LocalizedText = z.infer<typeof localizedTextSchema>;

/**
 * Link targets: a site path (`/about`, not `//host`), or an absolute `https:`, `http:`,
 * `mailto:` or `tel:` URL. `javascript:`, `data:` and everything else are refused.
 */
export function isSafeHref(s: string): boolean {
  // Longer than any clean URL; also keeps such strings out of the memo.
  if (s.length > 2048) return false;
  let safe = checked.get(s);
  if (safe === undefined) {
    safe = checkHref(s);
    if (checked.size >= 2_000) checked.clear();
    checked.set(s, safe);
  }
  return safe;
}

/**
 * Answers by address: a menu's links are checked on every render of every page that shows it, and the checks
 * (a Unicode pattern, a URL parse) were ~1 % of an uncached page's CPU. Bounded: 2,000 addresses of at most 2 KB.
 */
const checked = new Map<string, boolean>();

function checkHref(s: string): boolean {
  // Whitespace, control characters, quotes and backslashes have no place in a clean URL and are
  // how scheme tricks (`java\tscript:`, `/\\evil.test`) slip past simple prefix checks.
  if (/[\s\p{Cc}<>"'`\\]/u.test(s)) return false;
  if (s.startsWith('/')) return !s.startsWith('//');
  if (/^https?:\/\/[^/?#]+/i.test(s)) return canParseUrl(s);
  return /^(?:mailto|tel):[^/]/i.test(s);
}

export const hrefSchema = z
  .string()
  .refine(isSafeHref, 'expected a site path starting with / or an https:, http:, mailto: or tel: URL');

function canParseUrl(s: string): boolean {
  try {
    new URL(s);
    return true;
  } catch {
    return false;
  }
}
