import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, vnuMessages } from './support/audits.ts';
import { launchChromium, watchedPage } from './support/browser.ts';
import { rpc, type Stack, servicesConfigured, startStack } from './support/stack.ts';

// Site access on a real stack (`verso serve` management and website processes sharing PostgreSQL and
// Redis): a visitor unlocks the password-protected demo and browses it; an editor's share link shows
// a draft with the Preview marker. No console error, no CSP violation.

let stack: Stack | undefined;
let browser: Browser;
let site: string;

const PASSWORD = 'morgenrot-preview-2026';
const POUR_OVER = 'd0c00000-0000-4000-8000-000000000022';

beforeAll(async () => {
  stack = await startStack({ management: 1, website: 1 });
  if (!stack) return;
  site = stack.urls.website[0]!;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe.runIf(servicesConfigured())('site access', () => {
  it('a visitor unlocks the protected demo site with its password and browses it', async () => {
    const set = await rpc(stack!, 'plugins.website.settings.set', { space: 'demo', password: PASSWORD });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ hasPassword: true });

    const { page, problems } = await watchedPage(browser, { viewport: { width: 1280, height: 900 } });
    const first = await page.goto(`${site}/coffees`);
    expect(first?.status()).toBe(401);
    expect(first?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    expect(first?.headers()['cache-control']).toBe('private, no-store');
    expect(await page.locator('h1').innerText()).toBe('Password required');
    expect(await page.content()).not.toContain('Morgenrot');
    await page.screenshot({ path: '/tmp/h1-password-form.png' });

    // A wrong password: the form again, with the message announced.
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').innerText()).toContain('The password is not correct');
    await page.screenshot({ path: '/tmp/h1-password-wrong.png' });
    // The form, with its message, is accessible and valid HTML.
    expect(await axeViolations(page)).toEqual([]);
    const invalid = (await vnuMessages(await page.content())).filter((m) => m.type === 'error');
    expect(invalid).toEqual([]);

    // The right one leads back to the page asked for, and the whole site opens.
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${site}/coffees`);
    expect(await page.locator('h1').first().innerText()).toBe('Our coffees');
    const card = page.getByRole('main').locator('article article').filter({ hasText: 'Yirgacheffe' });
    await card.getByRole('link', { name: 'Meet this coffee' }).click();
    await page.waitForURL(/\/coffees\/yirgacheffe-konga$/);
    expect(await page.locator('h1').first().innerText()).toContain('Yirgacheffe');
    const blog = await page.goto(`${site}/blog`);
    expect(blog?.status()).toBe(200);
    expect(blog?.headers()['cache-control']).toBe('private, no-store');
    expect(blog?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    // Images of the protected site load for the visitor who holds the cookie.
    // Lazy images below the fold load once asked to: each is loaded eagerly and waited for.
    const images = await page.locator('main img').evaluateAll((imgs) =>
      Promise.all(
        imgs.map(async (element) => {
          const img = element as HTMLImageElement;
          img.loading = 'eager';
          if (!img.complete)
            await new Promise((done) => {
              img.addEventListener('load', done, { once: true });
              img.addEventListener('error', done, { once: true });
            });
          return { src: img.currentSrc || img.src, width: img.naturalWidth };
        }),
      ),
    );
    expect(images.length).toBeGreaterThan(0);
    expect(images.filter((i) => i.width === 0)).toEqual([]);
    const cookies = await page.context().cookies();
    const access = cookies.find((c) => c.name === 'cms_site_access')!;
    expect(access).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    // The browser reports each 401 answer (the form, the wrong post) as a failed load; nothing else.
    expect(problems.filter((p) => !p.includes('status of 401'))).toEqual([]);

    // Another visitor without the cookie still meets the form; the sitemap is gone.
    const { page: other } = await watchedPage(browser);
    expect((await other.goto(`${site}/blog`))?.status()).toBe(401);
    expect((await fetch(`${site}/sitemap.xml`)).status).toBe(404);

    const removed = await rpc(stack!, 'plugins.website.settings.set', { space: 'demo', password: null });
    expect(removed.body).toMatchObject({ hasPassword: false });
    expect((await other.goto(`${site}/blog`))?.status()).toBe(200);
  });

  it("an editor's share link shows a draft with the Preview marker, to its holder only", async () => {
    // Independent of the journey before it: the site has no password here.
    await rpc(stack!, 'plugins.website.settings.set', { space: 'demo', password: null });
    const created = await rpc(stack!, 'plugins.website.share.create', {
      space: 'demo',
      id: POUR_OVER,
      lifetimeSeconds: 3600,
    });
    expect(created.status).toBe(200);
    const { url } = created.body as { url: string; expiresAt: string };
    expect(new URL(url).hostname).toBe('localhost');
    // The link names the primary domain; this stack's website process listens on its own port.
    const link = `${site}${new URL(url).pathname}`;

    const { page, problems } = await watchedPage(browser, { viewport: { width: 1280, height: 900 } });
    await page.goto(link);
    await page.waitForURL(`${site}/blog/better-pour-over-at-home`);
    await page.getByText('Which water?').first().waitFor();
    const marker = page.getByRole('complementary', { name: 'Preview of unpublished changes' });
    expect(await marker.innerText()).toBe('Preview');
    expect(await marker.isVisible()).toBe(true);
    const box = (await marker.boundingBox())!;
    expect(box.y + box.height).toBeGreaterThan(900 - 40);
    expect(box.x + box.width).toBeGreaterThan(1200);
    const cookie = (await page.context().cookies()).find((c) => c.name === 'cms_share')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(cookie.expires - Date.now() / 1000).toBeLessThanOrEqual(3601);
    await page.screenshot({ path: '/tmp/h1-preview.png' });
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);

    // Without the cookie: the published post, no marker.
    const { page: visitor } = await watchedPage(browser);
    await visitor.goto(`${site}/blog/better-pour-over-at-home`);
    expect(await visitor.locator('h1').first().innerText()).toContain('pour-over');
    expect(await visitor.getByText('Which water?').count()).toBe(0);
    expect(await visitor.locator('.verso-preview').count()).toBe(0);
    // A tampered link is the neutral 404.
    expect((await visitor.goto(`${link.slice(0, -2)}xx`))?.status()).toBe(404);
  });
});
