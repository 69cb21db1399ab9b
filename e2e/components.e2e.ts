import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, vnuMessages } from './support/audits.ts';
import { eventually, launchChromium, watchedPage } from './support/browser.ts';
import { servicesConfigured } from './support/stack.ts';
import { addComponent, canvasOf, signedInShell } from './support/studio-editor.ts';
import { type StudioStack, startStudioStack, until } from './support/studio-stack.ts';

// Code components end to end (issue 38, docs/components.md) on real `verso serve` processes that load the
// demo project (VERSO_CONFIG=demo/verso.config.ts): in the studio the brew-ratio calculator is in the node
// menu by its label, is added to the home page's design, its props form edits it and binds its title to
// the document's title, the canvas draws each change; after publishing, the live page shows it, its
// island computes as the visitor types, and axe-core and the Nu HTML Checker find nothing.

const demoConfig = fileURLToPath(new URL('../demo/verso.config.ts', import.meta.url));
const screenshot = fileURLToPath(new URL('../docs/studio/component-props.png', import.meta.url));

let env: StudioStack | undefined;
let browser: Browser;
let site = '';

beforeAll(async () => {
  env = await startStudioStack({}, { VERSO_CONFIG: demoConfig });
  if (!env) return;
  ({ site } = env);
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await env?.stop();
});

describe.skipIf(!servicesConfigured())('a code component from the studio to the live page', () => {
  it('is placed, edited, bound and published in the studio; the live page shows it and its island works', async () => {
    const { page, problems } = await signedInShell(browser, env!, 'space:read,space:write,website:code');
    while (!canvasOf(page, site)) await new Promise((r) => setTimeout(r, 50));
    const canvas = canvasOf(page, site)!;
    await canvas.waitForSelector('h1');

    // The previewed document (the home page) and its type's page design.
    const doc = await page.evaluate(() => {
      const option = document.querySelector<HTMLOptionElement>('#pick-document option:checked')!;
      return { id: option.value, type: option.textContent!.match(/\(([^)]+)\)$/)![1]! };
    });
    const title = (await canvas.locator('h1').first().textContent())!.trim();
    await page.selectOption('#pick-design', `page/${doc.type}`);
    await page.locator('.tree button').first().click();

    // In the node menu by its label; added with its defaults, drawn by the canvas.
    await addComponent(page, 'brew-ratio', 'Brew ratio calculator');
    await canvas.locator('h2', { hasText: 'Brew ratio' }).waitFor();
    await canvas.locator('output', { hasText: '288' }).waitFor();

    // The props form: each edit in the canvas; the title bound to the document's title.
    await page.fill('#cprop-dose', '20');
    await canvas.locator('output', { hasText: '320' }).waitFor();
    await page.fill('#cprop-ratio', '15');
    await canvas.locator('output', { hasText: '300' }).waitFor();
    await page.selectOption('#cbind-title', '$title');
    await canvas.locator('h2', { hasText: title }).waitFor();
    await until(page, () => document.getElementById('status')?.textContent?.startsWith('Draft saved'));
    expect(await axeViolations(page)).toEqual([]);
    // The screenshot of docs/components.md: the canvas pane scrolled to the component, the form beside it.
    const top = await canvas.locator('h2', { hasText: title }).evaluate((e) => e.getBoundingClientRect().top);
    await page.evaluate((y) => {
      const frame = document.querySelector('iframe.canvas')!;
      const scale = frame.getBoundingClientRect().width / 1280;
      document.querySelector('.canvas-pane')!.scrollTop = Math.max(0, y * scale - 120);
    }, top);
    await page.screenshot({ path: screenshot });

    // Publish: the live page carries the component with its island.
    await page.click('#publish');
    await until(page, () => document.querySelector('#status')?.textContent?.startsWith('Published'));
    const visitor = await watchedPage(browser, { viewport: { width: 1280, height: 800 } });
    let html = '';
    const live = async () => {
      const response = await visitor.page.goto(`${site}/`);
      html = (await response?.text()) ?? '';
      return html.includes('data-island="brew-ratio"');
    };
    expect(await eventually(live, 5000)).toBe(true);
    expect(html).toMatch(/<script type="module" src="\/_site\/islands\/brew-ratio\.[a-f0-9]+\.js"/);
    const calc = visitor.page.locator('[data-island="brew-ratio"]');
    expect(await calc.locator('h2').textContent()).toBe(title);
    expect(await calc.locator('output').textContent()).toBe('300');
    // The island: the water for the dose the visitor types, at the ratio the editor set.
    await calc.locator('input').fill('30');
    await until(
      visitor.page,
      () => document.querySelector('[data-island="brew-ratio"] output')?.textContent === '450',
    );

    expect(await axeViolations(visitor.page)).toEqual([]);
    const errors = (await vnuMessages(html)).filter((m) => m.type === 'error');
    expect(errors, JSON.stringify(errors, null, 1)).toEqual([]);
    expect(visitor.problems).toEqual([]);
    expect(problems).toEqual([]);
    await visitor.page.context().close();
    await page.context().close();
  });
});
