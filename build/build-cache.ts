import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildOptions, Plugin } from 'esbuild';
import { writeWhole } from '../core/write-whole.ts';

/**
 * esbuild's answers kept on disk between processes (docs/static-export.md, "Start-up"): every start of a command
 * compiled the site project and bundled the islands again (loading esbuild, starting its service, some 50–100 ms
 * of a `verso build-site --incremental` that rewrites a few files). An answer is kept under the hash of its
 * options with the size and mtime of every file it read, as the CLI bundle is (bin/cli-bundle.mjs): a changed
 * file makes it again. Kept in `.verso/cache/esbuild/` of the checkout; where that cannot be written (a read-only
 * install), nothing is kept and each start compiles as before.
 */

/** What callers read of a build: the output texts and the files it read (absolute). */
export interface CachedBuild {
  outputs: string[];
  inputs: string[];
}

const cacheDir = fileURLToPath(new URL('../.verso/cache/esbuild/', import.meta.url));

/** esbuild's own version is part of the key: another version may emit other bytes. */
let esbuildVersion: string | undefined;
function versionOfEsbuild(): string {
  esbuildVersion ??= (
    JSON.parse(readFileSync(fileURLToPath(import.meta.resolve('esbuild/package.json')), 'utf8')) as {
      version: string;
    }
  ).version;
  return esbuildVersion;
}

/** Plugins are code: their name and the text of their `setup` are in the key, so an edited plugin builds again. */
function keyOf(options: BuildOptions): string {
  const json = JSON.stringify(options, (k, v) =>
    k === 'plugins' ? (v as Plugin[]).map((p) => `${p.name}:${p.setup.toString()}`) : v,
  );
  return createHash('sha256').update(versionOfEsbuild()).update('\0').update(json).digest('hex');
}

type Stamp = [path: string, size: number, mtimeMs: number];

function fresh(stamps: Stamp[]): boolean {
  for (const [path, size, mtime] of stamps) {
    try {
      const s = statSync(path);
      if (s.size !== size || s.mtimeMs !== mtime) return false;
    } catch {
      return false;
    }
  }
  return true;
}

/**
 * esbuild's `build` with `write: false` and `metafile: true`, answered from disk when every file the kept answer
 * read is as it was.
 */
export async function cachedEsbuild(options: BuildOptions): Promise<CachedBuild> {
  const file = join(cacheDir, `${keyOf(options)}.json`);
  try {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { stamps: Stamp[]; outputs: string[] };
    if (fresh(kept.stamps)) return { outputs: kept.outputs, inputs: kept.stamps.map((s) => s[0]) };
  } catch {
    // Not kept yet, or unreadable: built below.
  }
  // esbuild's module only when something is compiled.
  const { build } = await import('esbuild');
  const result = await build({ ...options, write: false, metafile: true });
  const base = options.absWorkingDir ?? process.cwd();
  const inputs = Object.keys(result.metafile.inputs)
    // Inputs of `stdin` and plugin namespaces are no files; stdin's contents are in the key.
    .filter((p) => !p.startsWith('<') && !/^[a-z-]+:/.test(p))
    .map((p) => resolve(base, p));
  const outputs = (result.outputFiles ?? []).map((f) => f.text);
  try {
    const stamps: Stamp[] = inputs.map((path) => {
      const s = statSync(path);
      return [path, s.size, s.mtimeMs];
    });
    writeWhole(file, JSON.stringify({ stamps, outputs }));
  } catch {
    // A read-only checkout: nothing kept.
  }
  return { outputs, inputs };
}
