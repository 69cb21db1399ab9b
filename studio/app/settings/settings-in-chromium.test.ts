import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharpRenderer } from '../../../core/media/render-variant.ts';
import { variantStore } from '../../../core/media/variant-store.ts';
import { createRateLimiter } from '../../../core/rate-limit/rate-limiter.ts';
import { axeViolations } from '../../../e2e/support/audits.ts';
import { websiteServer } from '../../../site/server/website-server.ts';
import { type ViewStand, viewStand } from '../testing/view-stand.ts';

// The settings view in real Chromium against the real procedures, and the real website process on the same
// database and cache: a domain refused, then added, the site name set (the page's title shows it), a password set (the
// site then asks for it: 401 and its form) and removed; head and body code only with `website:code`. Axe,
// 1280×800. The screenshot is docs/studio/settings.png.

const SECRET = 'settings-view-secret-0123456789-0123456789';
let stand: ViewStand;
let site: Hono;
beforeAll(async () => {
  stand = await viewStand('settings');
  const { h } = stand;
  const dir = mkdtempSync(join(tmpdir(), 'verso-settings-view-'));
  site = websiteServer({
    db: h.db,
    log: h.captured.log,
    cache: h.cache,
    storage: h.storage,
    variants: variantStore({ dir: join(dir, 'variants'), storage: h.storage, render: sharpRenderer }),
    mediaSecret: () => SECRET,
    authSecret: () => SECRET,
    rateLimiter: createRateLimiter({ log: h.captured.log }),
    config: { SITE_CACHE_TTL: 120, SCOPES: ['media'], TRUSTED_PROXIES: undefined },
  });
}, 120_000);
afterAll(() => stand?.close());

describe('the settings view in Chromium', () => {
  it('adds a domain, names the site, and sets a password the site then asks for', async () => {
    const { page, problems } = await stand.open();
    page.setDefaultTimeout(8000);
    await page.locator('#site-name').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);

    await page.fill('#domain-host', 'not a host!');
    await page.click('button:text("Add domain")');
    await page.locator('[role="alert"]', { hasText: 'host' }).waitFor();
    expect(await page.getAttribute('#domain-host', 'aria-invalid')).toBe('true');
    await page.fill('#domain-host', 'fixture.test');
    await page.click('button:text("Add domain")');
    await page.locator('[role="alert"]', { hasText: 'in use already' }).waitFor();
    await page.fill('#domain-host', 'WWW.Fixture.TEST');
    await page.click('button:text("Add domain")');
    await page.locator('[role="status"]', { hasText: 'www.fixture.test added.' }).waitFor();
    expect(await page.locator('.domains li').allTextContents()).toContain('www.fixture.testRemove');

    await page.fill('#site-name', 'Harbour Notes');
    await page.click('button:text("Save site name")');
    await page.locator('[role="status"]', { hasText: 'Site name and description saved.' }).waitFor();
    const home = await site.request('http://fixture.test/');
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('Harbour Notes');

    // Too short: refused with the server's reason; then set, never shown back.
    await page.fill('#site-password', 'short');
    await page.click('button:text("Set password")');
    await page.locator('[role="alert"]').waitFor();
    await page.fill('#site-password', 'correct horse battery');
    await page.click('button:text("Set password")');
    await page.locator('#password-state', { hasText: 'asks every visitor' }).waitFor();
    expect(await page.inputValue('#site-password')).toBe('');
    expect(await page.content()).not.toContain('correct horse battery');
    const locked = await site.request('http://fixture.test/');
    expect(locked.status).toBe(401);
    expect(await locked.text()).toContain('<form method="post" action="/_cms/password">');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: 'docs/studio/settings.png' });

    await page.click('button:text("Remove password")');
    await page.locator('#password-state', { hasText: 'open to everyone' }).waitFor();
    expect((await site.request('http://fixture.test/')).status).toBe(200);
    // The three refusals above (422, 409, 422) are answers the view shows in words; nothing else failed.
    expect(problems.filter((p) => !/status of (409|422)/.test(p))).toEqual([]);
    await page.context().close();
  });

  it('shows head and body code only to a session holding website:code', async () => {
    const without = await stand.open(['space:read', 'space:write']);
    await without.page.locator('#site-name').waitFor();
    expect(await without.page.locator('#head-code').count()).toBe(0);
    await without.page.locator('text=only with the permission website:code').waitFor();
    await without.page.context().close();

    const { page } = await stand.open(null);
    await page.fill('#head-code', '<meta name="verified" content="yes">');
    await page.click('button:text("Save code")');
    await page.locator('[role="status"]', { hasText: 'Head and body code saved.' }).waitFor();
    expect(await (await site.request('http://fixture.test/')).text()).toContain(
      '<meta name="verified" content="yes">',
    );
    await page.context().close();
  });
});
