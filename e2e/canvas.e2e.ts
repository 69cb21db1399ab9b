import { Hono } from 'hono';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Listening, listen } from '../core/http/listen.ts';
import type { CanvasMessage } from '../site/canvas/protocol.ts';
import { sampleMessage } from '../site/canvas/sample-message.ts';
import { launchChromium, watchedPage } from './support/browser.ts';
import { hostUrl, type Stack, servicesConfigured, startStack } from './support/stack.ts';

// The design canvas (docs/canvas-protocol.md) on a real `verso serve` website process started with
// EDITOR_ORIGIN: an editor page on that origin frames `/_cms/canvas`, waits for `ready`, sends a
// `render` and gets `rendered` back; a page on another origin cannot frame it.

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="1200" height="800" fill="#6b4423"/></svg>';

/** The admin's stand-in: frames the canvas named in `?canvas=`, keeps what it hears, sends on request. */
function editorApp(): Hono {
  const app = new Hono();
  app.get('/favicon.ico', (c) => c.body(null, 204));
  app.get('/', (c) => {
    const canvas = c.req.query('canvas') ?? '';
    return c.html(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Editor</title>' +
        `<script src="/editor.js?origin=${encodeURIComponent(new URL(canvas).origin)}"></script></head>` +
        `<body><iframe id="canvas" title="Canvas" src="${canvas}" style="width:1024px;height:700px;border:0"></iframe></body></html>`,
    );
  });
  app.get('/editor.js', (c) =>
    c.body(
      `const canvas = ${JSON.stringify(c.req.query('origin'))};
       window.received = [];
       addEventListener('message', (e) => { if (e.origin === canvas) window.received.push(e.data); });
       window.send = (m) => document.getElementById('canvas').contentWindow.postMessage(m, canvas);`,
      200,
      { 'Content-Type': 'text/javascript' },
    ),
  );
  app.get('/media/*', (c) => c.body(SVG, 200, { 'Content-Type': 'image/svg+xml' }));
  return app;
}

interface EditorWindow {
  received: CanvasMessage[];
  send(message: unknown): void;
}

let editor: Listening;
let stack: Stack | undefined;
let browser: Browser;
let editorOrigin = '';
let canvasUrl = '';

beforeAll(async () => {
  editor = await listen(editorApp(), { port: 0, hostname: '127.0.0.1' });
  editorOrigin = `http://editor.localhost:${editor.port}`;
  stack = await startStack({ website: 1 }, { EDITOR_ORIGIN: `${editorOrigin}/designs` });
  if (!stack) return;
  canvasUrl = `${stack.urls.website[0]}/_cms/canvas`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await editor?.close();
});

const received = (page: Page) => page.evaluate(() => (window as unknown as EditorWindow).received);
const waitFor = (page: Page, type: string, id?: string) =>
  page.waitForFunction(
    ([t, i]) =>
      (window as unknown as EditorWindow).received.some(
        (m) => m.type === t && (!i || ('id' in m && m.id === i)),
      ),
    [type, id] as const,
  );

describe.skipIf(!servicesConfigured())('the design canvas', () => {
  it('answers with the canvas headers: framable by the editor origin only, no connections', async () => {
    const response = await fetch(canvasUrl);
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`frame-ancestors ${editorOrigin}`);
    expect(csp).toContain("connect-src 'none'");
    expect(response.headers.get('x-frame-options')).toBeNull();
    expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
  });

  it('loads in the editor page, says ready, draws a render and reports back, and outlines a selection', async () => {
    const { page, problems } = await watchedPage(browser, { viewport: { width: 1280, height: 900 } });
    await page.goto(`${editorOrigin}/?canvas=${encodeURIComponent(canvasUrl)}`);
    await waitFor(page, 'ready');
    expect((await received(page))[0]).toEqual({
      protocol: 'verso-canvas',
      version: 1,
      type: 'ready',
      versions: [1],
    });

    const message = sampleMessage({ mediaOrigin: editorOrigin });
    message.id = 'e2e-1';
    message.content.document.title = 'Drawn by the canvas';
    await page.evaluate((m) => (window as unknown as EditorWindow).send(m), message);
    await waitFor(page, 'rendered', 'e2e-1');
    const rendered = (await received(page)).find((m) => m.type === 'rendered') as {
      id: string;
      height: number;
      error: string | null;
    };
    expect(rendered).toMatchObject({ id: 'e2e-1', warnings: [], error: null });
    expect(rendered.height).toBeGreaterThan(300);
    const canvas = page.frame({ url: canvasUrl })!;
    expect(await canvas.locator('h1').textContent()).toBe('Drawn by the canvas');

    await page.evaluate((m) => (window as unknown as EditorWindow).send(m), {
      protocol: 'verso-canvas',
      version: 1,
      type: 'select',
      node: { kind: 'page', key: 'blog-post', id: 'title' },
    });
    await canvas.waitForSelector('[data-canvas-selected]');
    expect(await canvas.locator('[data-canvas-selected]').allTextContents()).toEqual(['Drawn by the canvas']);

    // A click in the drawing is reported as the node it hit, and never navigates.
    await canvas.locator('h1').click();
    await page.waitForFunction(() =>
      (window as unknown as EditorWindow).received.some((m) => m.type === 'pointer' && m.action === 'click'),
    );
    const click = (await received(page)).find((m) => m.type === 'pointer' && m.action === 'click');
    expect(click).toMatchObject({ node: { kind: 'page', key: 'blog-post', id: 'title' } });
    expect(canvas.url()).toBe(canvasUrl);
    expect(problems).toEqual([]);
  });

  it('cannot be framed from another origin', async () => {
    const { page, problems } = await watchedPage(browser);
    // Same editor page, served under a host name that is not an editor origin.
    await page.goto(`${hostUrl(editorOrigin, 'other.localhost')}/?canvas=${encodeURIComponent(canvasUrl)}`);
    await page.waitForTimeout(500);
    const framed = page.frames().find((f) => f !== page.mainFrame())!;
    expect(await framed.locator('#canvas').count()).toBe(0);
    expect(await received(page)).toEqual([]);
    expect(problems.join('\n')).toContain('frame-ancestors');
  });
});
