import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, runVerso, startVerso } from '../core/testing/processes.ts';
import { staticHost } from '../site/export/static-host.ts';
import { axeViolations, lighthouseScores } from './support/audits.ts';
import { launchChromium, watchedPage } from './support/browser.ts';
import { type Stack, servicesConfigured, startStack } from './support/stack.ts';

// A visitor sends the demo's contact form (Morgenrot Coffee Roasters, /contact) on a real `verso serve`
// website process: once with JavaScript (the form island posts with fetch and shows the answer in
// place) and once without (a plain post, 303 back to the page, the message shown there). A person
// takes more than two seconds to fill a form, and so does this visitor. No console or CSP error.

let stack: Stack | undefined;
let browser: Browser;
let site: string;
let debuggingPort: number;

beforeAll(async () => {
  stack = await startStack({ website: 1 });
  if (!stack) return;
  site = stack.urls.website[0]!;
  debuggingPort = await freePort();
  browser = await launchChromium([`--remote-debugging-port=${debuggingPort}`]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const THANKS = 'Thank you! Your message is on its way – we usually answer within two working days.';

async function fill(page: Page, name: string): Promise<void> {
  const form = page.locator('form[data-island="form"]');
  await form.getByLabel('Your name').fill(name);
  await form.getByLabel('Email address').fill('ada@example.org');
  await form.getByLabel('What is it about?').selectOption('wholesale');
  await form.getByLabel('Cups per week (wholesale)').fill('120');
  await form.getByLabel('Message').fill('Could we try your espresso blend for our café?');
  await form.getByLabel('Send me the monthly roast calendar').check();
  // A person needs more than two seconds; the endpoint refuses anything faster.
  await page.waitForTimeout(2300);
}

async function submissions(): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: stack!.env.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query('select * from website_form_submissions order by created_at')).rows;
  } finally {
    await client.end();
  }
}

describe.runIf(servicesConfigured())('the contact form', () => {
  it('is sent with JavaScript: the island posts it and shows the thank-you message in place', async () => {
    const { page, problems } = await watchedPage(browser, { viewport: { width: 1280, height: 900 } });
    const res = await page.goto(`${site}/contact`);
    expect(res?.status()).toBe(200);
    await page.waitForFunction(() =>
      document.querySelector('form[data-island="form"]')?.hasAttribute('novalidate'),
    );
    await page.evaluate(() => Object.assign(window, { stayed: true }));
    await fill(page, 'Ada (script)');
    const answer = page.waitForResponse((r) => r.url().includes('/_cms/forms/block/contact/contact-form'));
    await page.getByRole('button', { name: 'Send message' }).click();
    expect((await answer).status()).toBe(200);
    const status = page.locator('form[data-island="form"] [role="status"]');
    await expect.poll(() => status.textContent()).toBe(THANKS);
    // Same page, no reload; the form is emptied for another message.
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(await page.getByLabel('Your name').inputValue()).toBe('');
    await page.locator('form[data-island="form"]').screenshot({ path: '/tmp/h2-form-script.png' });
    expect(problems).toEqual([]);
    await page.context().close();

    const rows = await submissions();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      form_key: 'contact',
      node_id: 'contact-form',
      locale: 'en',
      page: '/contact',
    });
    expect(rows[0]!.values).toEqual({
      name: 'Ada (script)',
      email: 'ada@example.org',
      topic: 'wholesale',
      cups: 120,
      message: 'Could we try your espresso blend for our café?',
      newsletter: true,
    });
  });

  it('is sent without JavaScript: 303 back to the page, which shows the message, uncached', async () => {
    const { page, problems } = await watchedPage(browser, {
      javaScriptEnabled: false,
      viewport: { width: 1280, height: 900 },
    });
    await page.goto(`${site}/contact`);
    await fill(page, 'Ada (plain)');
    const redirect = page.waitForResponse((r) => r.request().method() === 'POST');
    const shown = page.waitForResponse((r) => r.url().includes('form-result='));
    await page.getByRole('button', { name: 'Send message' }).click();
    const posted = await redirect;
    expect(posted.status(), `${posted.url()} ${await posted.text().catch(() => '')}`).toBe(303);
    const result = await shown;
    expect(result.status()).toBe(200);
    expect(result.headers()['cache-control']).toBe('private, no-store');
    await page.waitForURL(/\/contact\?form-result=/);
    const status = page.locator('form [role="status"]');
    expect(await status.textContent()).toBe(THANKS);
    expect(new URL(page.url()).hash).toMatch(/^#f\d+$/);
    await page.locator('form[data-island="form"]').screenshot({ path: '/tmp/h2-form-plain.png' });
    expect(problems).toEqual([]);
    const resultUrl = page.url();
    await page.context().close();
    // The result page passes axe (which needs script: the same address in a context with it).
    const audit = await watchedPage(browser, { viewport: { width: 1280, height: 900 } });
    await audit.page.goto(resultUrl);
    expect(await audit.page.locator('form [role="status"]').textContent()).toBe(THANKS);
    expect(await axeViolations(audit.page)).toEqual([]);
    await audit.page.context().close();
    const rows = await submissions();
    expect(rows.map((r) => (r.values as { name: string }).name)).toEqual(['Ada (script)', 'Ada (plain)']);
    // What is kept of the sender's address is a hash, never the address.
    expect(
      rows.every((r) => typeof r.client_hash === 'string' && !/127\.0\.0\.1|::1/.test(JSON.stringify(r))),
    ).toBe(true);
  });

  it('is sent from the static export: the island posts to the website process named by --form-endpoint', async () => {
    const out = await mkdtemp(join(tmpdir(), 'verso-e2e-export-forms-'));
    const host = await staticHost(out);
    const port = await freePort();
    const endpoint = await startVerso(
      ['serve'],
      {
        ...stack!.env,
        SERVER_MODE: 'website',
        PORT: String(port),
        LOG_LEVEL: 'info',
        FORM_ORIGINS: host.url,
      },
      /"msg":"listening"/,
    );
    try {
      const built = await runVerso(
        [
          'build-site',
          'demo',
          '--out',
          out,
          '--base-url',
          host.url,
          '--form-endpoint',
          `http://localhost:${port}`,
        ],
        stack!.env,
      );
      expect(built.code, built.stderr).toBe(0);
      const { page, problems } = await watchedPage(browser, { viewport: { width: 1280, height: 900 } });
      await page.goto(`${host.url}/contact`);
      await page.waitForFunction(() =>
        document.querySelector('form[data-island="form"]')?.hasAttribute('novalidate'),
      );
      await fill(page, 'Ada (export)');
      const answer = page.waitForResponse((r) => r.url().startsWith(`http://localhost:${port}/_cms/forms/`));
      await page.getByRole('button', { name: 'Send message' }).click();
      expect((await answer).status()).toBe(200);
      const status = page.locator('form[data-island="form"] [role="status"]');
      await expect.poll(() => status.textContent()).toBe(THANKS);
      expect(page.url()).toBe(`${host.url}/contact`);
      await page.locator('form[data-island="form"]').screenshot({ path: '/tmp/export-form-script.png' });
      // No CSP report, no CORS error in the console.
      expect(problems).toEqual([]);
      await page.context().close();

      // Without script: the endpoint's own small page, with a link back to the exported page.
      const plain = await watchedPage(browser, {
        javaScriptEnabled: false,
        viewport: { width: 1280, height: 900 },
      });
      await plain.page.goto(`${host.url}/contact`);
      await fill(plain.page, 'Ada (export, plain)');
      await plain.page.getByRole('button', { name: 'Send message' }).click();
      await plain.page.waitForURL(`http://localhost:${port}/_cms/forms/**`);
      expect(await plain.page.getByRole('status').textContent()).toBe(THANKS);
      const back = plain.page.getByRole('link');
      expect(await back.getAttribute('href')).toMatch(new RegExp(`^${host.url}/contact#f\\d+$`));
      expect(plain.problems).toEqual([]);
      await plain.page.context().close();
      const names = (await submissions()).map((r) => (r.values as { name: string }).name);
      expect(names).toEqual(expect.arrayContaining(['Ada (export)', 'Ada (export, plain)']));
    } finally {
      await endpoint.stop();
      host.server.close();
    }
  });

  it('shows the badge of a space whose badge control is on, last in the page, in a new tab', async () => {
    const client = new pg.Client({ connectionString: stack!.env.DATABASE_URL });
    await client.connect();
    try {
      // The rows the control API writes (core/control; its purge is tested in site/render/badge.test.ts).
      for (const [key, value] of [
        ['features.plugins.website.badge', true],
        ['plugins.website.badge.text', 'Made with Verso'],
        ['plugins.website.badge.link', 'https://example.org/'],
      ] as const) {
        await client.query(
          `insert into space_controls (space_id, key, value)
           select id, $1, $2::jsonb from spaces where name = 'demo'
           on conflict (space_id, key) do update set value = excluded.value`,
          [key, JSON.stringify(value)],
        );
      }
    } finally {
      await client.end();
    }
    // A website process of its own (its own page cache), started after the switch.
    const port = await freePort();
    const second = await startVerso(
      ['serve'],
      { ...stack!.env, REDIS_URL: '', SERVER_MODE: 'website', PORT: String(port), LOG_LEVEL: 'info' },
      /"msg":"listening"/,
    );
    try {
      const { page, problems } = await watchedPage(browser, { viewport: { width: 1280, height: 900 } });
      await page.goto(`http://localhost:${port}/contact`);
      const badge = page.getByRole('link', { name: 'Made with Verso' });
      expect(await badge.getAttribute('href')).toBe('https://example.org/');
      expect(await badge.getAttribute('target')).toBe('_blank');
      expect(await badge.getAttribute('rel')).toBe('noopener');
      expect(await badge.getAttribute('style')).toMatch(/^all: initial;/);
      expect(
        await page.evaluate(() =>
          document.body.lastElementChild?.firstElementChild?.hasAttribute('data-verso-badge'),
        ),
      ).toBe(true);
      const box = (await badge.boundingBox())!;
      expect(box.x).toBeLessThan(20);
      expect(box.y + box.height).toBeGreaterThan(900 - 20);
      await page.screenshot({ path: '/tmp/h2-badge.png', clip: { x: 0, y: 780, width: 420, height: 120 } });
      // Keyboard users see where they are: the badge keeps a focus ring despite `all: initial`.
      await badge.focus();
      expect(await badge.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
      await page.context().close();
      // Lighthouse at its default (phone) settings, as the demo's audits: the badge costs no point.
      const scores = await lighthouseScores(`http://localhost:${port}/contact`, debuggingPort);
      expect(scores.runtimeError).toBeUndefined();
      expect({
        a11y: scores.accessibility,
        bp: scores['best-practices'],
        failing: scores.failing,
      }).toMatchObject({ a11y: 100, bp: 100 });
    } finally {
      await second.stop();
    }
  });
});
