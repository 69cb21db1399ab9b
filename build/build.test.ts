import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildAssets } from './build.ts';
import { buildIslands } from './islands.ts';

describe('verso build', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('writes each island and a manifest of their files and sizes', async () => {
    dir = mkdtempSync(join(tmpdir(), 'verso-build-'));
    const manifest = await buildAssets({ outDir: dir });
    const bundles = await buildIslands();
    expect(JSON.parse(readFileSync(join(dir, 'site', 'manifest.json'), 'utf8'))).toEqual(manifest);
    expect(readdirSync(join(dir, 'site', 'islands')).sort()).toEqual(
      [...bundles.values()].map((b) => b.file).sort(),
    );
    for (const b of bundles.values()) {
      expect(readFileSync(join(dir, 'site', 'islands', b.file), 'utf8')).toBe(b.code);
    }
  });
});
