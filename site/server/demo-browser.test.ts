import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Listening, listen } from '../../core/http/listen.ts';
import { testDatabases } from '../../core/testing/databases.ts';
import { demoDir, demoSpace } from '../../demo/project.ts';
import { launchChromium, watchedPage } from '../../e2e/support/browser.ts';
import { openSite, type SiteHarness } from '../testing/site-harness.ts';

// The demo pages in real Chromium, over real HTTP: no console error, no CSP violation, every image that
// loads has pixels, the theme's fonts and stylesheet apply, and the pages work without JavaScript.

const pglite = testDatabases()[0]!;

describe('the demo pages in Chromium', () => {
  let site: SiteHarness;
  let server: Listening;
  let browser: Browser;
  const pages = ['/', '/blog/we-moved-into-the-old-tram-depot', '/about', '/contact', '/blog'];
  const url = (host: string, path: string) => `http://${host}:${server.port}${path}`;

  beforeAll(async () => {
    site = await openSite(pglite.open, { space: await demoSpace(), baseDir: demoDir });
    server = await listen(site.app, { port: 0, hostname: '127.0.0.1' });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await site?.drop();
  });

  for (const width of [1280, 390]) {
    it(`renders without console errors or CSP violations at ${width} px`, async () => {
      const targets = [
        ...pages.map((p) => url('localhost', p)),
        url('de.localhost', '/ueber-uns'),
        url('de.localhost', '/'),
      ];
      for (const target of targets) {
        const { page, problems } = await watchedPage(browser, { viewport: { width, height: 900 } });
        const response = await page.goto(target, { waitUntil: 'networkidle' });
        expect(response?.status(), target).toBe(200);
        // Scroll through so lazy images load too.
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += 600) {
            window.scrollTo(0, y);
            await new Promise((r) => setTimeout(r, 30));
          }
        });
        await page.waitForLoadState('networkidle');
        const broken = await page.$$eval('img', (imgs) =>
          imgs.filter((i) => i.complete && i.naturalWidth === 0).map((i) => i.currentSrc || i.src),
        );
        expect(broken, target).toEqual([]);
        const heading = await page.$eval('h1', (h) => getComputedStyle(h).fontFamily);
        expect(heading, target).toMatch(/Fraunces/);
        const fontsLoaded = await page.evaluate(async () => {
          await document.fonts.ready;
          return [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family);
        });
        expect(fontsLoaded.join(' '), target).toMatch(/Fraunces/);
        expect(problems, target).toEqual([]);
        await page.context().close();
      }
      // Seven pages, each waited on for network quiet twice: 28-30 s beside the suite on a loaded CI machine.
    }, 120_000);
  }

  it('navigates by menu links without JavaScript', async () => {
    const { page, problems } = await watchedPage(browser, {
      javaScriptEnabled: false,
      viewport: { width: 390, height: 900 },
    });
    await page.goto(url('localhost', '/'));
    const blog = page.locator('nav a[href="/blog"]').first();
    await blog.click({ force: true });
    await page.waitForURL(url('localhost', '/blog'));
    expect(await page.locator('h1').first().textContent()).toBeTruthy();
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
