import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../../e2e/support/audits.ts';
import { launchChromium, watchedPage } from '../../e2e/support/browser.ts';
import { until } from '../../e2e/support/studio-stack.ts';
import { type StudioStand, studioStand } from './testing/studio-stand.ts';

// The editor in real Chromium on the studio stand (testing/studio-stand.ts: the studio's routes and the
// real /rpc on one origin, the real canvas on another, the session a given). What is checked: the canvas
// draws every edit, selection follows both ways, undo and redo, the viewport widths, and axe.

let stand: StudioStand;
let browser: Browser;
let studioUrl = '';

beforeAll(async () => {
  stand = await studioStand();
  studioUrl = stand.studioUrl;
  browser = await launchChromium(['--host-resolver-rules=MAP *.localhost 127.0.0.1']);
});

afterAll(async () => {
  await browser?.close();
  await stand?.close();
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
    // The properties pane holds its controls at 1280: the viewport checkboxes stay inside it.
    const outside = await page.evaluate(() => {
      const pane = document.querySelector('.props-panel')!.getBoundingClientRect();
      return [...document.querySelectorAll('.props-panel .shown-on label')]
        .filter((l) => l.getBoundingClientRect().right > pane.right + 0.5)
        .map((l) => l.textContent);
    });
    expect(outside).toEqual([]);
    await page.locator('.props-panel').screenshot({ path: '/tmp/studio-props-panel.png' });

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
