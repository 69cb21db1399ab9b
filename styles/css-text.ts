/**
 * Turning text into CSS tokens safely. Everything the compiler writes comes from validated designs, but
 * URLs come from callers (asset and font addresses), so they are quoted and escaped here.
 */

/** A double-quoted CSS string: backslash, quote and every control character escaped as a code point. */
export function cssString(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is escaped.
  return `"${text.replace(/[\\"\u0000-\u001f\u007f]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `)}"`;
}

/** `url("…")` of an address. */
export function cssUrl(url: string): string {
  return `url(${cssString(url)})`;
}
