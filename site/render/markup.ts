import { escapeToBuffer } from 'hono/utils/html';

/** Text or an attribute value escaped exactly as hono/jsx escapes it (`&`, `<`, `>`, `"`, `'`). */
export function escapeHtml(text: string): string {
  const buffer: [string] = [''];
  escapeToBuffer(text, buffer);
  return buffer[0];
}

/** ` name="value"` for each attribute that has a value, in order, as hono/jsx writes them. */
function attributes(attrs: Record<string, string | undefined>): string {
  let out = '';
  for (const name in attrs) {
    const value = attrs[name];
    if (value !== undefined) out += ` ${name}="${escapeHtml(value)}"`;
  }
  return out;
}

/**
 * An element as hono/jsx writes it (`<meta …/>` for a void element), for the parts of a page that are written as
 * strings: `<head>` and `<svg>` in hono/jsx wrap their children in a context provider that renders them inside an
 * `AsyncLocalStorage` (site/render/html-of.ts says what that costs), and hono hoists `<link>`, `<meta>` and
 * `<title>` with a callback per element, over the head's whole text, to support React 19's document metadata,
 * which a head written in order does not need. `inner` is HTML already.
 */
export function element(name: string, attrs: Record<string, string | undefined>, inner?: string): string {
  const open = `<${name}${attributes(attrs)}`;
  return inner === undefined && VOID.has(name) ? `${open}/>` : `${open}>${inner ?? ''}</${name}>`;
}

/**
 * The head of an app page that search engines must not index (the design canvas, the studio): its title, its
 * stylesheet and, when given, its module script.
 */
export function appHead(title: string, stylesheetUrl: string, scriptUrl?: string): string {
  return (
    `<head>${element('meta', { charset: 'utf-8' })}` +
    element('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }) +
    element('meta', { name: 'robots', content: 'noindex, nofollow' }) +
    `<title>${escapeHtml(title)}</title>` +
    element('link', { rel: 'icon', href: 'data:,' }) +
    element('link', { rel: 'stylesheet', href: stylesheetUrl }) +
    (scriptUrl === undefined ? '' : element('script', { type: 'module', src: scriptUrl }, '')) +
    '</head>'
  );
}

// hono/jsx's list of empty elements.
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);
