import { describe, expect, it } from 'vitest';
import { ScriptBudgetError } from './islands.ts';
import { bundleStudioScript, STUDIO_BUDGET_BYTES, STUDIO_URL_PREFIX, studioStylesheet } from './studio.ts';

describe('the studio bundle', () => {
  it('is one minified ES module under its gzipped budget, named by its hash under /studio/assets/', async () => {
    const script = await bundleStudioScript();
    expect(script.gzipBytes).toBeLessThanOrEqual(STUDIO_BUDGET_BYTES);
    expect(script.url).toBe(`${STUDIO_URL_PREFIX}${script.file}`);
    expect(script.file).toMatch(/^studio\.[a-f0-9]+\.js$/);
    // The browser build: hono/jsx/dom, no Node built-ins.
    expect(script.code).not.toMatch(/from\s*"node:/);
    await expect(bundleStudioScript(1024)).rejects.toBeInstanceOf(ScriptBudgetError);
  });

  it('has a content-hashed stylesheet', () => {
    const css = studioStylesheet();
    expect(css.file).toMatch(/^studio\.[a-f0-9]+\.css$/);
    expect(css.css).toContain('.canvas-box');
    expect(css.etag).toMatch(/^"/);
  });
});
