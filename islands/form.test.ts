import { Hono } from 'hono';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIslands, islandRoutes } from '../build/islands.ts';
import { defaultTheme } from '../core/designs/index.ts';
import { BUTTON_CLASS } from '../styles/class-names.ts';
import { compileSiteCss } from '../styles/compile.ts';
import { html, launchChromium, serveTestSite, watchedPage } from './browser-harness.ts';
import type { FormAnswer } from './contract.ts';

// A form in the markup of contract.ts, posting to an endpoint that answers JSON to the island and an
// HTML page to a plain post, and records what it received.
const ACTION = '/_cms/forms/page/contact/form';

const FORM = `
<form method="post" action="${ACTION}" data-island="form" data-error-required="Please fill this in." data-error-email="Please enter an e-mail address.">
  <label for="f-name">Name</label>
  <input id="f-name" name="name" type="text" required maxlength="20">
  <p data-field-error="name" hidden></p>
  <label for="f-email">E-mail</label>
  <input id="f-email" name="email" type="email" required aria-describedby="f-email-hint">
  <small id="f-email-hint">We answer within a day.</small>
  <p data-field-error="email" hidden></p>
  <label for="f-message">Message</label>
  <textarea id="f-message" name="message"></textarea>
  <p data-field-error="message" hidden></p>
  <button type="submit" class="${BUTTON_CLASS}">Send</button>
  <div data-form-message role="status" aria-live="polite"></div>
</form>`;

interface Received {
  accept: string;
  contentType: string;
  body: Record<string, string>;
}

let browser: Browser;
let server: Awaited<ReturnType<typeof serveTestSite>>;
const received: Received[] = [];
let answer: FormAnswer | 'html' = { ok: true, message: 'Thanks, we got it.' };
let gate: Promise<void> = Promise.resolve();

beforeAll(async () => {
  const site = compileSiteCss({ theme: defaultTheme, designs: [], assetUrl: () => '', fontFaces: '' });
  const islands = await buildIslands();
  const app = new Hono();
  app.route('/', islandRoutes(islands));
  app.get('/site.css', (c) => c.body(site.css, 200, { 'Content-Type': 'text/css' }));
  const head = `<link rel="stylesheet" href="/site.css"><script type="module" src="${islands.get('form')!.url}"></script>`;
  app.get('/', (c) => c.html(html(`<main><h1>Contact</h1>${FORM}</main>`, head)));
  app.post(ACTION, async (c) => {
    const accept = c.req.header('Accept') ?? '';
    received.push({
      accept,
      contentType: c.req.header('Content-Type') ?? '',
      body: Object.fromEntries(Object.entries(await c.req.parseBody()).map(([k, v]) => [k, String(v)])),
    });
    await gate;
    if (accept.includes('application/json') && answer !== 'html') return c.json(answer);
    return c.html(html('<h1>Thank you (plain post)</h1>'));
  });
  [browser, server] = await Promise.all([launchChromium(), serveTestSite(app)]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(javaScript = true): Promise<{ page: Page; errors: string[]; context: BrowserContext }> {
  received.length = 0;
  const { page, problems } = await watchedPage(browser, { javaScriptEnabled: javaScript });
  await page.goto(`${server.origin}/`);
  if (javaScript) await page.waitForFunction(() => document.querySelector('form')?.noValidate === true);
  return { page, errors: problems, context: page.context() };
}

const errorText = (page: Page, field: string) => page.locator(`[data-field-error="${field}"]`);

describe('form island', () => {
  it('shows a message for a missing required field and an invalid e-mail, and sends nothing', async () => {
    const { page, errors, context } = await open();
    await page.getByRole('button', { name: 'Send' }).click();
    expect(await errorText(page, 'name').textContent()).toBe('Please fill this in.');
    expect(await errorText(page, 'name').isVisible()).toBe(true);
    const name = page.getByLabel('Name');
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    const errorId = await errorText(page, 'name').getAttribute('id');
    expect(await name.getAttribute('aria-describedby')).toBe(errorId);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('f-name');

    await name.fill('Ada');
    expect(await name.getAttribute('aria-invalid')).toBeNull();
    expect(await errorText(page, 'name').isVisible()).toBe(false);
    const email = page.getByLabel('E-mail');
    await email.fill('ada@');
    await email.blur();
    expect(await errorText(page, 'email').textContent()).toBe('Please enter an e-mail address.');
    // The hint stays described; the error is added beside it.
    expect(await email.getAttribute('aria-describedby')).toBe(
      `f-email-hint ${await errorText(page, 'email').getAttribute('id')}`,
    );
    await page.getByRole('button', { name: 'Send' }).click();
    expect(received).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('posts the fields with fetch and shows the answer without reloading, busy while sending', async () => {
    answer = { ok: true, message: 'Thanks, we got it.' };
    let release!: () => void;
    gate = new Promise((r) => (release = r));
    const { page, errors, context } = await open();
    await page.evaluate(() => Object.assign(window, { marker: 'same page' }));
    await page.getByLabel('Name').fill('Ada');
    await page.getByLabel('E-mail').fill('ada@example.com');
    await page.getByLabel('Message').fill('Two bags of espresso, please.');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => received.length).toBe(1);
    expect(await page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    release();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Thanks, we got it.');
    expect(await page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(false);
    expect(received[0]).toEqual({
      accept: 'application/json',
      contentType: 'application/x-www-form-urlencoded;charset=UTF-8',
      body: { name: 'Ada', email: 'ada@example.com', message: 'Two bags of espresso, please.' },
    });
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same page');
    expect(await page.getByLabel('Name').inputValue()).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the errors the endpoint returns next to their fields', async () => {
    answer = { ok: false, message: 'Please check the form.', errors: { email: 'This address bounced.' } };
    gate = Promise.resolve();
    const { page, context } = await open();
    await page.getByLabel('Name').fill('Ada');
    await page.getByLabel('E-mail').fill('ada@example.com');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => errorText(page, 'email').textContent()).toBe('This address bounced.');
    // A failure is an alert, announced at once.
    expect(await page.getByRole('alert').textContent()).toBe('Please check the form.');
    expect(await page.getByLabel('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('f-email');
    expect(await page.getByLabel('Name').inputValue()).toBe('Ada');
    await context.close();
  });

  it('reports an answer that is not JSON once, without posting again', async () => {
    answer = 'html';
    const { page, context } = await open();
    await page.getByLabel('Name').fill('Ada');
    await page.getByLabel('E-mail').fill('ada@example.com');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Sending failed. Please try again.');
    expect(received).toHaveLength(1);
    await context.close();
  });

  it('posts the plain form when JavaScript is off', async () => {
    answer = { ok: true, message: 'unused' };
    const { page, context } = await open(false);
    await page.getByLabel('Name').fill('Ada');
    await page.getByLabel('E-mail').fill('ada@example.com');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(`${server.origin}${ACTION}`);
    expect(await page.getByRole('heading').textContent()).toBe('Thank you (plain post)');
    expect(received).toEqual([
      {
        accept: expect.not.stringContaining('application/json'),
        contentType: 'application/x-www-form-urlencoded',
        body: { name: 'Ada', email: 'ada@example.com', message: '' },
      },
    ]);
    await context.close();
  });
});
