import { Hono } from 'hono';
import { loadCanvas } from '../../../build/canvas.ts';
import { loadStudio } from '../../../build/studio.ts';
import { allMigrations, loadPlugins } from '../../../cli/plugins.ts';
import { type Listening, listen } from '../../../core/http/listen.ts';
import { coreProcedures } from '../../../core/procedures/index.ts';
import { type RpcHarness, rpcHarness } from '../../../core/rpc/test-harness.ts';
import { testDatabases } from '../../../core/testing/databases.ts';
import { canvasRoutes } from '../../../site/canvas/canvas-routes.ts';
import { websiteProcedures } from '../../../site/procedures/index.ts';
import { studioContentModel } from '../../server/content-model-procedure.ts';
import { studioPreviewProcedure } from '../../server/preview-procedure.ts';
import { studioRoutes } from '../../server/studio-routes.ts';

export interface StudioStand {
  h: RpcHarness;
  /** `http://studio.localhost:<port>`: Chromium needs `--host-resolver-rules=MAP *.localhost 127.0.0.1`. */
  studioUrl: string;
  close(): Promise<void>;
}

/** The procedures the studio calls: the core's, the website's and its own (what `/rpc` serves it). */
export const studioTestProcedures = () => [
  ...coreProcedures,
  ...websiteProcedures,
  studioPreviewProcedure({ mediaSecret: () => 'm'.repeat(32) }),
  studioContentModel,
];

/**
 * The whole editor in real Chromium, whatever the sign-in does: the studio's routes and the real /rpc (the
 * fixture space on a migrated database) on one origin, the real canvas route on another. The session is a
 * given here (sign-in is the auth scope's, tested with it and in e2e/studio.e2e.ts), so /rpc gets an owner
 * key in the session's place.
 */
export async function studioStand(): Promise<StudioStand> {
  const plugins = loadPlugins({ website: true });
  const h = await rpcHarness({
    open: testDatabases()[0]!.open,
    procedures: studioTestProcedures(),
    plugins,
    migrations: allMigrations(plugins),
  });
  const key = await h.key({ role: 'owner' });
  // Each side names the other's origin: the apps are built once both listen.
  let studioApp: Hono | null = null;
  let siteApp: Hono | null = null;
  const listening = (app: () => Hono): Promise<Listening> =>
    listen({ fetch: (r: Request) => app().fetch(r) } as unknown as Hono, { port: 0, hostname: '127.0.0.1' });
  const studio = await listening(() => studioApp!);
  const site = await listening(() => siteApp!);
  const studioUrl = `http://studio.localhost:${studio.port}`;
  const siteUrl = `http://site.localhost:${site.port}`;
  siteApp = canvasRoutes({ editorOrigin: [studioUrl], assets: loadCanvas });
  const app = new Hono();
  app.route(
    '/',
    studioRoutes({
      db: h.db,
      siteUrl,
      session: async () => ({ spaces: null, permissions: null, expiresAt: null }),
      assets: loadStudio,
    }),
  );
  app.all('/rpc/*', (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set('authorization', `Bearer ${key}`);
    return h.app.fetch(new Request(c.req.raw, { headers }));
  });
  studioApp = app;
  return {
    h,
    studioUrl,
    async close() {
      await Promise.all([studio.close(), site.close()]);
      await h.close();
    },
  };
}
