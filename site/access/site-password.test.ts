import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../core/testing/databases.ts';
import { siteIds } from '../testing/site-fixture.ts';
import { ACCESS_COOKIE, issueAccessCookie } from './access-cookie.ts';
import {
  ACCESS_SECRET,
  type AccessHarness,
  cookieOf,
  openAccessSite,
  passwordPost,
} from './access-harness.ts';

const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'another staple 2026';
const SITE = 'http://fixture.test';

const storedHash = async (h: AccessHarness) =>
  (
    await h.db.query<{ hash: string | null }>(
      `select settings->>'passwordHash' as hash from space_plugin_settings
       where space_id = $1 and plugin_id = 'website' and environment = 'production'`,
      [siteIds.space],
    )
  ).rows[0]!.hash;

/** A post from the site's own page, from its own client address (each test counts on its own). */
const post = (h: AccessHarness, fields: Record<string, string>, address: string, headers = {}) =>
  h.site(
    `${SITE}/_cms/password`,
    passwordPost(fields, { origin: SITE, 'x-forwarded-for': address, ...headers }),
  );

describe.each(testDatabases())('the site password on $kind', ({ open }) => {
  let h: AccessHarness;
  beforeAll(async () => {
    h = await openAccessSite(open);
  });
  afterAll(() => h?.drop());

  it('serves the site in public while no password is set; a password post answers the neutral 404', async () => {
    const page = await h.site(`${SITE}/about`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toMatch(/^public/);
    expect(page.headers.get('x-robots-tag')).toBeNull();
    const posted = await post(h, { password: PASSWORD, next: '/' }, '198.51.100.1');
    expect(posted.status).toBe(404);
    expect(await posted.text()).toContain('<h1>Not found</h1>');
    expect(posted.headers.get('set-cookie')).toBeNull();
  });

  it('setting a password purges design:<space> and every page path then answers the neutral form with 401', async () => {
    h.cache.takePurged();
    const set = await h.rpc('plugins.website.settings.set', { password: PASSWORD });
    expect(set.status).toBe(200);
    expect((await set.json()).hasPassword).toBe(true);
    expect(h.cache.takePurged()).toContain(`design:${siteIds.space}`);
    for (const path of [
      '/',
      '/about',
      '/news/hello',
      '/no-such-page',
      '/de/ueber-uns',
      '/de',
      '/feeds/page.xml',
    ]) {
      const res = await h.site(`${SITE}${path}`);
      expect(res.status, path).toBe(401);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const html = await res.text();
      expect(html).toContain('<form method="post" action="/_cms/password">');
      expect(html).toContain(`<input type="hidden" name="next" value="${path}">`);
      expect(html).toMatch(/<label for="password">Password<\/label>/);
      expect(html).toContain('<html lang="en">');
      // Neutral: no site name, title or content, and no script.
      for (const leak of ['Fixture', 'About us', 'Über uns', '<script', 'fixture.test']) {
        expect(html).not.toContain(leak);
      }
    }
    // The German pinned host asks in German.
    const de = await h.site('http://de.fixture.test/ueber-uns');
    expect(de.status).toBe(401);
    expect(await de.text()).toContain('<html lang="de">');
  });

  it('keeps search engines out: sitemap 404, robots Disallow: /', async () => {
    expect((await h.site(`${SITE}/sitemap.xml`)).status).toBe(404);
    const robots = await h.site(`${SITE}/robots.txt`);
    expect(await robots.text()).toBe('User-agent: *\nDisallow: /\n');
  });

  it('answers a wrong password with the form again, a message and 401, and sets no cookie', async () => {
    const before = h.verifications();
    const res = await post(h, { password: 'not the password', next: '/about' }, '198.51.100.2');
    expect(res.status).toBe(401);
    expect(h.verifications()).toBe(before + 1);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const html = await res.text();
    expect(html).toMatch(/<p class="error" id="password-error" role="alert">The password is not correct/);
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('name="next" value="/about"');
  });

  it('answers the right password with the access cookie and 303 to next; the cookie opens every page, uncached', async () => {
    const res = await post(h, { password: PASSWORD, next: '/news/hello?x=1' }, '198.51.100.3');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/news/hello?x=1');
    const setCookie = res.headers.get('set-cookie')!;
    expect(setCookie).toMatch(new RegExp(`^${ACCESS_COOKIE}=\\d+\\.[A-Za-z0-9_-]{43};`));
    expect(setCookie).toContain('Max-Age=2592000');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).not.toContain('Secure');
    const cookie = cookieOf(res);
    h.takeKeys();
    for (const path of ['/about', '/news/hello']) {
      const page = await h.site(`${SITE}${path}`, { headers: { cookie } });
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe('private, no-store');
      expect(page.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      expect(await page.text()).toContain('<meta name="robots" content="noindex');
    }
    // Never written to (nor read from) the shared page cache.
    expect(h.takeKeys().filter((k) => k.startsWith('site:page:'))).toEqual([]);
    // Media of the protected site: the cookie's holder gets it privately.
    const media = await h.site(`${SITE}/media/${siteIds.image}/original`, { headers: { cookie } });
    expect(media.status).toBe(200);
    expect(media.headers.get('cache-control')).toBe('private, no-store');
    expect((await h.site(`${SITE}/media/${siteIds.image}/original`)).status).toBe(404);
  });

  it('marks the cookie Secure on HTTPS, also behind a proxy that says so', async () => {
    const direct = await h.site(
      'https://fixture.test/_cms/password',
      passwordPost(
        { password: PASSWORD, next: '/' },
        { origin: 'https://fixture.test', 'x-forwarded-for': '198.51.100.4' },
      ),
    );
    expect(direct.status).toBe(303);
    expect(direct.headers.get('set-cookie')).toContain('Secure');
    const proxied = await post(h, { password: PASSWORD, next: '/' }, '198.51.100.4', {
      'x-forwarded-proto': 'https',
      origin: 'https://fixture.test',
    });
    expect(proxied.status).toBe(303);
    expect(proxied.headers.get('set-cookie')).toContain('Secure');
  });

  it.each([
    ['https://evil.test/phish', '/'],
    ['//evil.test/x', '/'],
    ['/\\evil.test', '/'],
    ['javascript:alert(1)', '/'],
    ['', '/'],
  ])('sends next %j to %s', async (next, location) => {
    const res = await post(h, { password: PASSWORD, next }, '198.51.100.5');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(location);
  });

  it('refuses a post from another origin with 403, before counting or checking anything', async () => {
    const before = h.verifications();
    for (const headers of [
      { origin: 'https://evil.test' },
      { origin: 'null' },
      { origin: 'http://fixture.test:8080' },
      { origin: undefined, referer: 'https://evil.test/page' },
    ]) {
      const res = await h.site(
        `${SITE}/_cms/password`,
        passwordPost(
          { password: PASSWORD, next: '/' },
          Object.fromEntries(
            Object.entries({ 'x-forwarded-for': '198.51.100.6', ...headers }).filter(([, v]) => v),
          ) as Record<string, string>,
        ),
      );
      expect(res.status).toBe(403);
      expect(res.headers.get('set-cookie')).toBeNull();
      expect((await res.json()).error).toMatchObject({ key: 'site.password.crossOrigin', kind: 'forbidden' });
    }
    expect(h.verifications()).toBe(before);
  });

  it('answers the 11th attempt of an address with 429 and Retry-After without checking the password', async () => {
    const address = '203.0.113.77';
    for (let i = 1; i <= 10; i++) {
      const res = await post(h, { password: `wrong guess ${i}`, next: '/' }, address);
      expect(res.status, `attempt ${i}`).toBe(401);
    }
    const checked = h.verifications();
    // Even the right password is not looked at over the limit.
    const refused = await post(h, { password: PASSWORD, next: '/' }, address);
    expect(refused.status).toBe(429);
    expect(h.verifications()).toBe(checked);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('ratelimit-policy')).toBe('10;w=600');
    expect(refused.headers.get('set-cookie')).toBeNull();
    expect(refused.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(await refused.text()).toContain('role="alert">Too many attempts');
    // Another address is counted on its own.
    expect((await post(h, { password: PASSWORD, next: '/' }, '203.0.113.78')).status).toBe(303);
  });

  it('refuses a cookie of another space, an expired one and a tampered one', async () => {
    const hash = (await storedHash(h))!;
    const otherSpace = issueAccessCookie(ACCESS_SECRET, '00000000-0000-4000-8000-00000000ffff', hash);
    const expired = issueAccessCookie(ACCESS_SECRET, siteIds.space, hash, Date.now() - 31 * 24 * 3600 * 1000);
    const good = issueAccessCookie(ACCESS_SECRET, siteIds.space, hash);
    const [expiry, sig] = good.split('.') as [string, string];
    const tampered = [
      `${Number(expiry) + 1}.${sig}`,
      `${expiry}.${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`,
      issueAccessCookie(`${ACCESS_SECRET}-other`, siteIds.space, hash),
      'garbage',
    ];
    for (const value of [otherSpace, expired, ...tampered]) {
      const res = await h.site(`${SITE}/about`, { headers: { cookie: `${ACCESS_COOKIE}=${value}` } });
      expect(res.status, value).toBe(401);
    }
    expect((await h.site(`${SITE}/about`, { headers: { cookie: `${ACCESS_COOKIE}=${good}` } })).status).toBe(
      200,
    );
  });

  it('a new password purges design:<space> and voids every earlier cookie', async () => {
    const cookie = cookieOf(await post(h, { password: PASSWORD, next: '/' }, '198.51.100.8'));
    expect((await h.site(`${SITE}/about`, { headers: { cookie } })).status).toBe(200);
    h.cache.takePurged();
    expect((await h.rpc('plugins.website.settings.set', { password: NEW_PASSWORD })).status).toBe(200);
    expect(h.cache.takePurged()).toContain(`design:${siteIds.space}`);
    expect((await h.site(`${SITE}/about`, { headers: { cookie } })).status).toBe(401);
    expect((await post(h, { password: PASSWORD, next: '/' }, '198.51.100.8')).status).toBe(401);
    const fresh = cookieOf(await post(h, { password: NEW_PASSWORD, next: '/' }, '198.51.100.8'));
    expect((await h.site(`${SITE}/about`, { headers: { cookie: fresh } })).status).toBe(200);
  });

  it('answers hasPassword and never the hash: not in any answer, log line or audit entry', async () => {
    const get = await h.rpc('plugins.website.settings.get', {});
    const body = await get.json();
    expect(body.hasPassword).toBe(true);
    expect(body).not.toHaveProperty('passwordHash');
    const hash = (await storedHash(h))!;
    expect(hash).toMatch(/^\$argon2id\$/);
    const secretParts = [hash, hash.split('$').at(-1)!, hash.split('$').at(-2)!, PASSWORD, NEW_PASSWORD];
    const audit = await h.db.query<{ text: string }>(
      'select row_to_json(a)::text as text from audit_entries a',
    );
    expect(audit.rows.length).toBeGreaterThan(0);
    for (const part of secretParts) {
      for (const answer of h.answers) expect(answer).not.toContain(part);
      expect(h.log.text()).not.toContain(part);
      for (const row of audit.rows) expect(row.text).not.toContain(part);
    }
  });

  it('removing the password purges design:<space> and opens the site again', async () => {
    h.cache.takePurged();
    const res = await h.rpc('plugins.website.settings.set', { password: null });
    expect((await res.json()).hasPassword).toBe(false);
    expect(h.cache.takePurged()).toContain(`design:${siteIds.space}`);
    const page = await h.site(`${SITE}/about`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toMatch(/^public/);
    expect(page.headers.get('x-robots-tag')).toBeNull();
    expect((await h.site(`${SITE}/sitemap.xml`)).status).toBe(200);
    expect((await post(h, { password: NEW_PASSWORD, next: '/' }, '198.51.100.9')).status).toBe(404);
  });
});
