import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../core/auth/api-keys.ts';
import { controlRoutes } from '../../core/control/control-routes.ts';
import { parseTrustedProxies } from '../../core/net/trusted-proxies.ts';
import { captureLog } from '../../core/testing/capture-log.ts';
import { testDatabases } from '../../core/testing/databases.ts';
import { ids } from '../../core/testing/fixture-space.ts';
import { signShareToken } from '../access/share-token.ts';
import { renderView } from '../canvas/render-view.ts';
import { sampleMessage } from '../canvas/sample-message.ts';
import { AUTH_SECRET, type FormsSite, openFormsSite } from '../forms/forms-harness.ts';
import { BADGE_STYLE, badgeContent } from './badge.tsx';

const BADGE = /<(a|span) [^>]*data-verso-badge[^>]*>[^<]*<\/\1>/;

describe.each(testDatabases())('the badge on $kind', ({ open }) => {
  let site: FormsSite;
  let operator = '';
  beforeAll(async () => {
    // The control API in front of the website process, on one cache: as a purge travels between processes.
    site = await openFormsSite(open, undefined, (app, { db, cache }) => {
      app.route(
        '/',
        controlRoutes({
          db,
          cache,
          log: captureLog().log,
          trustedProxies: parseTrustedProxies('none'),
          allowedIps: parseTrustedProxies('127.0.0.1'),
        }),
      );
    });
    operator = (await createApiKey(site.db, { role: 'superadmin', name: 'ops' })).token;
  }, 60_000);
  afterAll(() => site.close());

  const controls = async (values: Record<string, unknown>) => {
    const res = await site.call('PATCH', '/control/v1/spaces/fixture/controls', {
      host: '127.0.0.1',
      headers: { authorization: `Bearer ${operator}`, 'content-type': 'application/json' },
      body: JSON.stringify({ controls: values }),
    });
    expect(res.status, res.text).toBe(200);
  };
  const page = async (path = '/about', headers: Record<string, string> = {}) => {
    const res = await site.call('GET', path, { headers });
    return { status: res.status, html: res.text, cacheControl: res.headers['cache-control'] };
  };

  it('is absent while the control is off, and a cached page is purged when it is switched on', async () => {
    const before = await page();
    expect(before.status).toBe(200);
    expect(before.html).not.toMatch(BADGE);
    expect((await page()).html).toBe(before.html); // served from the page cache now
    await controls({
      'features.plugins.website.badge': true,
      'plugins.website.badge.text': `<script>alert("x")</script> & 'Verso'`,
      'plugins.website.badge.link': 'https://example.org/?a=1&b="2"',
    });
    const after = await page();
    expect(after.cacheControl).toMatch(/^public/);
    const badge = BADGE.exec(after.html)?.[0];
    expect(badge).toBe(
      `<a href="https://example.org/?a=1&amp;b=&quot;2&quot;" target="_blank" rel="noopener" style="${BADGE_STYLE}" data-verso-badge="">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Verso&#39;</a>`,
    );
    expect(after.html).not.toContain('<script>alert');
    // The last element of the page, fixed in the bottom-left corner, styles starting with `all: initial`.
    expect(after.html).toMatch(
      /<aside aria-label="[^"]*" style="all: initial"><a [^>]*data-verso-badge="">[^<]*<\/a><\/aside><\/body><\/html>$/,
    );
    expect(BADGE_STYLE).toMatch(/^all: initial; position: fixed; left: 12px; bottom: 12px;/);
  });

  it('follows a change of its text or link at once, on every page, and leaves when switched off', async () => {
    await controls({ 'plugins.website.badge.text': 'Hosted on Verso' });
    expect(BADGE.exec((await page()).html)?.[0]).toContain('>Hosted on Verso</a>');
    const lost = await page('/no-such-page');
    expect(lost.status).toBe(404);
    expect(BADGE.exec(lost.html)?.[0]).toContain('>Hosted on Verso</a>');
    expect(BADGE.exec((await page('/')).html)?.[0]).toContain('>Hosted on Verso</a>');
    await controls({ 'plugins.website.badge.link': 'https://verso.example/made' });
    expect(BADGE.exec((await page()).html)?.[0]).toContain('href="https://verso.example/made"');
    await controls({ 'features.plugins.website.badge': false });
    expect((await page()).html).not.toMatch(BADGE);
    expect((await page('/no-such-page')).html).not.toMatch(BADGE);
  });

  it('is on share previews too, and never in the design canvas', async () => {
    await controls({ 'features.plugins.website.badge': true });
    const token = signShareToken(AUTH_SECRET, {
      s: ids.space,
      e: 'production',
      x: Math.floor(Date.now() / 1000) + 600,
    });
    const preview = await page('/about', { cookie: `cms_share=${token}` });
    expect(preview.cacheControl).toBe('private, no-store');
    expect(preview.html).toMatch(BADGE);
    expect(String(renderView(sampleMessage()).body)).not.toContain('data-verso-badge');
  });
});

describe('badge content', () => {
  it('defaults its text, and draws no link to anything but http(s)', () => {
    expect(badgeContent(undefined, undefined)).toEqual({ text: 'Made with Verso', link: null });
    expect(badgeContent('  ', 'javascript:alert(1)')).toEqual({ text: 'Made with Verso', link: null });
    expect(badgeContent('Hi', 'https://x.test/')).toEqual({ text: 'Hi', link: 'https://x.test/' });
  });
});
