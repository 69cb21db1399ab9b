import { describe, expect, it } from 'vitest';
import { loadCanvas } from '../../build/canvas.ts';
import { EMBED_FRAME_SRC } from '../../core/designs/index.ts';
import { canvasRoutes } from './canvas-routes.ts';

const EDITORS = ['https://admin.example/', 'http://editor.localhost:5173'];
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; font-src * data:; " +
  `img-src * data: blob:; media-src * data: blob:; frame-src ${EMBED_FRAME_SRC.join(' ')}; ` +
  "connect-src 'none'; form-action 'none'; object-src 'none'; base-uri 'none'; " +
  'frame-ancestors https://admin.example http://editor.localhost:5173';

describe('the canvas routes', () => {
  it('answer 404 without an editor origin, and bundle nothing', async () => {
    let bundled = false;
    const app = canvasRoutes({
      editorOrigin: undefined,
      assets: () => {
        bundled = true;
        return loadCanvas();
      },
    });
    const { script, stylesheet } = await loadCanvas();
    for (const path of ['/_cms/canvas', script.url, stylesheet.url]) {
      expect((await app.request(path)).status, path).toBe(404);
    }
    expect(
      (await canvasRoutes({ editorOrigin: [], assets: loadCanvas }).request('/_cms/canvas')).status,
    ).toBe(404);
    expect(bundled).toBe(false);
  });

  it('serve the canvas page with its CSP, framed only by the editor origins', async () => {
    const app = canvasRoutes({ editorOrigin: EDITORS, assets: loadCanvas });
    const res = await app.request('/_cms/canvas');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('Content-Security-Policy')).toBe(CSP);
    expect(res.headers.get('X-Frame-Options')).toBeNull();
    expect(res.headers.get('Cache-Control')).toBe('no-cache');
    expect(res.headers.get('X-Robots-Tag')).toBe('noindex, nofollow');
    const { script, stylesheet } = await loadCanvas();
    const html = await res.text();
    expect(html).toContain(`<script type="module" src="${script.url}"></script>`);
    expect(html).toContain(`<link rel="stylesheet" href="${stylesheet.url}"/>`);
    expect(html).toContain(
      '<div id="canvas" data-editor-origins="https://admin.example http://editor.localhost:5173"></div>',
    );
    // The only script is the app's file: nothing inline.
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it('serve the app and its stylesheet as immutable files, and no other name', async () => {
    const app = canvasRoutes({ editorOrigin: EDITORS, assets: loadCanvas });
    const { script, stylesheet } = await loadCanvas();
    const js = await app.request(script.url);
    expect(js.status).toBe(200);
    expect(js.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(await js.text()).toBe(script.code);
    const css = await app.request(stylesheet.url);
    expect(css.headers.get('Content-Type')).toBe('text/css; charset=utf-8');
    expect(await css.text()).toBe(stylesheet.css);
    expect((await app.request(script.url, { headers: { 'If-None-Match': script.etag } })).status).toBe(304);
    expect((await app.request('/_site/canvas.0123456789abcdef0123.js')).status).toBe(404);
    expect((await app.request('/_site/canvas.0123456789abcdef0123.css')).status).toBe(404);
  });
});
