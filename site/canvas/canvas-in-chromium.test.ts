import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMigrations, loadPlugins } from '../../cli/plugins.ts';
import { memoryCache } from '../../core/cache/memory-cache.ts';
import { loadConfig } from '../../core/config/index.ts';
import { type Listening, listen } from '../../core/http/listen.ts';
import { memoryStorage } from '../../core/media/memory-storage.ts';
import { sharpRenderer } from '../../core/media/render-variant.ts';
import { variantStore } from '../../core/media/variant-store.ts';
import { captureLog } from '../../core/testing/capture-log.ts';
import { migrated, testDatabases } from '../../core/testing/databases.ts';
import { launchChromium, watchedPage } from '../../e2e/support/browser.ts';
import { websiteServer } from '../server/website-server.ts';
import type { CanvasMessage } from './protocol.ts';
import { SAMPLE, sampleMessage } from './sample-message.ts';

// The canvas in real Chromium: the website server (PGlite), listening, with EDITOR_ORIGIN set to
// an editor page on another origin, which frames the canvas and talks to it. A third origin, not an
// editor's, sends the same messages and tries to frame it. *.localhost is mapped to loopback.

interface EditorWindow {
  received: CanvasMessage[];
  send(message: unknown): void;
}

const plugins = loadPlugins({ website: true });
let browser: Browser;
let site: Listening;
let editor: Listening;
let other: Listening;
let drop: () => Promise<void>;
let canvasUrl = '';
let editorOrigin = '';
let otherOrigin = '';

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="1200" height="800" fill="#6b4423"/></svg>';

/** The admin's stand-in (served on the editor and the other origin): a page framing the canvas, its script, images. */
function editorApp(): Hono {
  const app = new Hono();
  app.get('/favicon.ico', (c) => c.body(null, 204));
  app.get('/', (c) =>
    c.html(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Editor</title><script src="/editor.js"></script></head>' +
        `<body><iframe id="canvas" title="Canvas" src="${canvasUrl}" style="width:1024px;height:700px;border:0"></iframe>` +
        `<iframe id="other" title="Other" src="${otherOrigin}/other.html"></iframe></body></html>`,
    ),
  );
  app.get('/editor.js', (c) =>
    c.body(
      `const canvas = ${JSON.stringify(new URL(canvasUrl).origin)};
       window.received = [];
       addEventListener('message', (e) => { if (e.origin === canvas) window.received.push(e.data); });
       window.send = (m) => document.getElementById('canvas').contentWindow.postMessage(m, canvas);`,
      200,
      { 'Content-Type': 'text/javascript' },
    ),
  );
  app.get('/other.html', (c) =>
    c.html('<!doctype html><html lang="en"><title>Other</title><p>Not an editor</p></html>'),
  );
  app.get('/frame.html', (c) =>
    c.html(
      `<!doctype html><html lang="en"><title>Other</title><iframe title="Canvas" src="${canvasUrl}"></iframe></html>`,
    ),
  );
  app.get('/media/*', (c) => c.body(SVG, 200, { 'Content-Type': 'image/svg+xml' }));
  return app;
}

beforeAll(async () => {
  const app = editorApp();
  [editor, other] = await Promise.all([
    listen(app, { port: 0, hostname: '127.0.0.1' }),
    listen(app, { port: 0, hostname: '127.0.0.1' }),
  ]);
  editorOrigin = `http://editor.localhost:${editor.port}`;
  otherOrigin = `http://other.localhost:${other.port}`;
  const handle = await migrated(testDatabases()[0]!.open, allMigrations(plugins));
  const cache = memoryCache({ defaultTtlSeconds: 60 });
  drop = async () => {
    await cache.close();
    await handle.drop();
  };
  const config = loadConfig({ SERVER_MODE: 'website', WEBSITE_PLUGIN: 'true', EDITOR_ORIGIN: editorOrigin });
  const storage = memoryStorage();
  const server = websiteServer({
    config,
    db: handle.db,
    log: captureLog('warn').log,
    cache,
    storage,
    variants: variantStore({
      dir: mkdtempSync(join(tmpdir(), 'verso-canvas-')),
      storage,
      render: sharpRenderer,
    }),
    mediaSecret: () => 'canvas-test-secret-canvas-test-secret-0123',
  });
  site = await listen(server, { port: 0, hostname: '127.0.0.1' });
  canvasUrl = `http://127.0.0.1:${site.port}/_cms/canvas`;
  browser = await launchChromium(['--host-resolver-rules=MAP *.localhost 127.0.0.1']);
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([site?.close(), editor?.close(), other?.close()]);
  await drop?.();
});

const received = (page: Page) => page.evaluate(() => (window as unknown as EditorWindow).received);

async function waitFor(page: Page, type: string, id?: string): Promise<void> {
  await page.waitForFunction(
    ([t, i]) =>
      (window as unknown as EditorWindow).received.some(
        (m) => m.type === t && (!i || ('id' in m && m.id === i)),
      ),
    [type, id] as const,
  );
}

/** A render message with the sample's media on the editor origin (any origin may serve images). */
function message(id: string, title: string) {
  const m = sampleMessage({ mediaOrigin: editorOrigin });
  m.id = id;
  m.content.document.title = title;
  return m;
}

const rootHeight = (canvas: Frame) =>
  canvas.evaluate(() => Math.ceil(document.getElementById('canvas')!.getBoundingClientRect().height));

describe('the design canvas in Chromium', () => {
  it('draws what an editor origin sends, reports height and nodes, and ignores other origins', async () => {
    const { page, problems } = await watchedPage(browser, { viewport: { width: 1280, height: 900 } });
    await page.goto(`${editorOrigin}/`);
    await waitFor(page, 'ready');
    expect((await received(page))[0]).toEqual({
      protocol: 'verso-canvas',
      version: 1,
      type: 'ready',
      versions: [1],
    });
    const canvas = page.frame({ url: canvasUrl })!;
    const stranger = page.frame({ url: `${otherOrigin}/other.html` })!;
    const send = (m: unknown) => page.evaluate((msg) => (window as unknown as EditorWindow).send(msg), m);
    const sendFromStranger = (m: unknown) =>
      stranger.evaluate((msg) => window.parent.frames[0]!.postMessage(msg, '*'), m);

    // Another origin speaks first: nothing is drawn.
    await sendFromStranger(message('stranger-1', 'Hijacked'));
    await send(message('render-1', 'Roasting at altitude'));
    await waitFor(page, 'rendered', 'render-1');
    await expect(canvas.locator('h1').textContent()).resolves.toBe('Roasting at altitude');
    await expect(canvas.locator('h2').textContent()).resolves.toBe('Fresh from the roaster');
    await expect(canvas.getByRole('link', { name: 'Beans' }).count()).resolves.toBe(1);
    const rendered = (await received(page)).find((m) => m.type === 'rendered')!;
    expect(rendered).toMatchObject({ id: 'render-1', warnings: [], error: null });
    expect((rendered as { height: number }).height).toBeGreaterThan(300);

    // The site's stylesheet rules, compiled in the canvas, and the bundled fonts from the site.
    const styles = await canvas.evaluate(async () => {
      await document.fonts.ready;
      const css = (selector: string) => getComputedStyle(document.querySelector(selector)!);
      return {
        font: css('h1').fontFamily,
        button: css('.v-button').backgroundColor,
        fonts: [...document.fonts].filter((f) => f.status === 'loaded').map((f) => `${f.family} ${f.weight}`),
      };
    });
    expect(styles.font).toContain('"Inter Fallback"');
    expect(styles.button).toBe('rgb(36, 73, 181)');
    expect(styles.fonts).toContain('Inter 700');

    // Its height, whenever it changes (images and fonts arrive after the render).
    await expect
      .poll(async () => {
        const resizes = (await received(page)).filter((m) => m.type === 'resize');
        return resizes.at(-1)?.height === (await rootHeight(canvas));
      })
      .toBe(true);

    // The node an editor points at and clicks; a click never follows a link.
    await canvas.locator('h1').click();
    await waitFor(page, 'pointer');
    await canvas.getByRole('link', { name: 'Shop' }).click();
    await page.waitForFunction(
      () =>
        (window as unknown as EditorWindow).received.filter(
          (m) => m.type === 'pointer' && m.action === 'click',
        ).length === 2,
    );
    const pointer = (await received(page)).filter((m) => m.type === 'pointer');
    expect(pointer.filter((m) => m.action === 'click').map((m) => m.node)).toEqual([
      { kind: 'page', key: 'blog-post', id: 'title' },
      { kind: 'block', key: 'hero', variant: 'centered', id: 'cta' },
    ]);
    expect(pointer.find((m) => m.action === 'hover')?.node).toEqual({
      kind: 'page',
      key: 'blog-post',
      id: 'title',
    });
    expect(canvas.url()).toBe(canvasUrl);

    // The admin selects a node: the canvas outlines it.
    await send({
      protocol: 'verso-canvas',
      version: 1,
      type: 'select',
      node: { kind: 'page', key: 'blog-post', id: 'date' },
    });
    await canvas.waitForSelector('[data-canvas-selected]');
    const outline = await canvas.evaluate(() => {
      const marked = [...document.querySelectorAll('[data-canvas-selected]')];
      return { text: marked.map((e) => e.textContent), style: getComputedStyle(marked[0]!).outlineStyle };
    });
    expect(outline).toEqual({ text: ['March 18, 2026'], style: 'solid' });

    // Another origin again, then the editor: only the editor's design shows, only the editor hears back,
    // and the selection is still the editor's (it outlives a render: a selection from elsewhere would show).
    await sendFromStranger({
      protocol: 'verso-canvas',
      version: 1,
      type: 'select',
      node: { kind: 'page', key: 'blog-post', id: 'title' },
    });
    await sendFromStranger(message('stranger-2', 'Hijacked'));
    await send(message('render-2', 'Second draft'));
    await waitFor(page, 'rendered', 'render-2');
    await expect(canvas.locator('h1').textContent()).resolves.toBe('Second draft');
    await expect(canvas.getByText('Hijacked').count()).resolves.toBe(0);
    await expect(canvas.locator('[data-canvas-selected]').allTextContents()).resolves.toEqual([
      'March 18, 2026',
    ]);
    expect((await received(page)).filter((m) => 'id' in m && String(m.id).startsWith('stranger'))).toEqual(
      [],
    );
    // A malformed message from the editor is ignored too.
    await send({ ...message('render-3', 'Broken'), content: null });
    await send(message('render-4', 'Third draft'));
    await waitFor(page, 'rendered', 'render-4');
    expect(
      (await received(page)).filter((m) => m.type === 'rendered').map((m) => (m as { id: string }).id),
    ).toEqual(['render-1', 'render-2', 'render-4']);
    // An icon (written as a string on the server) is an element here, drawn again on the next render.
    const withIcon = (id: string, title: string) => {
      const m = message(id, title);
      const page = m.designs.find((d) => d.kind === 'page' && d.key === 'blog-post')!;
      (page.published as { root: { children: unknown[] } }).root.children.push({
        id: 'mail-icon',
        el: 'icon',
        props: { name: 'mail', label: { en: 'Mail' } },
      });
      return m;
    };
    for (const [id, title] of [
      ['render-5', 'With an icon'],
      ['render-6', 'With the icon again'],
    ] as const) {
      await send(withIcon(id, title));
      await waitFor(page, 'rendered', id);
      await expect(canvas.locator('h1').textContent()).resolves.toBe(title);
      await expect(canvas.getByRole('img', { name: 'Mail' }).locator('path').count()).resolves.toBe(1);
      await expect(canvas.getByText('<svg').count()).resolves.toBe(0);
    }

    expect(problems).toEqual([]);
  });

  it('cannot be framed by a page of another origin', async () => {
    const { page, problems } = await watchedPage(browser);
    await page.goto(`${otherOrigin}/frame.html`);
    const framed = page.frames().find((f) => f !== page.mainFrame())!;
    await expect(framed.locator('#canvas').count()).resolves.toBe(0);
    expect(problems.join('\n')).toContain('frame-ancestors');
  });

  it('draws blocks and menus on their own, and reports a design it cannot draw', async () => {
    const { page, problems } = await watchedPage(browser);
    await page.goto(`${editorOrigin}/`);
    await waitFor(page, 'ready');
    const canvas = page.frame({ url: canvasUrl })!;
    const send = (m: unknown) => page.evaluate((msg) => (window as unknown as EditorWindow).send(msg), m);
    const block = { blockId: SAMPLE.blockId, type: 'hero', fields: { title: 'Only the block' } };
    await send({ ...message('block', 'x'), view: { kind: 'block', block } });
    await waitFor(page, 'rendered', 'block');
    await expect(canvas.locator('#canvas > section > h2').textContent()).resolves.toBe('Only the block');
    await send({ ...message('menu', 'x'), view: { kind: 'menu', menu: 'main', design: 'top-bar' } });
    await waitFor(page, 'rendered', 'menu');
    await expect(canvas.locator('#canvas > nav li > a').allTextContents()).resolves.toEqual([
      'Home',
      'Beans',
      'Espresso',
    ]);
    await send({ ...message('broken', 'x'), view: { kind: 'page', layout: 'nope' } });
    await waitFor(page, 'rendered', 'broken');
    expect((await received(page)).find((m) => m.type === 'rendered' && m.id === 'broken')).toMatchObject({
      error: 'no layout "nope"',
      warnings: [],
    });
    await expect(canvas.locator('#canvas').innerHTML()).resolves.toBe('');
    expect(problems).toEqual([]);
  });
});
