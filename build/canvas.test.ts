import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BUNDLED_FAMILIES } from '../core/designs/index.ts';
import { buildCanvas, bundleCanvasScript, canvasStylesheet } from './canvas.ts';
import { SCRIPT_BUDGETS, ScriptBudgetError } from './islands.ts';

describe('the canvas bundle', () => {
  it('is one minified module named by its content hash, measured within its budget', async () => {
    const { script } = await buildCanvas();
    expect(script.file).toMatch(/^canvas\.[a-f0-9]{20}\.js$/);
    expect(script.url).toBe(`/_site/${script.file}`);
    expect(script.gzipBytes).toBe(gzipSync(script.code, { level: 9 }).length);
    expect(script.gzipBytes).toBeLessThanOrEqual(SCRIPT_BUDGETS.canvas);
    expect(script.code).not.toMatch(/^\s*import\s/m);
    // The browser renderer (hono/jsx/dom builds DOM nodes), never a request (connect-src 'none').
    expect(script.code).toContain('createElement');
    expect(script.code).toContain('adoptedStyleSheets');
    expect(script.code).not.toMatch(/\bfetch\(|XMLHttpRequest|WebSocket|EventSource|sendBeacon/);
    // Same sources, same name.
    expect((await bundleCanvasScript()).file).toBe(script.file);
  });

  it('fails the build when the app is over its gzipped budget', async () => {
    const over = bundleCanvasScript({ budgetBytes: 10 * 1024 });
    await expect(over).rejects.toBeInstanceOf(ScriptBudgetError);
    await expect(over).rejects.toThrow(/^canvas is \d+ bytes gzipped, over its budget of 10240$/);
  });

  it('has a stylesheet with every bundled family, named by its content', () => {
    const sheet = canvasStylesheet();
    expect(sheet.file).toMatch(/^canvas\.[a-f0-9]{20}\.css$/);
    for (const family of BUNDLED_FAMILIES) {
      expect(sheet.css).toContain(
        `@font-face{font-family:"${family.name}";font-style:normal;font-weight:400;`,
      );
      expect(sheet.css).toContain(`@font-face{font-family:"${family.name} Fallback";src:local(`);
    }
    expect(sheet.css).toMatch(/url\("\/_site\/fonts\/inter-400-normal\.[a-f0-9]+\.woff2"\)/);
    expect(sheet.css).toContain('[data-canvas-selected]{outline:2px solid');
    expect(canvasStylesheet()).toEqual(sheet);
  });
});
