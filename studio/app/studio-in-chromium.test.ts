import { Hono } from 'hono';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCanvas } from '../../build/canvas.ts';
import { loadStudio } from '../../build/studio.ts';
import { allMigrations, loadPlugins } from '../../cli/plugins.ts';
import { type Listening, listen } from '../../core/http/listen.ts';
import { coreProcedures } from '../../core/procedures/index.ts';
import { type RpcHarness, rpcHarness } from '../../core/rpc/test-harness.ts';
import { testDatabases } from '../../core/testing/databases.ts';
import { axeViolations } from '../../e2e/support/audits.ts';
import { launchChromium, watchedPage } from '../../e2e/support/browser.ts';
import { until } from '../../e2e/support/studio-stack.ts';
import { canvasRoutes } from '../../site/canvas/canvas-routes.ts';
import { websiteProcedures } from '../../site/procedures/index.ts';
import { studioContentModel } from '../server/content-model-procedure.ts';
import { studioPreviewProcedure } from '../server/preview-procedure.ts';
import { studioRoutes } from '../server/studio-routes.ts';

// The editor in real Chromium, whatever the sign-in does: the studio's routes and the real /rpc (the
// fixture space on a migrated database) on one origin, the real canvas route on another. The session is
// a given here (sign-in is the auth scope's, tested with it and in e2e/studio.e2e.ts), so /rpc gets a key
// in the session's place. What is checked: the canvas draws every edit, selection follows both ways,
// undo and redo, the viewport widths, and axe.

const plugins = loadPlugins({ website: true });
let h: RpcHarness;
let browser: Browser;
let studio: Listening;
let site: Listening;
let studioUrl = '';

beforeAll(async () => {
  h = await rpcHarness({
    open: testDatabases()[0]!.open,
    procedures: [
      ...coreProcedures,
      ...websiteProcedures,
      studioPreviewProcedure({ mediaSecret: () => 'm'.repeat(32) }),
      studioContentModel,
    ],
    plugins,
    migrations: allMigrations(plugins),
  });
  const key = await h.key({ role: 'owner' });
  // Each side names the other's origin: the apps are built once both listen.
  let studioApp: Hono | null = null;
  let siteApp: Hono | null = null;
  studio = await listen({ fetch: (r: Request) => studioApp!.fetch(r) } as unknown as Hono, {
    port: 0,
    hostname: '127.0.0.1',
  });
  site = await listen({ fetch: (r: Request) => siteApp!.fetch(r) } as unknown as Hono, {
    port: 0,
    hostname: '127.0.0.1',
  });
  studioUrl = `http://studio.localhost:${studio.port}`;
  const siteUrl = `http://site.localhost:${site.port}`;
  siteApp = canvasRoutes({ editorOrigin: [studioUrl], assets: loadCanvas });
  const app = new Hono();
  app.route(
    '/',
    studioRoutes({
      db: h.db,
      siteUrl,
      session: async () => ({ spaces: null, permissions: null, expiresAt: null }),
      assets: loadStudio,
    }),
  );
  app.all('/rpc/*', (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set('authorization', `Bearer ${key}`);
    return h.app.fetch(new Request(c.req.raw, { headers }));
  });
  studioApp = app;
  browser = await launchChromium(['--host-resolver-rules=MAP *.localhost 127.0.0.1']);
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([studio?.close(), site?.close()]);
  await h?.close();
});

const canvasOf = (page: Page): Frame => page.frames().find((f) => f.url().includes('/_cms/canvas'))!;
const primary = (frame: Frame) =>
  frame.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim());

async function openEditor(): Promise<{ page: Page; problems: string[] }> {
  const watched = await watchedPage(browser, { viewport: { width: 1280, height: 800 } });
  await watched.page.goto(`${studioUrl}/studio`);
  // Loaded: the design picker lists the space's designs (an earlier test's edits may be drafts by now).
  await until(watched.page, () => document.querySelectorAll('#pick-design option').length > 1);
  // The design view is its own chunk: its frame comes once it has loaded.
  while (!canvasOf(watched.page)) await new Promise((r) => setTimeout(r, 50));
  await canvasOf(watched.page).waitForSelector('h1');
  return watched;
}

describe('the studio editor in Chromium', () => {
  it('draws the previewed document in the canvas, with no accessibility violations at 1280×800', async () => {
    const { page, problems } = await openEditor();
    expect(await canvasOf(page).locator('h1').count()).toBeGreaterThan(0);
    // The strict CSP holds without a single violation (no inline script or style, no eval).
    expect(problems.filter((p) => p.startsWith('csp:'))).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    // Usable at 1280×800: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    await page.context().close();
  });

  it('redraws the canvas on every theme edit, and undoes and redoes them', async () => {
    const { page } = await openEditor();
    const before = await primary(canvasOf(page));
    await page.fill('#color-primary-text', '#0a7d32');
    await page.press('#color-primary-text', 'Tab');
    await page.selectOption('#font-heading', 'Lora');
    const canvas = canvasOf(page);
    await until(canvas, () => getComputedStyle(document.querySelector('h1')!).fontFamily.startsWith('Lora'));
    expect(await primary(canvas)).toBe('#0a7d32');
    expect(await page.locator('#status').textContent()).not.toContain('no unpublished changes');
    // Saved as a draft before the undos (a slow machine always got there): undoing the first edit must go
    // back to the theme shown before it, not to that draft, which is the edit itself.
    await until(page, () => document.getElementById('status')?.textContent?.includes('Draft saved'));

    await page.click('button:text("Undo")');
    await until(canvas, () => !getComputedStyle(document.querySelector('h1')!).fontFamily.startsWith('Lora'));
    expect(await primary(canvas)).toBe('#0a7d32');
    await page.click('button:text("Undo")');
    await until(
      canvas,
      (b) => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim() === b,
      before,
    );
    await page.click('button:text("Redo")');
    await until(
      canvas,
      () =>
        getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim() === '#0a7d32',
    );
    await page.context().close();
  });

  it('adds a node in the outline that the canvas draws; a click in the canvas selects it in the outline', async () => {
    const { page } = await openEditor();
    const type = await page.evaluate(
      () => document.querySelector('#pick-document option:checked')?.textContent?.match(/\(([^)]+)\)$/)?.[1],
    );
    await page.selectOption('#pick-design', `page/${type}`);
    const rootRow = page.locator('.tree button').first();
    await rootRow.click();
    await page.selectOption('#add-kind', 'heading');
    await page.click('#add-node');
    await page.fill('#prop-text', 'Added in the studio');
    const canvas = canvasOf(page);
    const added = canvas.locator('h2', { hasText: 'Added in the studio' });
    await added.waitFor();
    // Selected in the outline: outlined in the canvas.
    await canvas.waitForSelector('[data-canvas-selected]');
    expect(await canvas.locator('[data-canvas-selected]').allTextContents()).toEqual(['Added in the studio']);

    // Pointing and clicking in the canvas with the real mouse, at mobile width (drawn unscaled).
    await rootRow.click();
    await page.click('button:text("mobile")');
    await until(canvas, () => window.innerWidth === 375);
    await canvas.locator('h1').first().click();
    await until(page, () =>
      document.querySelector('.tree button[aria-pressed="true"]')?.textContent?.startsWith('heading'),
    );
    expect(await page.locator('#props-title').textContent()).toMatch(/^heading/);

    // Removing it from the keyboard takes it out of the canvas.
    await page.click('.tree button:text("heading “Added in the studio”")');
    await page.keyboard.press('Delete');
    await added.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('draws the canvas at the tablet and mobile widths', async () => {
    const { page } = await openEditor();
    const width = () => canvasOf(page).evaluate(() => window.innerWidth);
    expect(await width()).toBe(1280);
    await page.click('button:text("mobile")');

    await until(page, () => document.querySelector('iframe')?.getBoundingClientRect().width === 375);
    expect(await width()).toBe(375);
    await page.click('button:text("tablet")');
    // Drawn at 768 px, scaled to fit the pane.
    await until(canvasOf(page), () => window.innerWidth === 768);
    await page.context().close();
  });
});
