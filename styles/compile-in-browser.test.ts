import { Hono } from 'hono';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validDesigns } from '../core/designs/fixtures.ts';
import type { DesignRecord, Theme } from '../core/designs/index.ts';
import { fontFaceCss } from '../fonts/font-face-css.ts';
import { fontRoutes } from '../fonts/font-routes.ts';
import { fontPreloads } from '../fonts/preloads.ts';
import { html, launchChromium, serveTestSite, watchedPage } from '../islands/browser-harness.ts';
import { instanceClass, nodeClass } from './class-names.ts';
import { compileSiteCss } from './compile.ts';
import { compileInstanceCss } from './instance.ts';
import { createStylesheetStore, stylesheetRoutes } from './stylesheet-store.ts';

// The compiled stylesheet in a real browser: breakpoints, layers, dark colours and fonts as Chromium
// applies them, served through the routes the site mounts, under the site's strict CSP.

const designs = validDesigns() as unknown as DesignRecord[];
const theme = (designs[0] as { published: Theme }).published;
const uploadedFontUrl = (id: string) => `/media/${id}`;
const page = (id: string) => nodeClass({ kind: 'page', key: 'blog-post' }, id);
const layout = (id: string) => nodeClass({ kind: 'layout', key: 'default' }, id);
const BLOCK = 'b10c0000-0000-4000-8000-000000000001';

let browser: Browser;
let server: Awaited<ReturnType<typeof serveTestSite>>;
let pageHref: string;

beforeAll(async () => {
  const store = createStylesheetStore();
  const site = await store.getSiteStylesheet('space:1:1', () =>
    compileSiteCss({
      theme,
      designs,
      assetUrl: () => '',
      fontFaces: fontFaceCss(theme, { uploadedFontUrl }),
      customCss: '.promo { outline: 3px solid rgb(255, 0, 0) }',
    }),
  );
  const withBlock = await store.getPageStylesheet(`${site.hash}:block`, () =>
    compileInstanceCss({
      siteCss: site.css,
      theme,
      assetUrl: () => '',
      blocks: [{ blockId: BLOCK, style: { paddingY: 'space:8', background: 'color:accent' } }],
    }),
  );
  pageHref = `/_site/${withBlock.hash}.css`;
  const preloads = fontPreloads(theme, ['body', 'heading'], { uploadedFontUrl })
    .map((href) => `<link rel="preload" as="font" type="font/woff2" href="${href}" crossorigin>`)
    .join('');
  const app = new Hono();
  app.route('/', stylesheetRoutes(store));
  app.route('/', fontRoutes());
  const body = `
    <div class="${layout('locales')}" id="locales">EN DE</div>
    <article class="${page('article')}" id="article"><h1 class="${page('title')}">Title</h1><p class="${page('date')}" id="date">1 May</p></article>
    <a href="/x" id="plain">Plain link</a>
    <section class="${instanceClass(BLOCK)} promo" id="block">Block</section>`;
  app.get('/', (c) => c.html(html(body, `${preloads}<link rel="stylesheet" href="${pageHref}">`)));
  [browser, server] = await Promise.all([launchChromium(), serveTestSite(app)]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(
  width: number,
  colorScheme: 'light' | 'dark' = 'light',
): Promise<{ page: Page; errors: string[] }> {
  const { page, problems } = await watchedPage(browser, { viewport: { width, height: 800 }, colorScheme });
  await page.goto(`${server.origin}/`);
  return { page, errors: problems };
}

const style = (p: Page, id: string, property: string) =>
  p.evaluate(
    ([el, prop]) => getComputedStyle(document.getElementById(el!)!).getPropertyValue(prop!),
    [id, property],
  );

describe('the compiled stylesheet in Chromium', () => {
  it('applies node styles per breakpoint and hides nodes outside their viewports', async () => {
    const wide = await open(1280);
    expect(await style(wide.page, 'article', 'row-gap')).toBe('24px');
    expect(await style(wide.page, 'locales', 'display')).toBe('block');
    const narrow = await open(390);
    expect(await style(narrow.page, 'article', 'row-gap')).toBe('16px');
    expect(await style(narrow.page, 'locales', 'display')).toBe('none');
    expect([...wide.errors, ...narrow.errors]).toEqual([]);
  });

  it('orders the layers: instance over design, custom last, theme under both', async () => {
    const { page: p } = await open(1280);
    expect(await style(p, 'block', 'padding-top')).toBe('32px');
    expect(await style(p, 'block', 'background-color')).toBe('rgb(181, 66, 26)');
    expect(await style(p, 'block', 'outline-color')).toBe('rgb(255, 0, 0)');
    expect(await style(p, 'plain', 'color')).toBe('rgb(36, 73, 181)');
    // color:muted/80 over the theme's muted #5a6270
    expect(await style(p, 'date', 'color')).toMatch(
      /^(?:rgba\(90, 98, 112, 0\.8\)|color\(srgb 0\.35\d* 0\.38\d* 0\.43\d* \/ 0\.8\))$/,
    );
  });

  it('switches to the dark colours under prefers-color-scheme: dark', async () => {
    const { page: p } = await open(1280, 'dark');
    expect(await p.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(18, 21, 27)');
  });

  it('loads the preloaded bundled fonts from the font routes', async () => {
    const { page: p, errors } = await open(1280);
    const loaded = await p.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts]
        .filter((f) => f.status === 'loaded')
        .map((f) => `${f.family} ${f.weight} ${f.style}`);
    });
    expect(loaded).toEqual(expect.arrayContaining(['Inter 400 normal', 'Inter 700 normal']));
    expect(errors).toEqual([]);
  });
});
