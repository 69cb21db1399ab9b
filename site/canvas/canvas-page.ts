import { appHead, element } from '../render/markup.ts';
import { EDITOR_ORIGINS_ATTR } from './editor-origins.ts';

export interface CanvasPageArgs {
  scriptUrl: string;
  stylesheetUrl: string;
  /** The editor origins, for the app to check `event.origin` against (the CSP has them too). */
  origins: readonly string[];
}

/**
 * The canvas page: an empty root the app draws into, the app as a module script (no inline script),
 * its stylesheet (fonts, outlines). The origins travel as an attribute, so the page needs no script of
 * its own to hand them over. Written as a string, as the site's head is (site/render/markup.ts).
 */
export function canvasPage(args: CanvasPageArgs): string {
  const root = element('div', { id: 'canvas', [EDITOR_ORIGINS_ATTR]: args.origins.join(' ') }, '');
  return `<!doctype html><html lang="en">${appHead('Design canvas', args.stylesheetUrl, args.scriptUrl)}<body>${root}</body></html>`;
}
