import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cachedEsbuild } from './build-cache.ts';

const dir = mkdtempSync(join(tmpdir(), 'verso-build-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('cachedEsbuild', () => {
  it('answers from disk while the files read are unchanged, and builds again when one changes', async () => {
    const entry = join(dir, 'entry.ts');
    const dep = join(dir, 'dep.ts');
    writeFileSync(entry, `import { n } from './dep.ts';\nexport const value = n + 1;\n`);
    writeFileSync(dep, 'export const n = 1;\n');
    const options = { entryPoints: [entry], absWorkingDir: dir, bundle: true, format: 'esm' as const };
    const first = await cachedEsbuild(options);
    expect(first.outputs[0]).toContain('n = 1');
    expect(first.inputs.sort()).toEqual([dep, entry].sort());
    const again = await cachedEsbuild(options);
    expect(again).toEqual(first);
    // A changed import (another size) is noticed, not only the entry.
    writeFileSync(dep, 'export const n = 42;\n');
    expect((await cachedEsbuild(options)).outputs[0]).toContain('n = 42');
  });

  it('does not keep a failed build', async () => {
    const entry = join(dir, 'broken.ts');
    writeFileSync(entry, 'export const = ;\n');
    const options = { entryPoints: [entry], absWorkingDir: dir, bundle: true, logLevel: 'silent' as const };
    await expect(cachedEsbuild(options)).rejects.toThrow();
    writeFileSync(entry, 'export const fixed = 1;\n');
    expect((await cachedEsbuild(options)).outputs[0]).toContain('fixed');
  });
});
