import { Hono } from 'hono';
import type { CanvasAssets } from '../../build/canvas.ts';
import { bundleFile } from '../../build/immutable-asset.ts';
import { canvasCsp } from './canvas-csp.ts';
import { canvasPage } from './canvas-page.ts';
import { editorOrigins } from './editor-origins.ts';

export interface CanvasRoutesArgs {
  /** `EDITOR_ORIGIN` as configured; none: every canvas route answers 404 and nothing is bundled. */
  editorOrigin: readonly string[] | undefined;
  /**
   * The canvas files (build/canvas.ts `loadCanvas`), asked for at once when the canvas is on: an app
   * over its budget then fails the process start, as the islands do.
   */
  assets: () => Promise<CanvasAssets>;
}

/**
 * `GET /_cms/canvas`, the page the admin frames, and its files `/_site/canvas.<hash>.js` and
 * `/_site/canvas.<hash>.css` (immutable). The page is the same for every host: it reads nothing of a
 * site, everything it draws comes from the admin. It is the only page without `X-Frame-Options: DENY`:
 * its CSP's `frame-ancestors` names who may frame it.
 */
export function canvasRoutes(args: CanvasRoutesArgs): Hono {
  const origins = editorOrigins(args.editorOrigin);
  const app = new Hono();
  if (origins.length === 0) {
    app.get('/_cms/canvas', (c) => c.notFound());
    app.get('/_site/:file{canvas\\.[a-f0-9]+\\.(?:js|css)}', (c) => c.notFound());
    return app;
  }
  const csp = canvasCsp(origins);
  const assets = args.assets();
  app.get('/_cms/canvas', async (c) => {
    const { script, stylesheet } = await assets;
    const html = canvasPage({ scriptUrl: script.url, stylesheetUrl: stylesheet.url, origins });
    return c.body(html, 200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': csp,
      // The page names the current script; a new process may bundle a new one.
      'Cache-Control': 'no-cache',
      'X-Robots-Tag': 'noindex, nofollow',
    });
  });
  app.get(
    '/_site/:file{canvas\\.[a-f0-9]+\\.(?:js|css)}',
    async (c) => bundleFile(c, await assets, c.req.param('file')) ?? c.notFound(),
  );
  return app;
}
