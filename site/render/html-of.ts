import type { JSXNode } from 'hono/jsx';
import type { HtmlEscapedString, StringBufferWithCallbacks } from 'hono/utils/html';

/**
 * The HTML of a tree whose components are all synchronous, which Verso's are. hono/jsx's `toString()` runs each
 * render inside an `AsyncLocalStorage` (for `useContext` after an `await` in an async component, which Verso
 * never uses), and its first run turns on node 20's promise hooks for the whole process: from then on every
 * promise of every request pays for them (docs/performance.md). Writing the tree into hono's own string buffer
 * is the same rendering without that. A tree that leaves more than a string (an async component, an `html`
 * callback) is rendered by `toString()` after all.
 */
export function htmlOf(element: JSXNode | HtmlEscapedString | Promise<HtmlEscapedString>): string {
  // By its method, not `instanceof`: the canvas bundles these components for hono/jsx/dom, without hono/jsx.
  if ('toStringToBuffer' in element) {
    const buffer = [''] as StringBufferWithCallbacks;
    element.toStringToBuffer(buffer);
    if (buffer.length === 1 && buffer.callbacks === undefined) return buffer[0] as string;
  }
  const html: unknown = element instanceof Promise ? element : element.toString();
  if (typeof html !== 'string') throw new Error('an asynchronous component in a synchronous render');
  return html;
}
