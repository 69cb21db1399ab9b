import { describe, expect, it } from 'vitest';
import type { CompiledCss } from './compile.ts';
import { contentHash } from './content-hash.ts';
import { createStylesheetStore, stylesheetRoutes } from './stylesheet-store.ts';

const sheet = (css: string): CompiledCss => ({ css, hash: contentHash(css) });

describe('stylesheet store', () => {
  it('compiles a key once, also under concurrent requests, and finds the sheet by hash', async () => {
    const store = createStylesheetStore();
    let compiles = 0;
    const compute = async () => {
      compiles++;
      await new Promise((r) => setImmediate(r));
      return sheet('a{color:red}');
    };
    const [one, two] = await Promise.all([
      store.getSiteStylesheet('space:1:1', compute),
      store.getSiteStylesheet('space:1:1', compute),
    ]);
    expect(await store.getSiteStylesheet('space:1:1', compute)).toBe(one);
    expect(two).toBe(one);
    expect(compiles).toBe(1);
    expect(store.stylesheetByHash(one.hash)?.css).toBe('a{color:red}');
    expect(one.etag).toMatch(/^"[a-f0-9]{64}"$/);
  });

  it('does not keep a failed compile', async () => {
    const store = createStylesheetStore();
    await expect(store.getSiteStylesheet('k', () => Promise.reject(new Error('bad design')))).rejects.toThrow(
      'bad design',
    );
    expect((await store.getSiteStylesheet('k', () => sheet('b{}'))).css).toBe('b{}');
  });

  it('drops the least recently used sheets past its caps', async () => {
    const store = createStylesheetStore({ maxEntries: 2 });
    const a = await store.getSiteStylesheet('a', () => sheet('a{}'));
    const b = await store.getSiteStylesheet('b', () => sheet('b{}'));
    store.stylesheetByHash(a.hash); // a is now the most recently used
    const c = await store.getPageStylesheet('c', () => sheet('c{}'));
    expect(store.stylesheetByHash(b.hash)).toBeUndefined();
    expect(store.stylesheetByHash(a.hash)).toBeDefined();
    expect(store.stylesheetByHash(c.hash)).toBeDefined();
    const bytes = createStylesheetStore({ maxBytes: 10 });
    const big = bytes.put(sheet('x'.repeat(8)));
    bytes.put(sheet('y'.repeat(8)));
    expect(bytes.stylesheetByHash(big.hash)).toBeUndefined();
  });
});

describe('stylesheetRoutes', () => {
  it('serves a kept sheet as immutable CSS with a strong ETag and answers 304', async () => {
    const store = createStylesheetStore();
    const s = store.put(sheet('body{margin:0}'));
    const app = stylesheetRoutes(store);
    const res = await app.request(`/_site/${s.hash}.css`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/css; charset=utf-8');
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('ETag')).toBe(s.etag);
    expect(await res.text()).toBe('body{margin:0}');
    const again = await app.request(`/_site/${s.hash}.css`, { headers: { 'If-None-Match': s.etag } });
    expect(again.status).toBe(304);
  });

  it('answers 404 for an unknown hash unless the miss handler recompiles exactly that sheet', async () => {
    const store = createStylesheetStore();
    const wanted = sheet('p{color:blue}');
    const missing = await stylesheetRoutes(store).request(`/_site/${wanted.hash}.css`);
    expect(missing.status).toBe(404);
    // Another process may answer it, or this one a moment later: no cache may keep the 404.
    expect(missing.headers.get('Cache-Control')).toBe('no-store');
    expect(((await missing.json()) as { error: { key: string } }).error.key).toBe('route.notFound');
    expect((await stylesheetRoutes(store).request('/_site/../x.css')).status).toBe(404);
    const wrong = stylesheetRoutes(store, { onMiss: async () => sheet('p{color:red}') });
    expect((await wrong.request(`/_site/${wanted.hash}.css`)).status).toBe(404);
    const right = stylesheetRoutes(store, { onMiss: async () => wanted });
    expect(await (await right.request(`/_site/${wanted.hash}.css`)).text()).toBe('p{color:blue}');
    expect(store.stylesheetByHash(wanted.hash)).toBeDefined();
  });
});
