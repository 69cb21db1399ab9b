import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultTheme } from '../../core/designs/default-theme.ts';
import { testDatabases } from '../../core/testing/databases.ts';
import { siteIds } from '../testing/site-fixture.ts';
import {
  ACCESS_SECRET,
  type AccessHarness,
  cookieOf,
  openAccessSite,
  passwordPost,
} from './access-harness.ts';
import { SHARE_COOKIE, signShareToken } from './share-token.ts';

const SITE = 'http://fixture.test';
const now = () => Math.floor(Date.now() / 1000);

describe.each(testDatabases())('share links on the site on $kind', ({ open }) => {
  let h: AccessHarness;
  beforeAll(async () => {
    h = await openAccessSite(open);
  });
  afterAll(() => h?.drop());

  /** A share link from the procedure, as an address on the site. */
  const share = async (body: Record<string, unknown> = {}) => {
    const res = await h.rpc('plugins.website.share.create', body);
    expect(res.status).toBe(200);
    return (await res.json()) as { id: string; url: string; expiresAt: string };
  };
  const openLink = async (url: string) => {
    const res = await h.site(url);
    return { res, cookie: cookieOf(res) };
  };
  const stylesheetOf = (html: string) => /<link rel="stylesheet" href="([^"]+)"/.exec(html)?.[1];

  it('opens a document link: a share cookie as long as the link and 303 to the document in its locale', async () => {
    const { url, expiresAt } = await share({ id: siteIds.about });
    expect(url).toMatch(/^http:\/\/fixture\.test\/_cms\/share\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(expiresAt) / 1000).toBeCloseTo(now() + 86400, -1);
    const { res } = await openLink(url);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/about');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const setCookie = res.headers.get('set-cookie')!;
    expect(setCookie).toMatch(new RegExp(`^${SHARE_COOKIE}=`));
    expect(Number(/Max-Age=(\d+)/.exec(setCookie)?.[1])).toBeGreaterThan(86400 - 60);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).not.toContain('Secure');
    const https = await h.site(url.replace('http:', 'https:'));
    expect(https.headers.get('set-cookie')).toContain('Secure');
    // A German link leads to the German primary domain's path.
    const de = await share({ id: siteIds.about, locale: 'de' });
    expect(de.url).toMatch(/^http:\/\/de\.fixture\.test\/_cms\/share\//);
    expect((await h.site(de.url)).headers.get('location')).toBe('/ueber-uns');
  });

  it('a revoked link and the cookies it set stop working at once', async () => {
    const byId = await share({ id: siteIds.about });
    const { cookie } = await openLink(byId.url);
    const preview = async () =>
      (await h.site(`${SITE}/about`, { headers: { cookie } })).headers.get('cache-control');
    expect(await preview()).toMatch(/private|no-store/);
    const revoke = await h.rpc('plugins.website.share.revoke', { id: byId.id });
    expect(revoke.status).toBe(200);
    expect((await openLink(byId.url)).res.status).toBe(404);
    expect(await preview()).not.toMatch(/private|no-store/);
    // By its address too; an address that is no link of the space is a 404.
    const byUrl = await share();
    expect((await h.rpc('plugins.website.share.revoke', { url: byUrl.url })).status).toBe(200);
    expect((await openLink(byUrl.url)).res.status).toBe(404);
    const unknown = await h.rpc('plugins.website.share.revoke', { url: `${SITE}/_cms/share/nope.nope` });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { details: unknown } }).error.details).toEqual([
      { key: 'validation.invalid', path: 'url', params: { message: 'not a share link of this space' } },
    ]);
  });

  it('gives a short link a cookie that ends with the link', async () => {
    const { url } = await share({ id: siteIds.about, lifetimeSeconds: 90 });
    const maxAge = Number(/Max-Age=(\d+)/.exec((await h.site(url)).headers.get('set-cookie')!)?.[1]);
    expect(maxAge).toBeGreaterThan(80);
    expect(maxAge).toBeLessThanOrEqual(90);
  });

  it('shows the document draft only with the cookie, with the Preview marker, uncached and noindex', async () => {
    const { cookie } = await openLink((await share({ id: siteIds.about })).url);
    const publicPage = await h.site(`${SITE}/about`);
    const publicHtml = await publicPage.text();
    expect(publicHtml).toContain('About us');
    expect(publicHtml).not.toContain('About us (draft)');
    expect(publicHtml).not.toContain('class="verso-preview"');
    h.takeKeys();
    const preview = await h.site(`${SITE}/about`, { headers: { cookie } });
    expect(preview.status).toBe(200);
    expect(preview.headers.get('cache-control')).toBe('private, no-store');
    expect(preview.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const html = await preview.text();
    expect(html).toContain('About us (draft)');
    expect(html).toMatch(
      /<aside class="verso-preview" aria-label="Preview of unpublished changes" style="all: initial; position: fixed;[^"]*">Preview<\/aside>/,
    );
    expect(html).toContain('<meta name="robots" content="noindex');
    expect(h.takeKeys().filter((k) => k.startsWith('site:page:'))).toEqual([]);
    // The public page is still the published one: the preview went nowhere near the shared cache.
    expect(await (await h.site(`${SITE}/about`)).text()).toBe(publicHtml);
    // A document link shows that document's draft only: the draft-only page stays unknown.
    expect((await h.site(`${SITE}/unpublished`, { headers: { cookie } })).status).toBe(404);
    // robots.txt shuts everything for the holder of a share cookie.
    expect(await (await h.site(`${SITE}/robots.txt`, { headers: { cookie } })).text()).toBe(
      'User-agent: *\nDisallow: /\n',
    );
    expect(await (await h.site(`${SITE}/robots.txt`)).text()).toContain('Allow: /');
  });

  it('a whole-site link shows every draft, the draft designs and any asset of the space', async () => {
    await h.db.query(
      `insert into website_designs (space_id, environment, kind, key, published, draft)
       values ($1, 'production', 'theme', 'default', null, $2::jsonb)`,
      [
        siteIds.space,
        JSON.stringify({ ...defaultTheme, colors: { ...defaultTheme.colors, primary: '#7a1f9c' } }),
      ],
    );
    const { url } = await share();
    const { res, cookie } = await openLink(url);
    expect(res.headers.get('location')).toBe('/');
    const draftOnly = await h.site(`${SITE}/unpublished`, { headers: { cookie } });
    expect(draftOnly.status).toBe(200);
    expect(await draftOnly.text()).toContain('Unpublished');
    expect((await h.site(`${SITE}/unpublished`)).status).toBe(404);
    const previewHtml = await (await h.site(`${SITE}/about`, { headers: { cookie } })).text();
    expect(previewHtml).toContain('About us (draft)');
    const publicHtml = await (await h.site(`${SITE}/about`)).text();
    const draftSheet = stylesheetOf(previewHtml)!;
    const publicSheet = stylesheetOf(publicHtml)!;
    expect(draftSheet).not.toBe(publicSheet);
    expect(await (await h.site(`${SITE}${draftSheet}`)).text()).toContain('#7a1f9c');
    expect(await (await h.site(`${SITE}${publicSheet}`)).text()).not.toContain('#7a1f9c');
    // An asset no published content uses: only for the preview.
    expect((await h.site(`${SITE}/media/${siteIds.orphanImage}/original`)).status).toBe(404);
    const media = await h.site(`${SITE}/media/${siteIds.orphanImage}/original`, { headers: { cookie } });
    expect(media.status).toBe(200);
    expect(media.headers.get('cache-control')).toBe('private, no-store');
  });

  it('opens only on a host of its space and environment; expired and tampered links answer the neutral 404', async () => {
    const { url } = await share({ id: siteIds.about });
    const token = url.split('/_cms/share/')[1]!;
    const staging = await share({ environment: 'staging' });
    const stagingToken = staging.url.split('/_cms/share/')[1]!;
    expect(staging.url).toMatch(/^http:\/\/staging\.fixture\.test\//);
    const [body, sig] = token.split('.') as [string, string];
    const refused = [
      // production link on the staging host, staging link on a production host, unknown host
      `http://staging.fixture.test/_cms/share/${token}`,
      `${SITE}/_cms/share/${stagingToken}`,
      `http://unknown.test/_cms/share/${token}`,
      // another space's link, an expired one, a forged payload, a broken signature, another secret
      `${SITE}/_cms/share/${signShareToken(ACCESS_SECRET, { s: '00000000-0000-4000-8000-00000000ffff', e: 'production', x: now() + 600 })}`,
      `${SITE}/_cms/share/${signShareToken(ACCESS_SECRET, { s: siteIds.space, e: 'production', x: now() - 1 })}`,
      `${SITE}/_cms/share/${Buffer.from(JSON.stringify({ s: siteIds.space, e: 'production', x: now() + 9999 })).toString('base64url')}.${sig}`,
      `${SITE}/_cms/share/${body}.${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`,
      `${SITE}/_cms/share/${signShareToken(`${ACCESS_SECRET}x`, { s: siteIds.space, e: 'production', x: now() + 600 })}`,
      `${SITE}/_cms/share/garbage`,
    ];
    for (const address of refused) {
      const res = await h.site(address);
      expect(res.status, address).toBe(404);
      expect(res.headers.get('set-cookie')).toBeNull();
      expect(await res.text()).toContain('<h1>Not found</h1>');
    }
    expect((await h.site(staging.url)).status).toBe(303);
    // A cookie of the staging environment shows nothing on production hosts.
    const stagingCookie = cookieOf(await h.site(staging.url));
    const onProduction = await h.site(`${SITE}/unpublished`, { headers: { cookie: stagingCookie } });
    expect(onProduction.status).toBe(404);
    // An expired cookie is no preview.
    const expired = signShareToken(ACCESS_SECRET, { s: siteIds.space, e: 'production', x: now() - 1 });
    const page = await h.site(`${SITE}/about`, { headers: { cookie: `${SHARE_COOKIE}=${expired}` } });
    expect(await page.text()).not.toContain('About us (draft)');
  });

  it('bypasses the site password while the cookie is valid', async () => {
    expect((await h.rpc('plugins.website.settings.set', { password: 'correct horse battery' })).status).toBe(
      200,
    );
    expect((await h.site(`${SITE}/about`)).status).toBe(401);
    const { cookie } = await openLink((await share({ id: siteIds.about })).url);
    const page = await h.site(`${SITE}/about`, { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('About us (draft)');
    // The share cookie is no password: the password form still refuses a wrong one.
    const posted = await h.site(
      `${SITE}/_cms/password`,
      passwordPost({ password: 'wrong password', next: '/' }, { origin: SITE, cookie }),
    );
    expect(posted.status).toBe(401);
    expect((await h.rpc('plugins.website.settings.set', { password: null })).status).toBe(200);
  });
});
