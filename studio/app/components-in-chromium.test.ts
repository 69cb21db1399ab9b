import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchProject } from '../../cli/commands/project.ts';
import { axeViolations } from '../../e2e/support/audits.ts';
import { launchChromium, watchedPage } from '../../e2e/support/browser.ts';
import { addComponent } from '../../e2e/support/studio-editor.ts';
import { until } from '../../e2e/support/studio-stack.ts';
import { loadProject } from '../../site/components/load-config.ts';
import { replaceComponents } from '../../site/components/register.ts';
import { type StudioStand, studioStand } from './testing/studio-stand.ts';

// Code components in the studio, in real Chromium on the studio stand (testing/studio-stand.ts: the
// studio's routes and the real /rpc on one origin, the real canvas on another), with a copy of the demo
// project loaded and watched as `verso dev` watches it (cli/commands/project.ts). The node menu lists the
// component by label, the props form edits it and binds it, the canvas draws each change (the content view's
// preview too, once published), and a saved component file shows in the canvas within a second.

const demo = fileURLToPath(new URL('../../demo/', import.meta.url));
let stand: StudioStand;
let browser: Browser;
let studioUrl = '';
let projectDir = '';
let unwatch = () => {};

beforeAll(async () => {
  // A copy of the demo project: the test saves one of its files.
  projectDir = mkdtempSync(join(tmpdir(), 'verso-studio-project-'));
  for (const part of ['verso.config.ts', 'components', 'islands'])
    cpSync(join(demo, part), join(projectDir, part), { recursive: true });
  stand = await studioStand();
  studioUrl = stand.studioUrl;
  unwatch = watchProject(await loadProject(join(projectDir, 'verso.config.ts')), stand.h);
  browser = await launchChromium(['--host-resolver-rules=MAP *.localhost 127.0.0.1']);
});

afterAll(async () => {
  unwatch();
  replaceComponents([]);
  await browser?.close();
  await stand?.close();
});

const canvasOf = (page: Page): Frame => page.frames().find((f) => f.url().includes('/_cms/canvas'))!;

/** The editor on the previewed document's page design, with a brew-ratio node added from the menu. */
async function editorWithRatio(): Promise<{ page: Page; problems: string[]; canvas: Frame }> {
  const watched = await watchedPage(browser, { viewport: { width: 1280, height: 800 } });
  const { page } = watched;
  await page.goto(`${studioUrl}/studio`);
  await until(page, () => document.querySelectorAll('#pick-design option').length > 1);
  while (!canvasOf(page)) await new Promise((r) => setTimeout(r, 50));
  await canvasOf(page).waitForSelector('h1');
  const type = await page.evaluate(
    () => document.querySelector('#pick-document option:checked')?.textContent?.match(/\(([^)]+)\)$/)?.[1],
  );
  await page.selectOption('#pick-design', `page/${type}`);
  await page.locator('.tree button').first().click();
  // The node menu lists the project's components by label, after the built-in kinds.
  await addComponent(page, 'brew-ratio', 'Brew ratio calculator');
  const canvas = canvasOf(page);
  // The tests share the stand's drafts: an earlier test's node may be there too.
  await canvas.locator('output', { hasText: '288' }).first().waitFor();
  return { ...watched, canvas };
}

describe('code components in the studio', () => {
  it('adds the component from the node menu; its props form edits and binds it; the canvas draws each change', async () => {
    const { page, problems, canvas } = await editorWithRatio();
    // Added with the schema's defaults, selected, its form built from the JSON Schema.
    expect(await page.locator('#props-title').textContent()).toMatch(/^Brew ratio calculator #brew-ratio/);
    expect(await page.inputValue('#cprop-title')).toBe('');
    expect(await page.inputValue('#cprop-dose')).toBe('18');
    expect(await page.getAttribute('#cprop-dose', 'max')).toBe('60');
    expect(await canvas.locator('h2', { hasText: 'Brew ratio' }).count()).toBe(1);

    await page.fill('#cprop-dose', '20');
    await canvas.locator('output', { hasText: '320' }).waitFor();
    await page.fill('#cprop-title', 'Your brew');
    await canvas.locator('h2', { hasText: 'Your brew' }).waitFor();
    // Bound to the document's title: the canvas shows the title, the static input is off.
    const title = await canvas.locator('h1').first().textContent();
    await page.selectOption('#cbind-title', '$title');
    await canvas.locator('h2', { hasText: title! }).waitFor();
    expect(await page.isDisabled('#cprop-title')).toBe(true);
    await until(page, () => document.getElementById('status')?.textContent?.includes('Draft saved'));
    expect(await axeViolations(page)).toEqual([]);

    // A value the schema refuses: designs.saveDraft says why, in words, and the canvas leaves it out.
    await page.fill('#cprop-ratio', '50');
    await until(page, () => document.getElementById('message')?.textContent?.includes('props.ratio'));
    expect(await page.locator('#message').textContent()).toMatch(/20/);
    await canvas.locator('output').waitFor({ state: 'detached' });
    expect(problems.filter((p) => p.startsWith('csp:'))).toEqual([]);
    await page.context().close();
  });

  it("the content view's preview draws the published design's component with the typed draft", async () => {
    const { page, problems } = await editorWithRatio();
    await page.selectOption('#cbind-title', '$title');
    await until(page, () => document.getElementById('status')?.textContent?.includes('Draft saved'));
    await page.click('#publish');
    await until(page, () => document.querySelector('#status')?.textContent?.startsWith('Published'));
    const doc = await page.inputValue('#pick-document');
    await page.click('#tab-content');
    await until(page, (id) => document.getElementById(`doc-${id}`), doc);
    await page.click(`#doc-${doc}`);
    await page.locator('#doc-title').waitFor();
    while (!canvasOf(page)) await new Promise((r) => setTimeout(r, 50));
    const canvas = canvasOf(page);
    // Drawn by the server (not a warning), its heading bound to the title as the editor types it.
    await canvas.locator('output', { hasText: '288' }).first().waitFor();
    await page.fill('#doc-title', 'Typed title');
    await canvas.locator('h2', { hasText: 'Typed title' }).first().waitFor();
    expect(problems.filter((p) => p.startsWith('csp:'))).toEqual([]);
    await page.context().close();
  });

  it('verso dev: a saved component file shows in the canvas, without a reload', async () => {
    const { page, canvas } = await editorWithRatio();
    const file = join(projectDir, 'components', 'brew-ratio.tsx');
    const source = readFileSync(file, 'utf8');
    expect(source).toContain("en: 'Water'");
    const shown = canvas.waitForFunction(() => document.body.textContent?.includes('Water to pour:'), null, {
      polling: 'raf',
      timeout: 10_000,
    });
    const saved = Date.now();
    writeFileSync(file, source.replace("en: 'Water'", "en: 'Water to pour'"));
    await shown;
    // The time is printed, not asserted: npm test holds no timings (210–385 ms on a quiet machine, 1,118 ms
    // once under CI's load, where the rebuild alone took 981 ms; the 1 s is judged from these prints).
    console.info(`component saved to canvas redrawn: ${Date.now() - saved} ms`);
    await page.context().close();
  });
});
