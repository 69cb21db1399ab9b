import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, watchedPage } from './support/browser.ts';
import { hostUrl, type Stack, servicesConfigured, startStack } from './support/stack.ts';

// A visitor's journey through the demo (Morgenrot Coffee Roasters) on a real `verso serve` website
// process: English on localhost, German on de.localhost (a domain pinned to German) and under /de,
// following the links the pages show, on a desktop and a phone. No console error, no CSP violation.

let stack: Stack | undefined;
let browser: Browser;
let site: string;

beforeAll(async () => {
  stack = await startStack({ website: 1 });
  if (!stack) return;
  site = stack.urls.website[0]!;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const h1 = (page: Page) => page.locator('h1').first().innerText();
const lang = (page: Page) => page.locator('html').getAttribute('lang');
const mainMenu = (page: Page) => page.locator('header [data-island="menu"]');

describe.skipIf(!servicesConfigured())('a visitor', () => {
  it('reads the English site on a desktop, following the menu, a card, a post and the logo', async () => {
    const { page, problems } = await watchedPage(browser, { viewport: { width: 1280, height: 900 } });
    const home = await page.goto(`${site}/`);
    expect(home?.status()).toBe(200);
    expect(await lang(page)).toBe('en');
    expect(await page.title()).toBe('Home · Morgenrot Coffee Roasters');
    expect(await h1(page)).toBe('Good mornings, roasted in small batches');
    await page.locator('header [data-island="menu"][data-menu-ready]').waitFor();

    // The hero's call to action, then one of the coffees the page lists.
    await page.getByRole('link', { name: 'Discover our coffees' }).click();
    await page.waitForURL(`${site}/coffees`);
    expect(await h1(page)).toBe('Our coffees');
    // Each coffee's card ends in a "Meet this coffee" link.
    const card = page.getByRole('main').locator('article article').filter({ hasText: 'Yirgacheffe' });
    await card.getByRole('link', { name: 'Meet this coffee' }).click();
    await page.waitForURL(/\/coffees\/yirgacheffe-konga$/);
    expect(await h1(page)).toContain('Yirgacheffe');

    // The About entry's submenu opens from its button (the island) and leads to the team page.
    const toggle = page.getByRole('button', { name: 'Submenu of About' });
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await mainMenu(page).getByRole('link', { name: 'Team' }).click();
    await page.waitForURL(`${site}/about/team`);
    expect(await page.locator('[aria-current="page"]').first().count()).toBe(1);

    // The blog, one post, and back home through the logo.
    await mainMenu(page).getByRole('link', { name: 'Blog', exact: true }).click();
    await page.waitForURL(`${site}/blog`);
    await page
      .getByRole('main')
      .getByRole('link', { name: /Why we roast lighter/ })
      .first()
      .click();
    await page.waitForURL(`${site}/blog/why-we-roast-lighter`);
    expect(await h1(page)).toBe('Why we roast lighter than you might expect');
    await page.getByRole('link', { name: 'Morgenrot – home' }).click();
    await page.waitForURL(`${site}/`);
    expect(problems).toEqual([]);
  });

  it('switches to German: de.localhost serves German pages whose links stay German', async () => {
    const { page, problems } = await watchedPage(browser, { viewport: { width: 1280, height: 900 } });
    await page.goto(`${site}/about`);
    // The locale switch in the header links to the same page on the German domain.
    await page
      .locator('header')
      .getByRole('link', { name: /Deutsch/ })
      .click();
    await page.waitForURL(hostUrl(site, 'de.localhost', '/ueber-uns'));
    expect(await lang(page)).toBe('de');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(
      hostUrl(site, 'de.localhost', '/ueber-uns'),
    );
    await mainMenu(page).getByRole('link', { name: 'Kaffees' }).click();
    await page.waitForURL(hostUrl(site, 'de.localhost', '/kaffees'));
    expect(await lang(page)).toBe('de');
    await mainMenu(page).getByRole('link', { name: 'Start' }).click();
    await page.waitForURL(hostUrl(site, 'de.localhost', '/'));
    expect(await h1(page)).toBe('Gute Morgen, in kleinen Chargen geröstet');
    // And back to English through the footer's switch.
    await page
      .locator('footer')
      .getByRole('link', { name: /English/ })
      .click();
    await page.waitForURL(`${site}/`);
    expect(await lang(page)).toBe('en');
    expect(problems).toEqual([]);
  });

  it('serves German under /de on the primary domain too, canonical to the German domain', async () => {
    const { page, problems } = await watchedPage(browser);
    const response = await page.goto(`${site}/de/ueber-uns`);
    expect(response?.status()).toBe(200);
    expect(await lang(page)).toBe('de');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(
      hostUrl(site, 'de.localhost', '/ueber-uns'),
    );
    expect(problems).toEqual([]);
  });

  it('sends www.localhost to the primary domain', async () => {
    const { page } = await watchedPage(browser);
    const response = await page.goto(hostUrl(site, 'www.localhost', '/coffees'));
    expect(response?.url()).toBe(`${site}/coffees`);
    expect(response?.request().redirectedFrom()?.response()).toBeTruthy();
    expect((await response?.request().redirectedFrom()?.response())?.status()).toBe(301);
  });

  it('on a phone: the menu button opens and closes the menu, by touch and by keyboard', async () => {
    const { page, problems } = await watchedPage(browser, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    });
    await page.goto(`${site}/`);
    await page.locator('[data-island="menu"][data-menu-ready]').first().waitFor();
    const button = mainMenu(page).getByRole('button', { name: 'Menu' });
    const coffees = mainMenu(page).getByRole('link', { name: 'Coffees' });
    expect(await button.isVisible()).toBe(true);
    expect(await coffees.isVisible()).toBe(false);

    await button.tap();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await coffees.isVisible()).toBe(true);
    await button.tap();
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await coffees.isVisible()).toBe(false);

    // Keyboard: Enter opens, Escape closes and gives focus back to the button.
    await button.focus();
    await page.keyboard.press('Enter');
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await coffees.isVisible()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('[data-island="menu"]'))).toBe(true);
    await page.keyboard.press('Escape');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await coffees.isVisible()).toBe(false);
    expect(await button.evaluate((b) => b === document.activeElement)).toBe(true);

    // Open again and follow a link.
    await page.keyboard.press('Space');
    await coffees.tap();
    await page.waitForURL(`${site}/coffees`);
    expect(await h1(page)).toBe('Our coffees');
    // Nothing is wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(problems).toEqual([]);
  });

  it('on a phone: nothing shifts when the menu island arrives late', async () => {
    const { page, problems } = await watchedPage(browser, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
    });
    // Hold the island back, as a slow network would, so the page paints long before it runs.
    await page.route('**/_site/islands/menu.*.js', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number };
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as Array<
          PerformanceEntry & { value: number; hadRecentInput: boolean }
        >)
          if (!e.hadRecentInput) w.__cls += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`${site}/about`);
    await page.locator('[data-island="menu"][data-menu-ready]').first().waitFor();
    await page.waitForTimeout(300);
    const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
    expect(cls).toBeLessThan(0.01);
    expect(problems).toEqual([]);
  });
});
