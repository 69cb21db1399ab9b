import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoColourImage } from '../core/media/test-images.ts';
import { axeViolations } from './support/audits.ts';
import { launchChromium, trackRequests } from './support/browser.ts';
import { servicesConfigured } from './support/stack.ts';
import { createPost, saved, signedInShell, toContent } from './support/studio-editor.ts';
import { type StudioStack, startStudioStack, until } from './support/studio-stack.ts';

// Issue 37's journey through the whole shell on real `verso serve` processes, PostgreSQL and Redis: an
// image uploaded in the Media tab, given alt text and picked as a blog post's cover in the Content tab,
// live with that alt; the German version of the post scheduled a minute ahead, the time shortened through
// the procedure, and live once the management process's own scheduler runs it; axe and no sideways overflow on each of the five tabs.

let env: StudioStack | undefined;
let browser: Browser;
let site = '';
let api = '';

beforeAll(async () => {
  env = await startStudioStack({ public: 1 });
  if (!env) return;
  site = env.site;
  api = env.stack.urls.public[0]!;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await env?.stop();
});

const published = (page: Page, starts: string) =>
  until(page, (s) => document.querySelector('#content-message')?.textContent?.startsWith(s), starts);

async function permalinkOf(id: string, locale: string) {
  const res = await fetch(`${api}/v1/content/${id}?locale=${locale}`);
  return res.ok ? ((await res.json()) as { permalink: string }).permalink : undefined;
}

describe.skipIf(!servicesConfigured())('the studio journey through the shell', () => {
  let postId = '';

  it('uploads an image in Media, sets its alt text, picks it as a cover in Content and publishes it', async () => {
    const { page } = await signedInShell(browser, env!);
    await page.click('#tab-media');
    await page.locator('#media-file').waitFor({ state: 'attached' });
    const png = await twoColourImage({ width: 800, height: 400, format: 'png' });
    await page.setInputFiles('#media-file', { name: 'roastery.png', mimeType: 'image/png', buffer: png });
    await page.locator('#asset-title', { hasText: 'roastery.png' }).waitFor();
    await page.fill('#asset-alt', 'Beans cooling after the roast');
    await page.click('button:text("Save alt text")');
    await page.locator('[role="status"]', { hasText: 'Alt text saved.' }).waitFor();

    await toContent(page);
    await createPost(page, 'blog-post', 'Roast day');
    await page.fill('#f-excerpt', 'What happens on a roast day.');
    await page.selectOption('#f-cover', { label: 'roastery.png — Beans cooling after the roast' });
    await saved(page);
    await page.click('#publish-doc');
    await published(page, 'Published');
    postId = await page.evaluate(() => document.querySelector('.doc-row[aria-current="true"]')!.id.slice(4));

    const live = await page.context().newPage();
    await live.goto(`${site}/${await permalinkOf(postId, 'en')}`);
    const img = live.locator('img[alt="Beans cooling after the roast"]');
    expect(await img.count()).toBeGreaterThan(0);
    await until(live, () =>
      [...document.images].some(
        (i) => i.alt === 'Beans cooling after the roast' && i.complete && i.naturalWidth > 0,
      ),
    );
    await page.context().close();
  });

  it('schedules the German version a minute ahead and the site shows it once the scheduler runs', async () => {
    expect(postId).not.toBe('');
    const { page } = await signedInShell(browser, env!);
    await toContent(page);
    await page.selectOption('#pick-locale', 'de');
    await page.fill('#doc-search', 'Roast day');
    await page.locator(`#doc-${postId}`).click();
    await page.fill('#doc-title', 'Rösttag');
    await page.fill('#f-excerpt', 'Was an einem Rösttag geschieht.');
    await saved(page);
    expect(await permalinkOf(postId, 'de')).toBeUndefined();
    // The next whole minute at least 60 s away, as the browser's clock reads it (datetime-local).
    const when = await page.evaluate(() => {
      const d = new Date(Date.now() + 60_000);
      if (d.getSeconds() > 0 || d.getMilliseconds() > 0) d.setMinutes(d.getMinutes() + 1, 0, 0);
      const p = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
    });
    await page.fill('#schedule-at', when);
    await page.click('#schedule-doc');
    await published(page, 'Scheduled for');
    expect(await page.locator('.scheduled li').textContent()).toContain('Publishes');
    // Not live before its time. Then the test shortens time through the procedure, as the issue allows: the same
    // scheduled publish moved to two seconds from now (the studio's own call, with its session), run by the
    // management process's scheduler (bullmq), not by the test; waiting for the whole minute cost 60-120 s of CI.
    expect(await permalinkOf(postId, 'de')).toBeUndefined();
    const soon = await page.evaluate(async (id) => {
      const at = new Date(Date.now() + 2000).toISOString();
      const res = await fetch('/rpc/content.publish', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ space: 'demo', id, locale: 'de', publishAt: at }),
      });
      return { status: res.status, body: await res.text(), at };
    }, postId);
    expect(soon.status, soon.body).toBe(200);
    expect(await permalinkOf(postId, 'de')).toBeUndefined();
    const deadline = Date.now() + 60_000;
    let permalink: string | undefined;
    for (;;) {
      permalink = await permalinkOf(postId, 'de');
      if (permalink || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(permalink).toBeDefined();
    expect(Date.now()).toBeGreaterThanOrEqual(new Date(soon.at).getTime() - 1000);
    const live = await page.context().newPage();
    // A locale other than the default is under its prefix (delivery-and-site.md, site routing).
    const res = await live.goto(`${site}/de/${permalink}`);
    const text = (await live.textContent('body')) ?? '';
    expect(res?.status(), `${permalink}: ${text.slice(0, 400)}`).toBe(200);
    expect(text, `${permalink}: ${text.slice(0, 400)}`).toContain('Rösttag');
    await page.context().close();
  }, 240_000);

  it('each of the five tabs: axe finds nothing and nothing overflows its pane at 1280×800', async () => {
    const { page } = await signedInShell(browser, env!);
    const requests = trackRequests(page);
    for (const tab of ['design', 'content', 'media', 'menus', 'settings']) {
      await page.click(`#tab-${tab}`);
      await until(page, () => document.querySelector('.view-host main, .view-host .view-pane'));
      // The view's reads are answered and drawn (axe and the overflow check see the loaded view).
      await requests.quiet(500);
      expect(await axeViolations(page), tab).toEqual([]);
      const overflow = await page.evaluate(() =>
        [
          document.documentElement,
          ...document.querySelectorAll<HTMLElement>('.view-panel, .view-host, .view-pane, main'),
        ]
          .filter((e) => e.scrollWidth > e.clientWidth)
          .map((e) => `${e.tagName}.${e.className} ${e.scrollWidth}>${e.clientWidth}`),
      );
      expect(overflow, tab).toEqual([]);
    }
    await page.context().close();
  });
});
