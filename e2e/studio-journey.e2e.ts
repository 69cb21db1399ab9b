import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoColourImage } from '../core/media/test-images.ts';
import { axeViolations } from './support/audits.ts';
import { launchChromium, trackRequests } from './support/browser.ts';
import { servicesConfigured } from './support/stack.ts';
import { canvasOf, createPost, saved, signedInShell, toContent, writeBody } from './support/studio-editor.ts';
import { type StudioStack, startStudioStack, until } from './support/studio-stack.ts';

// Issue 37's journey through the whole shell on real `verso serve` processes, PostgreSQL and Redis: an
// image uploaded in the Media tab and given alt text; a blog post written in the Content tab with a heading,
// two paragraphs, a link and that image as its cover, drawn by the canvas, published, and found on the site,
// in /v1 and through GraphQL; the German version of the post scheduled a minute ahead, the time shortened through
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

const ALT = 'Beans cooling after the roast';

const published = (page: Page, starts: string) =>
  until(page, (s) => document.querySelector('#content-message')?.textContent?.startsWith(s), starts);

async function permalinkOf(id: string, locale: string) {
  const res = await fetch(`${api}/v1/content/${id}?locale=${locale}`);
  return res.ok ? ((await res.json()) as { permalink: string }).permalink : undefined;
}

describe.skipIf(!servicesConfigured())('the studio journey through the shell', () => {
  let postId = '';

  it('writes a post in English with a heading, two paragraphs, a link and an uploaded image with alt text; the canvas draws it; published, it is on the site, in /v1 and in GraphQL', async () => {
    const { page } = await signedInShell(browser, env!);
    await page.click('#tab-media');
    await page.locator('#media-file').waitFor({ state: 'attached' });
    const png = await twoColourImage({ width: 800, height: 400, format: 'png' });
    await page.setInputFiles('#media-file', { name: 'roastery.png', mimeType: 'image/png', buffer: png });
    await page.locator('#asset-title', { hasText: 'roastery.png' }).waitFor();
    await page.fill('#asset-alt', ALT);
    await page.click('button:text("Save alt text")');
    await page.locator('[role="status"]', { hasText: 'Alt text saved.' }).waitFor();

    await toContent(page);
    await createPost(page, 'blog-post', 'Roast day');
    await page.fill('#f-excerpt', 'What happens on a roast day.');
    await page.selectOption('#f-cover', { label: `roastery.png — ${ALT}` });
    await writeBody(page, 'Cooling the beans', 'https://example.org/roasting');
    await saved(page);
    const canvas = canvasOf(page, site)!;
    await until(
      canvas,
      (alt) =>
        [...document.querySelectorAll('h2')].some((h) => h.textContent === 'Cooling the beans') &&
        [...document.images].some((i) => i.alt === alt),
      ALT,
    );
    await page.click('#publish-doc');
    await published(page, 'Published');
    postId = await page.evaluate(() => document.querySelector('.doc-row[aria-current="true"]')!.id.slice(4));

    const permalink = await permalinkOf(postId, 'en');
    const live = await page.context().newPage();
    await live.goto(`${site}/${permalink}`);
    expect(await live.locator('h2', { hasText: 'Cooling the beans' }).count()).toBe(1);
    expect(await live.locator('a[href="https://example.org/roasting"]').count()).toBe(1);
    expect(await live.locator(`img[alt="${ALT}"]`).count()).toBeGreaterThan(0);
    await until(
      live,
      (alt) => [...document.images].some((i) => i.alt === alt && i.complete && i.naturalWidth > 0),
      ALT,
    );

    const rest = (await (await fetch(`${api}/v1/content/${postId}?expand=cover`)).json()) as {
      title: string;
      fields: { body: unknown; cover: { alt: string } };
    };
    expect(rest.title).toBe('Roast day');
    expect(rest.fields.cover.alt).toBe(ALT);
    expect(JSON.stringify(rest.fields.body)).toContain('Cooling the beans');
    const gql = await fetch(`${api}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        query: `{ contentByPermalink(permalink: "${permalink}") { id title ... on BlogPost { cover { alt } } } }`,
      }),
    });
    expect(await gql.json()).toEqual({
      data: { contentByPermalink: { id: postId, title: 'Roast day', cover: { alt: ALT } } },
    });
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

  it('each of the five tabs: axe finds nothing, nothing overflows its pane at 1280×800, no request leaves the studio and its canvas', async () => {
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
    // The studio asks nothing of any origin but its own and the framed canvas's (the site process).
    const allowed = new Set([new URL(env!.studio).origin, new URL(site).origin]);
    expect(requests.origins().filter((o) => !allowed.has(o))).toEqual([]);
    expect(requests.origins()).toContain(new URL(env!.studio).origin);
    await page.context().close();
  });
});
