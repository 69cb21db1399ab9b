import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, watchedPage } from './support/browser.ts';
import { rpc, type Stack, servicesConfigured, startStack } from './support/stack.ts';

// An editor publishes through the management API and two website processes (sharing Redis, as
// replicas behind a load balancer) show the change on the very next request after the call returns:
// the purge is acknowledged by every process before `content.publish` answers (docs/operations.md).

const POST = 'd0c00000-0000-4000-8000-000000000022'; // "How to brew a better pour-over at home"
const PATH = '/blog/better-pour-over-at-home';
const OLD_EXCERPT = 'Five steps, one scale and a bit of patience';
const NEW_EXCERPT = 'Five steps, one scale, the right water and a bit of patience';

let stack: Stack | undefined;
let browser: Browser;
let pages: Page[] = [];

beforeAll(async () => {
  stack = await startStack({ management: 1, public: 1, website: 2 });
  if (!stack) return;
  browser = await launchChromium();
  pages = [];
  for (let i = 0; i < 2; i++) pages.push((await watchedPage(browser)).page);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** What each website process shows at the post's address now (the status and the excerpt's text). */
async function showing(path = PATH): Promise<Array<{ status: number; text: string }>> {
  return Promise.all(
    pages.map(async (page, i) => {
      const response = await page.goto(`${stack!.urls.website[i]}${path}`);
      return { status: response?.status() ?? 0, text: await page.locator('main').innerText() };
    }),
  );
}

describe.skipIf(!servicesConfigured())('an editor publishes', () => {
  it('two website processes show the published draft on the next request after the call', async () => {
    expect(stack!.urls.website).toHaveLength(2);
    // Both processes have the old version cached (the second request is a cache hit).
    for (let round = 0; round < 2; round++) {
      for (const shown of await showing()) {
        expect(shown.status).toBe(200);
        expect(shown.text).toContain(OLD_EXCERPT);
      }
    }
    const blogBefore = await showing('/blog');
    expect(blogBefore.every((b) => !b.text.includes(NEW_EXCERPT))).toBe(true);

    const result = await rpc(stack!, 'content.publish', { space: 'demo', id: POST, locale: 'en' });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ id: POST, locale: 'en', status: 'published' });

    for (const shown of await showing()) {
      expect(shown.status).toBe(200);
      expect(shown.text).toContain(NEW_EXCERPT);
    }
    // The public API delivers the same at once.
    const rest = await fetch(`${stack!.urls.public[0]}/v1/permalink${PATH}`);
    expect(((await rest.json()) as { fields: { excerpt: string } }).fields.excerpt).toContain(NEW_EXCERPT);
  });

  it('revalidates with 304, and an unpublish and a publish reach both processes at once', async () => {
    const etags = await Promise.all(
      stack!.urls.website.map(async (url) => (await fetch(`${url}${PATH}`)).headers.get('etag')!),
    );
    for (const [i, url] of stack!.urls.website.entries()) {
      expect((await fetch(`${url}${PATH}`, { headers: { 'If-None-Match': etags[i]! } })).status).toBe(304);
    }

    const down = await rpc(stack!, 'content.unpublish', { space: 'demo', id: POST, locale: 'en' });
    expect(down.status).toBe(200);
    for (const shown of await showing()) expect(shown.status).toBe(404);
    for (const shown of await showing('/blog')) expect(shown.text).not.toContain('better pour-over');

    const up = await rpc(stack!, 'content.publish', { space: 'demo', id: POST, locale: 'en' });
    expect(up.status).toBe(200);
    for (const [i, url] of stack!.urls.website.entries()) {
      const again = await fetch(`${url}${PATH}`, { headers: { 'If-None-Match': etags[i]! } });
      // The same content again, so the same weak ETag may answer 304; what matters is it is served.
      expect([200, 304]).toContain(again.status);
    }
    for (const shown of await showing()) {
      expect(shown.status).toBe(200);
      expect(shown.text).toContain(NEW_EXCERPT);
    }
  });

  it('refuses a publish without a key and changes nothing', async () => {
    const response = await fetch(`${stack!.urls.management[0]}/rpc/content.unpublish`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ space: 'demo', id: POST, locale: 'en' }),
    });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { key: string } }).error.key).toBe('auth.required');
    for (const shown of await showing()) expect(shown.status).toBe(200);
  });
});
