import { describe, expect, it } from 'vitest';
import { ScriptBudgetError } from './islands.ts';
import { bundleStudioScript, STUDIO_BUDGET_BYTES, STUDIO_URL_PREFIX, studioStylesheet } from './studio.ts';

describe('the studio bundle', () => {
  it('is minified ES modules, the first view under its gzipped budget, named by hash under /studio/assets/', async () => {
    const { script, chunks, firstView } = await bundleStudioScript();
    expect(firstView.gzipBytes).toBeLessThanOrEqual(STUDIO_BUDGET_BYTES);
    expect(script.url).toBe(`${STUDIO_URL_PREFIX}${script.file}`);
    expect(script.file).toMatch(/^studio\.[a-f0-9]+\.js$/);
    for (const c of chunks) expect(c.file).toMatch(/^studio-[a-z-]+\.[A-Z0-9]+\.js$/);
    // The browser build: hono/jsx/dom, no Node built-ins.
    for (const code of [script.code, ...chunks.map((c) => c.code)]) expect(code).not.toMatch(/from\s*"node:/);
    await expect(bundleStudioScript(1024)).rejects.toBeInstanceOf(ScriptBudgetError);
  });

  it('splits the views: the design view loads no rich-text editor, the content view its own chunk', async () => {
    const { chunks, firstView } = await bundleStudioScript();
    expect(firstView.inputs.some((i) => i.includes('studio/app/design/design-view.tsx'))).toBe(true);
    expect(firstView.inputs.filter((i) => /@tiptap|prosemirror|studio\/app\/content\//.test(i))).toEqual([]);
    expect(chunks.some((c) => c.file.startsWith('studio-content-view.'))).toBe(true);
  });

  it('has a content-hashed stylesheet', () => {
    const css = studioStylesheet();
    expect(css.file).toMatch(/^studio\.[a-f0-9]+\.css$/);
    expect(css.css).toContain('.canvas-box');
    expect(css.etag).toMatch(/^"/);
  });
});
