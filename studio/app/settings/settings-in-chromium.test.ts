import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoColourImage } from '../../../core/media/test-images.ts';
import { ids } from '../../../core/testing/fixture-space.ts';
import { axeViolations } from '../../../e2e/support/audits.ts';
import { standSite } from '../testing/stand-site.ts';
import { until, type ViewStand, viewStand } from '../testing/view-stand.ts';

// The settings view in real Chromium against the real procedures, and the real website process on the same
// database and cache: a domain refused, then added, the site name set (the page's title shows it), a password set (the
// site then asks for it: 401 and its form) and removed; head and body code only with `website:code`. Axe,
// 1280×800; an uploaded image chosen as the logo of a site design, published, in the live header. The screenshot
// is docs/studio/settings.png.

let stand: ViewStand;
let site: Hono;
beforeAll(async () => {
  stand = await viewStand('settings');
  site = standSite(stand.h);
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

  it('a space without a stored site design: choosing a logo starts one, as a draft', async () => {
    const key = await stand.h.key({ role: 'owner' });
    const { page, problems } = await stand.open();
    page.setDefaultTimeout(8000);
    await until(page, () => document.querySelectorAll('#site-logo option').length > 1);
    await page.selectOption('#site-logo', ids.image);
    await page.locator('[role="status"]', { hasText: 'Logo saved as a draft' }).waitFor();
    const res = await stand.h.call('designs.get', { space: 'fixture', kind: 'site', key: 'default' }, key);
    expect(await res.json()).toMatchObject({ published: null, draft: { logoId: ids.image } });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('chooses an uploaded image as the logo; once the designs are published the live header shows it', async () => {
    const key = await stand.h.key({ role: 'owner' });
    const call = async (name: string, body: Record<string, unknown>) => {
      const res = await stand.h.call(name, { space: 'fixture', ...body }, key);
      expect(res.status, `${name}: ${await res.clone().text()}`).toBeLessThan(300);
      return res.json();
    };
    // The fixture draws generated designs only: give it a stored site design (no logo yet).
    await call('designs.saveDraft', { kind: 'site', key: 'default', draft: { stickyHeader: true } });
    await call('designs.publishAll', {});
    const form = new FormData();
    const png = await twoColourImage({ width: 240, height: 80, format: 'png' });
    form.append('file', new File([new Uint8Array(png)], 'harbour-logo.png', { type: 'image/png' }));
    const uploaded = await fetch(`${stand.url}/upload/fixture`, { method: 'POST', body: form });
    expect(uploaded.status).toBe(201);
    const { id } = (await uploaded.json()) as { id: string };

    const { page, problems } = await stand.open();
    page.setDefaultTimeout(8000);
    await page.locator('#site-logo').waitFor();
    await until(page, () => document.querySelectorAll('#site-logo option').length > 1);
    await page.selectOption('#site-logo', { label: 'harbour-logo.png' });
    await page.locator('[role="status"]', { hasText: 'Logo saved as a draft' }).waitFor();
    await page.locator('img.logo-preview').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const stored = (await call('designs.get', { kind: 'site', key: 'default' })) as {
      draft: { logoId?: string } | null;
    };
    expect(stored.draft).toEqual({ stickyHeader: true, logoId: id });

    // A draft until published: the live header still names the site in words.
    const header = async () => {
      const html = await (await site.request('http://fixture.test/')).text();
      return /<header[\s\S]*?<\/header>/.exec(html)?.[0] ?? '';
    };
    expect(await header()).not.toContain('<img');
    await call('designs.publishAll', {});
    const live = await header();
    const img = /<a[^>]*href="\/"[^>]*>\s*<img[^>]*>/.exec(live)?.[0] ?? live;
    expect(img).toContain(`/media/${id}/`);
    // The logo links home; its alt text names the link's purpose (the site's name).
    expect(img).toMatch(/alt="(Fixture|Harbour Notes)"/);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
