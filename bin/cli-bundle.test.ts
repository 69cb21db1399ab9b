import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleDir, currentBundle, makeBundle } from './cli-bundle.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// Inside the checkout, as the real one: the bundle's packages resolve from node_modules.
const dir = `${bundleDir}-test-${randomBytes(4).toString('hex')}`;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the CLI bundle verso commands run from', () => {
  it('is made from the sources, kept while they are unchanged, made again when one changed', async () => {
    expect(currentBundle(dir)).toBeNull();
    const file = await makeBundle(dir);
    expect(currentBundle(dir)).toBe(file);
    const index = JSON.parse(readFileSync(join(dir, 'bundle.json'), 'utf8')) as {
      bundle: string;
      inputs: Array<[string, number, number]>;
    };
    const inputs = index.inputs.map(([path]) => path);
    for (const source of [
      'bin/cli-bundle.mjs',
      'tsconfig.json',
      'cli/main.ts',
      'site/export/build-site.ts',
      'cli/app.ts',
    ])
      expect(inputs).toContain(join(root, source));
    // Every module keeps its own file's `import.meta.url`: migrations, islands and the demo are found beside it.
    // The bundle is split at dynamic imports: its main module and the chunks beside it.
    const chunks = readdirSync(dirname(file)).filter((name) => name.endsWith('.mjs'));
    expect(chunks).toContain('main.mjs');
    expect(chunks.length).toBeGreaterThan(1);
    // Each module's first line is the banner that gives bundled CommonJS packages `require`.
    const text = chunks
      .map((name) =>
        readFileSync(join(dirname(file), name), 'utf8')
          .split('\n')
          .slice(1)
          .join('\n'),
      )
      .join('\n');
    expect(text).not.toContain('import.meta.url');
    // Pure JavaScript packages are in the bundle, stamped by their package.json; native ones stay outside.
    expect(text).not.toMatch(/from "(zod|hono|pg|bentocache)(\/[^"]*)?"/);
    expect(text).toMatch(/from "lightningcss"/);
    expect(inputs.filter((p) => p.endsWith('/node_modules/zod/package.json'))).toHaveLength(1);
    expect(inputs.filter((p) => p.includes('/node_modules/') && !p.endsWith('/package.json'))).toEqual([]);
    // A site project imports the bundle's own zod and hono (site/components/load-config.ts).
    expect(chunks).toEqual(expect.arrayContaining(['vendor-zod.mjs', 'vendor-hono__jsx__jsx-runtime.mjs']));
    expect(text).toContain(JSON.stringify(pathToFileURL(join(root, 'core/db/migrations.ts')).href));
    // One source changed (here a stand-in listed among the inputs): the bundle is no longer current.
    const source = join(dir, 'source.ts');
    writeFileSync(source, 'export const a = 1;\n');
    const s = statSync(source);
    writeFileSync(
      join(dir, 'bundle.json'),
      JSON.stringify({ ...index, inputs: [...index.inputs, [source, s.size, s.mtimeMs]] }),
    );
    expect(currentBundle(dir)).toBe(file);
    writeFileSync(source, 'export const a = 12;\n');
    expect(currentBundle(dir)).toBeNull();
    // A source gone: not current either.
    rmSync(source);
    expect(currentBundle(dir)).toBeNull();
  }, 60_000);
});
