import type { BindingFormat } from '../../core/designs/index.ts';

/**
 * Formats of bound values, in the page's locale. Dates are shown in UTC: a site has no time zone
 * setting, and a date-only field (`2026-03-18`) must not move to the day before.
 */

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * Formatted dates by format and value: ICU's formatting took 1.7 % of an uncached page's CPU for the few dates
 * it shows, the same ones on every render. Bounded; emptied when full.
 */
const formattedDates = new Map<string, string>();
const MAX_FORMATTED_DATES = 10_000;
const numberFormats = new Map<string, Intl.NumberFormat>();
/** Formatted numbers by locale and value, as dates are: ICU's formatting is the cost, the values few. Bounded. */
const formattedNumbers = new Map<string, string>();
const MAX_FORMATTED_NUMBERS = 10_000;

export function formatDate(
  value: unknown,
  locale: string,
  style: 'short' | 'medium' | 'long',
  time = false,
): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const key = `${locale}|${style}|${time}`;
  const memo = `${key}|${typeof value}|${value}`;
  const known = formattedDates.get(memo);
  if (known !== undefined) return known;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  let f = dateFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, {
      dateStyle: style,
      ...(time ? { timeStyle: 'short' } : {}),
      timeZone: 'UTC',
    });
    dateFormats.set(key, f);
  }
  const text = f.format(date);
  if (formattedDates.size >= MAX_FORMATTED_DATES) formattedDates.clear();
  formattedDates.set(memo, text);
  return text;
}

export function formatNumber(value: unknown, locale: string): string | null {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : NaN;
  if (!Number.isFinite(n)) return null;
  const memo = `${locale}|${n}`;
  const known = formattedNumbers.get(memo);
  if (known !== undefined) return known;
  let f = numberFormats.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale);
    numberFormats.set(locale, f);
  }
  const text = f.format(n);
  if (formattedNumbers.size >= MAX_FORMATTED_NUMBERS) formattedNumbers.clear();
  formattedNumbers.set(memo, text);
  return text;
}

/** Cuts text to at most `length` characters on a word boundary, with an ellipsis when cut. */
export function excerpt(text: string, length: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= length) return clean;
  const cut = clean.slice(0, length);
  const space = cut.lastIndexOf(' ');
  const head = (space > length * 0.5 ? cut.slice(0, space) : cut).replace(/[\s,;:.!?–-]+$/u, '');
  return `${head}…`;
}

/**
 * Whether rich text shows any text: exactly `plainText(value) !== ''`, found at the first text that is not all
 * white space instead of by joining and collapsing the whole document (a blog post's body, for a `whenField`).
 */
export function hasText(value: unknown): boolean {
  if (!value || typeof value !== 'object') return false;
  const n = value as { text?: unknown; content?: unknown };
  if (typeof n.text === 'string' && /\S/.test(n.text)) return true;
  if (Array.isArray(n.content)) for (const child of n.content) if (hasText(child)) return true;
  return false;
}

/** The text of a rich-text document (or anything holding `text` and `content`), blocks separated by spaces. */
export function plainText(value: unknown): string {
  const parts: string[] = [];
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const n = node as { text?: unknown; content?: unknown };
    if (typeof n.text === 'string') parts.push(n.text);
    if (Array.isArray(n.content)) {
      for (const child of n.content) walk(child);
      parts.push(' ');
    }
  };
  walk(value);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** Applies a binding's format to a value; null when the value does not fit it. */
export function applyFormat(value: unknown, format: BindingFormat, locale: string): string | null {
  switch (format.type) {
    case 'date':
      return formatDate(value, locale, format.style, format.time ?? false);
    case 'number':
      return formatNumber(value, locale);
    case 'excerpt': {
      const text = typeof value === 'string' ? value : plainText(value);
      return text ? excerpt(text, format.length) : null;
    }
  }
}
