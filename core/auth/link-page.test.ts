import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMigrations, loadPlugins } from '../../cli/plugins.ts';
import { websiteProcedures } from '../../site/procedures/index.ts';
import { type RpcHarness, rpcHarness } from '../rpc/test-harness.ts';
import { testDatabases } from '../testing/databases.ts';
import { ids } from '../testing/fixture-space.ts';
import { createApiKey } from './api-keys.ts';
import { createLinkToken } from './sessions.ts';

// The one-time sign-in link against login CSRF (issue 43), through the real routes and database: only a
// typed-in or same-origin top-level navigation spends the token at once; anything else gets a page naming
// the key whose button posts the token back from the management origin, and a session for another key is
// never replaced without being named.

const plugins = loadPlugins({ website: true });
const secret = 'session-secret-0123456789-0123456789-0123456789';
const origin = 'http://admin.localhost';
const navigation = (site: string) => ({
  'sec-fetch-site': site,
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
});
const typed = navigation('none');

describe.each(testDatabases())('the one-time sign-in link on $kind', ({ open }) => {
  let h: RpcHarness;
  beforeAll(async () => {
    h = await rpcHarness({
      open,
      procedures: websiteProcedures,
      plugins,
      migrations: allMigrations(plugins),
      authSecret: secret,
    });
  });
  afterAll(() => h.close());

  const link = async (name: string) => {
    const key = await createApiKey(h.db, { name, role: 'editor', spaceIds: [ids.space] });
    return { ...key, token: await createLinkToken(h.db, key.id) };
  };
  const get = (token: string, headers: Record<string, string> = {}) =>
    h.app.request(`${origin}/auth/link?token=${token}`, { headers });
  const post = (fields: Record<string, string>, headers: Record<string, string> = { origin }) =>
    h.app.request(`${origin}/auth/link`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields).toString(),
    });
  const whoami = async (cookie: string) => {
    const res = await h.app.request(`${origin}/rpc/designs.list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin },
      body: JSON.stringify({ space: 'fixture' }),
    });
    return res.status;
  };
  const pair = (res: Response) => res.headers.get('set-cookie')!.split(';')[0]!;

  it('a link followed from another site shows a page naming the key and spends nothing; its button signs in', async () => {
    const { token } = await link('Ada');
    for (const headers of [
      navigation('cross-site'),
      navigation('same-site'),
      {},
      { ...typed, 'sec-purpose': 'prefetch' },
      { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'iframe' },
      { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' },
    ]) {
      const page = await get(token, headers);
      expect(page.status, JSON.stringify(headers)).toBe(200);
      expect(page.headers.get('set-cookie')).toBeNull();
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(page.headers.get('cache-control')).toBe('no-store');
      expect(page.headers.get('x-frame-options')).toBe('DENY');
      const csp = page.headers.get('content-security-policy')!;
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("form-action 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/script-src|unsafe-inline/);
      const html = await page.text();
      expect(html).toContain('signs this browser in as “Ada” (editor, space fixture)');
      expect(html).toContain('<form method="post" action="/auth/link">');
      expect(html).toContain(`name="token" value="${token}"`);
      expect(html).not.toMatch(/<script|You are signed in as/);
    }
    // The token is still good: the page's button posts it from the management origin.
    const signedIn = await post({ token, current: '' });
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get('location')).toBe('/studio');
    expect(await whoami(pair(signedIn))).toBe(200);
    const again = await post({ token, current: '' });
    expect(again.headers.get('location')).toBe('/studio?error=expired');
    expect(again.headers.get('set-cookie')).toBeNull();
  });

  it('a post from another origin, or with no origin at all, is refused and spends nothing', async () => {
    const { token } = await link('Grace');
    const refusals: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      {},
    ];
    for (const headers of refusals) {
      const res = await post({ token, current: '' }, headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(((await res.json()) as { error: { key: string } }).error.key).toBe('auth.crossOrigin');
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    const typedIn = await get(token, typed);
    expect(typedIn.status).toBe(303);
    expect(typedIn.headers.get('location')).toBe('/studio');
    expect(await whoami(pair(typedIn))).toBe(200);
  });

  it('a typed-in or same-origin link signs in at once, as one navigation', async () => {
    for (const headers of [typed, navigation('same-origin')]) {
      const { token } = await link('Linus');
      const res = await get(token, headers);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/studio');
      expect(await whoami(pair(res))).toBe(200);
    }
  });

  it('a browser signed in as another key is asked first, by the link and by the button; then the old session ends', async () => {
    const first = await link('Margaret');
    const mine = pair(await get(first.token, typed));
    const other = await link('Mallory');
    // Typed in, but the browser holds Margaret's session: the page asks.
    const asked = await get(other.token, { ...typed, cookie: mine });
    expect(asked.status).toBe(200);
    expect(asked.headers.get('set-cookie')).toBeNull();
    const html = await asked.text();
    expect(html).toContain(
      'You are signed in as “Margaret” (editor, space fixture); continue as “Mallory” (editor, space fixture)?',
    );
    expect(html).toContain(`name="current" value="${first.id}"`);
    // A page that saw no session (the cross-site GET carried no SameSite=Strict cookie) does not replace it.
    const unseen = await post({ token: other.token, current: '' }, { origin, cookie: mine });
    expect(unseen.status).toBe(200);
    expect(unseen.headers.get('set-cookie')).toBeNull();
    expect(await unseen.text()).toContain('You are signed in as “Margaret”');
    expect(await whoami(mine)).toBe(200);
    // Confirmed on the page that named Margaret: Mallory's session, and Margaret's is closed.
    const confirmed = await post({ token: other.token, current: first.id }, { origin, cookie: mine });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe('/studio');
    expect(await whoami(pair(confirmed))).toBe(200);
    expect(await whoami(mine)).toBe(401);
  });

  it('an unknown, used or expired token goes back to the form, whatever asks', async () => {
    const { id } = await link('Old');
    const old = await createLinkToken(h.db, id, new Date(Date.now() - 11 * 60 * 1000));
    for (const token of [old, 'nonsense', '']) {
      expect((await get(token, navigation('cross-site'))).headers.get('location')).toBe(
        '/studio?error=expired',
      );
      expect((await post({ token, current: '' })).headers.get('location')).toBe('/studio?error=expired');
    }
  });
});
