import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import type { Browser, Page } from 'playwright-core';
import { loadCanvas } from '../../../build/canvas.ts';
import { bundleScript } from '../../../build/islands.ts';
import { studioStylesheet } from '../../../build/studio.ts';
import { allMigrations, loadPlugins } from '../../../cli/plugins.ts';
import { errorResponse } from '../../../core/http/error-handler.ts';
import { type Listening, listen } from '../../../core/http/listen.ts';
import { sharpRenderer } from '../../../core/media/render-variant.ts';
import { variantStore } from '../../../core/media/variant-store.ts';
import { coreProcedures } from '../../../core/procedures/index.ts';
import { type RpcHarness, rpcHarness } from '../../../core/rpc/test-harness.ts';
import { testDatabases } from '../../../core/testing/databases.ts';
import { managementMediaRoutes } from '../../../delivery/media/management-media.ts';
import { uploadRoutes } from '../../../delivery/media/upload.ts';
import { launchChromium, until, watchedPage } from '../../../e2e/support/browser.ts';
import { fontRoutes } from '../../../fonts/font-routes.ts';
import { canvasRoutes } from '../../../site/canvas/canvas-routes.ts';
import { websiteProcedures } from '../../../site/procedures/index.ts';
import { studioContentModel } from '../../server/content-model-procedure.ts';
import { studioPreviewProcedure } from '../../server/preview-procedure.ts';
import { studioCsp } from '../../server/studio-csp.ts';
import type { StudioBoot } from '../boot.ts';

export type ViewName = 'content' | 'media' | 'menus' | 'settings';
const COMPONENT: Record<ViewName, [string, string]> = {
  content: ['../content/content-view.tsx', 'default'],
  media: ['../media/index.tsx', 'MediaView'],
  menus: ['../menus-view/index.tsx', 'MenusView'],
  settings: ['../settings/index.tsx', 'SettingsView'],
};
const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export interface ViewStand {
  h: RpcHarness;
  browser: Browser;
  url: string;
  /** A page at 1280×800 with the view mounted, and what it logged (console errors, CSP violations). */
  open(permissions?: string[] | null): Promise<{ page: Page; problems: string[] }>;
  close(): Promise<void>;
}

/**
 * One studio view in real Chromium against the real procedures (the fixture space on a migrated database),
 * uploads and `/media` on one origin under the studio's CSP, as the shell will mount it. The session is a
 * given here (the studio's own test and e2e sign in): requests get an owner key in its place.
 */
export async function viewStand(
  view: ViewName,
  extra?: (app: Hono, h: RpcHarness) => void,
): Promise<ViewStand> {
  const plugins = loadPlugins({ website: true });
  const h = await rpcHarness({
    open: testDatabases()[0]!.open,
    procedures: [
      ...coreProcedures,
      ...websiteProcedures,
      studioPreviewProcedure({ mediaSecret: () => 'm'.repeat(32) }),
      studioContentModel,
    ],
    plugins,
    migrations: allMigrations(plugins),
    // Share links (the content view's "Share preview") are signed; they name the site by its domain.
    instance: { authSecret: () => 's'.repeat(40), siteOrigin: (host) => `http://${host}` },
  });
  const key = await h.key({ role: 'owner' });
  const [file, name] = COMPONENT[view];
  const script = await bundleScript({
    name: `view-${view}`,
    entry: {
      contents: `import { mountView } from ${JSON.stringify(here('./mount-view.tsx'))};
import ${name === 'default' ? 'View' : `{ ${name} as View }`} from ${JSON.stringify(here(file))};
mountView(View, ${view === 'content'});`,
    },
    budgetBytes: 400 * 1024,
    urlPrefix: '/assets/',
    esbuild: { jsx: 'automatic', jsxImportSource: 'hono/jsx/dom' },
  });
  const css = studioStylesheet();
  const mediaSecret = () => 'm'.repeat(32);
  const dataDir = mkdtempSync(join(tmpdir(), 'verso-view-'));
  const withKey = (req: Request) => {
    const headers = new Headers(req.headers);
    headers.set('authorization', `Bearer ${key}`);
    headers.delete('cookie');
    return new Request(req, { headers });
  };
  const app = new Hono();
  const uploads = uploadRoutes({
    db: h.db,
    storage: h.storage,
    maxBytes: 1_000_000,
    mediaSecret,
    log: h.captured.log,
  });
  uploads.onError((err, c) => errorResponse(c, err, h.captured.log));
  const media = managementMediaRoutes({
    db: h.db,
    cache: h.cache,
    storage: h.storage,
    variants: variantStore({ dir: join(dataDir, 'variants'), storage: h.storage, render: sharpRenderer }),
    mediaSecret,
  });
  const server: { listening?: Listening } = {};
  let permissions: string[] | null = null;
  app.get('/view', async (c) => {
    const spaces = await h.db.query<{
      id: string;
      name: string;
      title: string;
      default_locale: string;
      locales: string[];
    }>('select id, name, title, default_locale, locales from spaces order by name');
    const boot: StudioBoot = {
      siteUrl: `http://127.0.0.1:${server.listening!.port}`,
      spaces: spaces.rows.map((s) => ({
        id: s.id,
        name: s.name,
        title: s.title,
        defaultLocale: s.default_locale,
        locales: s.locales,
      })),
      permissions,
      expiresAt: null,
    };
    const attr = JSON.stringify(boot).replaceAll('&', '&amp;').replaceAll('"', '&quot;');
    return c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${view} · Verso Studio</title>` +
        `<link rel="stylesheet" href="${css.url}"><script type="module" src="${script.url}"></script></head>` +
        `<body><div id="view" data-boot="${attr}"></div></body></html>`,
      200,
      { 'Content-Security-Policy': studioCsp(url) },
    );
  });
  app.get(script.url, (c) => c.body(script.code, 200, { 'Content-Type': 'text/javascript' }));
  app.get(css.url, (c) => c.body(css.css, 200, { 'Content-Type': 'text/css' }));
  // Chromium asks for one; a 404 would read as a failed resource in the page's console.
  app.get('/favicon.ico', (c) => c.body(null, 204));
  app.all('/rpc/*', (c) => h.app.fetch(withKey(c.req.raw)));
  app.all('/upload/*', (c) => uploads.fetch(withKey(c.req.raw)));
  app.route('/', media);
  extra?.(app, h);
  server.listening = await listen(app, { port: 0, hostname: '127.0.0.1' });
  const url = `http://127.0.0.1:${server.listening.port}`;
  // The canvas the content view frames, on the same origin (nothing has been asked yet: routes may still come).
  app.route('/', canvasRoutes({ editorOrigin: [url], assets: loadCanvas }));
  app.route('/', fontRoutes());
  const browser = await launchChromium();
  return {
    h,
    browser,
    url,
    async open(p = null) {
      permissions = p;
      const watched = await watchedPage(browser, { viewport: { width: 1280, height: 800 } });
      watched.page.on('dialog', (d) => void d.accept());
      await watched.page.goto(`${url}/view`);
      return watched;
    },
    async close() {
      await browser.close();
      await server.listening?.close();
      await h.close();
    },
  };
}

export { until };
