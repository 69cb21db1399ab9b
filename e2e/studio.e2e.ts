import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runVerso } from '../core/testing/processes.ts';
import { axeViolations } from './support/audits.ts';
import { eventually, launchChromium, watchedPage } from './support/browser.ts';
import { type Stack, servicesConfigured } from './support/stack.ts';
import { type StudioStack, startStudioStack, until } from './support/studio-stack.ts';

// The studio journey (issue 13) on real `verso serve` processes, PostgreSQL and Redis: a management
// process serving /studio that frames the canvas of a website process, an editor in Chromium who signs
// in, changes the primary colour and the heading font, adds a node to the blog-post page design,
// publishes, sees the live site change, and restores the previous revision.

let env: StudioStack | undefined;
let stack: Stack | undefined;
let browser: Browser;
let studio = '';
let site = '';

beforeAll(async () => {
  env = await startStudioStack();
  if (!env) return;
  ({ stack, studio, site } = env);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await env?.stop();
});

const canvasOf = (page: Page): Frame => page.frames().find((f) => f.url().startsWith(`${site}/_cms/canvas`))!;
const status = (page: Page) => page.locator('#status').textContent();

describe.skipIf(!servicesConfigured())('the studio', () => {
  it('shows the sign-in form without a session, with no accessibility violations', async () => {
    const { page, problems } = await watchedPage(browser, { viewport: { width: 1280, height: 800 } });
    await page.goto(`${studio}/studio`);
    await page.locator('form[action="/auth/session"] input[name="key"]').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('a sign-in link followed from another site asks first, naming the key; its button signs in', async () => {
    const { page, problems } = await watchedPage(browser, { viewport: { width: 1280, height: 800 } });
    const printed = await runVerso(
      [
        'keys',
        'create',
        '--space',
        'demo',
        '--permissions',
        'space:read',
        '--role',
        'viewer',
        '--name',
        'Linked',
        '--sign-in-link',
        studio,
      ],
      stack!.env,
    );
    expect(printed.stderr).toBe('');
    const link = printed.stdout.trim().split('\n')[1]!;
    // Another origin's page sends the browser there (Sec-Fetch-Site: same-site, not same-origin).
    await page.goto(`${site}/`);
    await page.evaluate((to) => {
      location.href = to;
    }, link);
    await page.waitForURL((u) => u.pathname === '/auth/link');
    expect(await page.locator('#target').textContent()).toBe(
      'This one-time link signs this browser in as “Linked” (viewer, space demo).',
    );
    expect(await axeViolations(page)).toEqual([]);
    await page.click('button[type="submit"]');
    await page.waitForURL(`${studio}/studio`);
    await until(page, () => document.querySelector('#status') !== null);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('signs in, edits theme and page design in the canvas, publishes, and restores the previous revision', async () => {
    const { page, problems } = await watchedPage(browser, { viewport: { width: 1280, height: 800 } });
    // The printed one-time link, as `verso dev` and `verso keys create --sign-in-link` print it.
    const printed = await runVerso(
      [
        'keys',
        'create',
        '--space',
        'demo',
        '--permissions',
        'space:read,space:write,website:code',
        '--role',
        'owner',
        '--sign-in-link',
        studio,
      ],
      stack!.env,
    );
    const link = printed.stdout.trim().split('\n')[1]!;
    expect(link).toMatch(/\/auth\/link\?token=/);
    await page.goto(link);
    await page.waitForURL(`${studio}/studio`);
    await until(page, () => document.querySelector('#status')?.textContent?.includes('Published'));
    // The design view is its own chunk: its frame comes once it has loaded.
    while (!canvasOf(page)) await new Promise((r) => setTimeout(r, 50));
    await canvasOf(page).waitForSelector('h1');
    expect(await axeViolations(page)).toEqual([]);

    // Theme: the primary colour and the heading font; the canvas draws both.
    await page.fill('#color-primary-text', '#0a7d32');
    await page.press('#color-primary-text', 'Tab');
    await page.selectOption('#font-heading', 'Lora');
    const canvas = canvasOf(page);
    await until(
      canvas,
      () =>
        getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim() === '#0a7d32' &&
        getComputedStyle(document.querySelector('h1')!).fontFamily.startsWith('Lora'),
    );

    // The blog-post page design: a new heading node, in the canvas at once.
    await page.selectOption('#pick-design', 'page/blog-post');
    await page.click('.tree button >> nth=0');
    await page.selectOption('#add-kind', 'heading');
    await page.click('#add-node');
    await page.fill('#prop-text', 'Fresh from the studio');
    await canvasOf(page).waitForSelector('h2:text("Fresh from the studio")');
    await until(page, () => document.querySelector('#status')?.textContent?.startsWith('Draft saved'));
    expect(await status(page)).toContain('unpublished changes in 2 designs');

    // Publish: the live site shows colour, font and node within 2 s.
    const post = await page.evaluate(() => {
      const option = [...document.querySelectorAll('#pick-document option')].find((o) =>
        o.textContent?.includes('(blog-post)'),
      );
      return option?.getAttribute('value') ?? null;
    });
    expect(post).not.toBeNull();
    const permalink = await fetch(`${studio}/rpc/studio.preview`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${stack!.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ space: 'demo', id: post }),
    }).then(
      async (r) =>
        ((await r.json()) as { content: { document: { permalink: string } } }).content.document.permalink,
    );
    await page.click('#publish');
    await until(page, () => document.querySelector('#status')?.textContent?.startsWith('Published'));
    const visitor = await browser.newPage();
    const live = async () => {
      await visitor.goto(`${site}/${permalink}`);
      return visitor.evaluate(
        () =>
          document.body.textContent!.includes('Fresh from the studio') &&
          getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim() ===
            '#0a7d32' &&
          getComputedStyle(document.querySelector('h1')!).fontFamily.startsWith('Lora'),
      );
    };
    // The live site follows a publish through the cache purge.
    expect(await eventually(live, 2000)).toBe(true);

    // Restore the revision before the publish: the site is back.
    await page.waitForSelector('.revisions li:nth-child(2) button');
    await page.click('.revisions li:nth-child(2) button');
    await until(page, () => document.querySelector('#message')?.textContent?.startsWith('Restored'));
    const back = async () => {
      await visitor.goto(`${site}/${permalink}`);
      return visitor.evaluate(
        () =>
          !document.body.textContent!.includes('Fresh from the studio') &&
          getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim() !== '#0a7d32',
      );
    };
    expect(await eventually(back, 2000)).toBe(true);
    // The figure docs/studio.md reports; never asserted (timings vary by machine).
    console.info(
      'studio input-to-repaint (ms):',
      await page.evaluate(() => (window as unknown as { studioTimings: number[] }).studioTimings),
    );
    expect(problems).toEqual([]);
  });
});
