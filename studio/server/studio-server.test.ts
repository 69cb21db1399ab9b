import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadStudio } from '../../build/studio.ts';
import { allMigrations, loadPlugins } from '../../cli/plugins.ts';
import { type RpcHarness, rpcHarness } from '../../core/rpc/test-harness.ts';
import { testDatabases } from '../../core/testing/databases.ts';
import { ids } from '../../core/testing/fixture-space.ts';
import type { StudioBoot } from '../app/boot.ts';
import { studioTestProcedures } from '../app/testing/studio-stand.ts';
import { type StudioSession, studioRoutes } from './studio-routes.ts';

// The studio's server side on a migrated database with the fixture space: `studio.preview` through the
// real /rpc route and keys, and `/studio` with and without a session, with its real bundle.

const plugins = loadPlugins({ website: true });
const siteUrl = 'http://site.localhost:3200';

describe.each(testDatabases())('the studio server on $kind', ({ open }) => {
  let h: RpcHarness;
  let viewer: string;
  beforeAll(async () => {
    h = await rpcHarness({
      open,
      procedures: studioTestProcedures(),
      plugins,
      migrations: allMigrations(plugins),
    });
    viewer = await h.key({ role: 'viewer' });
  });
  afterAll(() => h?.close());

  const preview = async (body: Record<string, unknown>, key = viewer) => {
    const res = await h.call('studio.preview', { space: 'fixture', ...body }, key);
    return { status: res.status, body: await res.json() };
  };

  it('studio.preview: the home document with what its page shows, the documents to pick, fields and designs', async () => {
    const { status, body } = await preview({});
    expect(status).toBe(200);
    expect(body.site).toMatchObject({ defaultLocale: 'en', locales: ['en', 'de'], homeId: ids.home });
    expect(body.locale).toBe('en');
    expect(body.content.document.id).toBe(ids.home);
    expect(body.documents.map((d: { id: string }) => d.id)).toContain(ids.home);
    expect(Object.keys(body.fields.contentTypes)).toEqual(expect.arrayContaining(['page', 'blog-post']));
    // Every content type has a page design to edit: stored or generated as the site generates it.
    const pages = body.designs
      .filter((d: { kind: string }) => d.kind === 'page')
      .map((d: { key: string }) => d.key);
    expect(pages).toEqual(expect.arrayContaining(['page', 'blog-post']));
    expect(
      body.designs.some((d: { kind: string; key: string }) => d.kind === 'layout' && d.key === 'default'),
    ).toBe(true);
  });

  it('studio.preview: another document and locale; an unknown document is a 404', async () => {
    const other = (await preview({})).body.documents.find((d: { id: string }) => d.id !== ids.home);
    const { status, body } = await preview({ id: other.id, locale: 'de' });
    expect(status).toBe(200);
    expect(body.locale).toBe('de');
    expect(body.content.document.id).toBe(other.id);
    expect((await preview({ id: '00000000-0000-4000-8000-00000000ffff' })).status).toBe(404);
    expect((await preview({ locale: 'fr' })).status).toBe(422);
  });

  it('studio.preview needs a key with space:read', async () => {
    const none = await h.key({ role: 'owner', permissions: ['space:write'] });
    expect((await preview({}, none)).status).toBe(403);
    expect((await preview({}, 'vso_bad')).status).toBe(401);
  });

  const routes = (session: StudioSession | null) =>
    studioRoutes({ db: h.db, siteUrl, session: async () => session, assets: loadStudio });

  it('without a session /studio is the sign-in form, under the strict CSP, not framable', async () => {
    const res = await routes(null).request('/studio?error=invalid');
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain(`frame-src ${siteUrl}`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain('<form method="post" action="/auth/session">');
    expect(html).toMatch(/<input id="key" name="key" type="password"/);
    expect(html).toContain('That key is not valid');
    expect(html).not.toContain('<script');
  });

  it('with a session /studio is the editor: its script, and the spaces the session may use', async () => {
    const all = await routes({ spaces: null, permissions: null, expiresAt: null }).request('/studio');
    const html = await all.text();
    const scriptUrl = /<script type="module" src="([^"]+)"/.exec(html)?.[1];
    expect(scriptUrl).toMatch(/^\/studio\/assets\/studio\.[a-f0-9]+\.js$/);
    expect(html).not.toMatch(/<script(?![^>]*src=)/);
    const boot = JSON.parse(
      /data-boot="([^"]+)"/.exec(html)![1]!.replaceAll('&quot;', '"').replaceAll('&amp;', '&'),
    ) as StudioBoot;
    expect(boot.siteUrl).toBe(siteUrl);
    expect(boot.spaces.map((s) => s.name)).toEqual(['fixture']);
    const limited = await routes({ spaces: ['another'], permissions: null, expiresAt: null }).request(
      '/studio',
    );
    expect(await limited.text()).toContain('&quot;spaces&quot;:[]');

    const script = await routes(null).request(scriptUrl!);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect(script.headers.get('cache-control')).toContain('immutable');
    expect((await routes(null).request('/studio/assets/studio.0000.js')).status).toBe(404);
  });
});
