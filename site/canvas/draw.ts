import { render } from 'hono/jsx/dom';
import type { RenderMessage } from './admin-messages.ts';
import { canvasCss } from './canvas-css.ts';
import { type DesignPrefixes, designPrefixes } from './node-ref.ts';
import type { CanvasWarning } from './protocol.ts';
import { isRtl, renderView } from './render-view.ts';

export interface Drawn {
  /** The class prefixes of the designs drawn, to find nodes under the pointer. */
  prefixes: DesignPrefixes;
  warnings: CanvasWarning[];
  error: string | null;
}

/**
 * Draws a `render` message into the page: the nodes into `root` with hono/jsx/dom, their stylesheet
 * into `sheet` (a constructed sheet: CSSOM, so the page CSP needs no inline style for it). A stylesheet
 * that does not compile leaves the nodes unstyled; a view that cannot be drawn leaves the root empty.
 */
export function draw(message: RenderMessage, target: { root: HTMLElement; sheet: CSSStyleSheet }): Drawn {
  try {
    const view = renderView(message);
    const html = target.root.ownerDocument.documentElement;
    html.lang = view.lang;
    html.dir = isRtl(view.lang) ? 'rtl' : 'ltr';
    let error: string | null = null;
    try {
      target.sheet.replaceSync(canvasCss(view.bundle, view.assets));
    } catch (err) {
      target.sheet.replaceSync('');
      error = `stylesheet: ${(err as Error).message}`;
    }
    render(view.body, target.root);
    return { prefixes: designPrefixes(view.bundle.designs), warnings: view.warnings, error };
  } catch (err) {
    render(null, target.root);
    return { prefixes: new Map(), warnings: [], error: (err as Error).message };
  }
}
