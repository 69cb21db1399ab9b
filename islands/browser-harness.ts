import { Hono } from 'hono';
import { type Listening, listen } from '../core/http/listen.ts';

/**
 * For tests of the browser scripts and the stylesheet: a real HTTP server on a free port serving a
 * test site with the site's strict CSP, so a script that needed inline code or another origin would
 * fail here as it would on a site. Chromium comes from the e2e support (launchChromium, watchedPage:
 * a page that records console errors and CSP violations).
 */

export { launchChromium, watchedPage } from '../e2e/support/browser.ts';
/** The page CSP of delivery-and-site.md without the embed hosts (no test page embeds anything). */
export const STRICT_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "img-src 'self' data: https:",
  "connect-src 'self'",
  "form-action 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join('; ');

export async function serveTestSite(app: Hono): Promise<Listening & { origin: string }> {
  const site = new Hono();
  site.use('*', async (c, next) => {
    await next();
    c.res.headers.set('Content-Security-Policy', STRICT_CSP);
  });
  // Chromium asks for a favicon on its own; a 404 would show as a console error.
  site.get('/favicon.ico', (c) => c.body(null, 204));
  site.route('/', app);
  const server = await listen(site, { port: 0, hostname: '127.0.0.1' });
  return { ...server, origin: `http://127.0.0.1:${server.port}` };
}

export function html(body: string, head = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Test</title>${head}</head><body>${body}</body></html>`;
}
