import { type Context, Hono } from 'hono';
import { bundleFile, immutableAsset } from '../../build/immutable-asset.ts';
import type { StudioAssets } from '../../build/studio.ts';
import type { Queryable } from '../../core/db/types.ts';
import { selectSpaces } from '../../delivery/reader/space-query.ts';
import type { StudioBoot } from '../app/boot.ts';
import { componentRoutes } from './component-routes.ts';
import { studioCsp } from './studio-csp.ts';
import { editorPage, signInPage } from './studio-page.tsx';

/** The session of a request as `GET /auth/session` answers it (docs/studio.md, "Sessions and sign-in"). */
export interface StudioSession {
  /** Space ids or names the session may use; null: every space. */
  spaces: string[] | null;
  permissions: string[] | null;
  expiresAt: string | null;
}

export interface StudioRoutesArgs {
  db: Queryable;
  /** The session of the request's cookie, or null (signed out, expired, revoked). */
  session: (c: Context) => Promise<StudioSession | null>;
  /** The website process's origin, whose `/_cms/canvas` the studio frames. */
  siteUrl: string;
  assets: () => Promise<StudioAssets>;
  /** The largest body the studio's own routes read (`REQUEST_MAX_BYTES`, as the management API's). */
  maxBytes?: number;
}

/**
 * `GET /studio`: the sign-in form without a session, the editor with one; `GET /studio/assets/<file>`:
 * the app and its stylesheet (immutable, content-hashed); `/studio/components` (component-routes.ts). Every page is `no-store` (it carries what the
 * session may see) under the studio's strict CSP, and may not be framed.
 */
export function studioRoutes(args: StudioRoutesArgs): Hono {
  const app = new Hono();
  const siteOrigin = new URL(args.siteUrl).origin;
  const csp = studioCsp(siteOrigin);
  const headers = {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': csp,
    'Cache-Control': 'no-store',
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'same-origin',
    'X-Robots-Tag': 'noindex, nofollow',
  };
  app.get('/studio', async (c) => {
    const { script, stylesheet } = await args.assets();
    const urls = { scriptUrl: script.url, stylesheetUrl: stylesheet.url };
    const session = await args.session(c);
    if (!session) return c.body(signInPage(urls, c.req.query('error') ?? null), 200, headers);
    const allowed = (s: { id: string; name: string }) =>
      session.spaces === null || session.spaces.includes(s.id) || session.spaces.includes(s.name);
    const spaces = (await selectSpaces(args.db)).filter(allowed).map((s) => ({
      id: s.id,
      name: s.name,
      title: s.title,
      defaultLocale: s.defaultLocale,
      locales: s.locales,
    }));
    const boot: StudioBoot = {
      siteUrl: siteOrigin,
      spaces,
      permissions: session.permissions,
      expiresAt: session.expiresAt,
    };
    return c.body(editorPage(urls, boot), 200, headers);
  });
  app.get('/studio/', (c) => c.redirect('/studio', 301));
  // The project's code components: the node menu's catalog and their HTML for the canvas.
  app.route('/', componentRoutes({ session: args.session, maxBytes: args.maxBytes }));
  app.get('/studio/assets/:file{studio[.-][A-Za-z0-9_.-]+\\.(?:js|css)}', async (c) => {
    const assets = await args.assets();
    const file = c.req.param('file');
    const chunk = assets.chunks.find((b) => b.file === file);
    if (chunk)
      return immutableAsset(c, {
        body: chunk.code,
        contentType: 'text/javascript; charset=utf-8',
        etag: chunk.etag,
      });
    return bundleFile(c, assets, file) ?? c.notFound();
  });
  return app;
}

/**
 * The session of a request, asked of the management app's own `GET /auth/session` (the auth scope's
 * contract) with the request's cookie: the studio depends on that answer, not on how sessions are kept.
 */
export function sessionFromAuthRoute(app: { request: Hono['request'] }) {
  return async (c: Context): Promise<StudioSession | null> => {
    const cookie = c.req.header('cookie');
    if (!cookie) return null;
    // The same address and connection (`c.env`: the client address for rate rules), asked as the page's
    // own origin would ask it (no `Origin`, `Sec-Fetch-Site: same-origin`).
    const host = c.req.header('host');
    const response = await app.request(
      new URL('/auth/session', c.req.url).toString(),
      { headers: { cookie, 'sec-fetch-site': 'same-origin', ...(host ? { host } : {}) } },
      c.env,
    );
    if (response.status !== 200) return null;
    const body = (await response.json()) as Partial<StudioSession>;
    return {
      spaces: body.spaces ?? null,
      permissions: body.permissions ?? null,
      expiresAt: body.expiresAt ?? null,
    };
  };
}
