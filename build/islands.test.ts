import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { islandNames } from '../islands/contract.ts';
import {
  buildIslands,
  bundleScript,
  islandRoutes,
  islandScripts,
  SCRIPT_BUDGETS,
  ScriptBudgetError,
} from './islands.ts';

describe('island bundles', () => {
  it('bundles every island as minified ESM named by its content hash, within budget', async () => {
    const bundles = await buildIslands();
    expect([...bundles.keys()]).toEqual([...islandNames]);
    for (const [name, b] of bundles) {
      expect(b.file).toMatch(new RegExp(`^${name}\\.[a-f0-9]{20}\\.js$`));
      expect(b.url).toBe(`/_site/islands/${b.file}`);
      expect(b.gzipBytes).toBe(gzipSync(b.code, { level: 9 }).length);
      expect(b.gzipBytes).toBeLessThanOrEqual(SCRIPT_BUDGETS.island);
      // Minified and self-contained: no import statements left, no source comments.
      expect(b.code).not.toMatch(/^\s*import\s/m);
      expect(b.code).not.toContain('/**');
    }
    // Same sources, same names.
    expect([...(await buildIslands()).values()].map((b) => b.file)).toEqual(
      [...bundles.values()].map((b) => b.file),
    );
  });

  it('fails the build when a script is over its gzipped budget', async () => {
    const noise = randomBytes(6 * 1024).toString('base64');
    const oversized = bundleScript({
      name: 'huge',
      entry: {
        contents: `import { ISLAND_ATTR } from './contract.ts';\nconsole.log(ISLAND_ATTR, ${JSON.stringify(noise)});`,
      },
      budgetBytes: SCRIPT_BUDGETS.island,
    });
    await expect(oversized).rejects.toBeInstanceOf(ScriptBudgetError);
    await expect(oversized).rejects.toThrow(/^huge is \d+ bytes gzipped, over its budget of 4096$/);
    const small = await bundleScript({
      name: 'small',
      entry: { contents: 'console.log(1)' },
      budgetBytes: 100,
    });
    expect(small.code).toBe('console.log(1);\n');
  });

  it('names the scripts of the islands a page uses, in a stable order', async () => {
    const bundles = await buildIslands();
    expect(islandScripts(bundles, [])).toEqual([]);
    expect(islandScripts(bundles, ['form', 'menu', 'form'])).toEqual([
      bundles.get('menu')!.url,
      bundles.get('form')!.url,
    ]);
  });

  it('serves bundles as immutable JavaScript and nothing else', async () => {
    const bundles = await buildIslands();
    const app = islandRoutes(bundles);
    const menu = bundles.get('menu')!;
    const res = await app.request(menu.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe(menu.code);
    expect((await app.request(menu.url, { headers: { 'If-None-Match': menu.etag } })).status).toBe(304);
    expect((await app.request(menu.url.replace(/\.[a-f0-9]+\.js$/, '.0123456789abcdef0123.js'))).status).toBe(
      404,
    );
    expect((await app.request('/_site/islands/menu.ts')).status).toBe(404);
  });
});
