#!/usr/bin/env node
// The CLI as one esbuild bundle (docs/static-export.md, "Start-up"): through tsx, a command first loads some 470
// TypeScript modules, each a round trip to tsx's loader thread (about 2 s of a 3.5 s `verso build-site` of a
// space where nothing changed, on this two-core machine); the bundle loads in a fraction of that. It is made on
// first use into `.verso/cli/` (inside the checkout, so its packages resolve from node_modules) and made again
// when any source it was made from changed (size or mtime: some 470 stats, 15–30 ms on a loaded machine). `node
// bin/cli-bundle.mjs` makes it ahead of time (the Dockerfile does, where the code is read-only at run time).
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsconfig = join(root, 'tsconfig.json');
/** Where the bundle is kept; a folder inside the checkout (its packages resolve from node_modules). */
export const bundleDir = join(root, '.verso', 'cli');

/** The bundle's file in `dir` when every source it was made from is as it was then; else null. */
export function currentBundle(dir = bundleDir) {
  try {
    const { bundle, inputs } = JSON.parse(readFileSync(join(dir, 'bundle.json'), 'utf8'));
    for (const [path, size, mtime] of inputs) {
      const s = statSync(path);
      if (s.size !== size || s.mtimeMs !== mtime) return null;
    }
    return join(dir, bundle);
  } catch {
    return null;
  }
}

/**
 * A module's `import.meta.url` stays its source file's: code finds files beside it (migrations, islands, the
 * demo) by it, and the bundle sits elsewhere.
 */
const sourceUrls = {
  name: 'source-urls',
  setup(b) {
    b.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      return {
        contents: text
          .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
          .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path))),
        loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts',
      };
    });
  },
};

/** Makes the bundle; written under a name of its own, then named in `bundle.json` by a rename (atomic). */
export async function makeBundle(dir = bundleDir) {
  const { build } = await import('esbuild');
  const index = join(dir, 'bundle.json');
  mkdirSync(dir, { recursive: true });
  // Split at every dynamic import (each command's action, lazy parts): a command loads only its own modules and
  // the packages they import, not every package of the CLI (bullmq, graphql-yoga, sharp: each 0.1–0.5 s of CPU).
  const folder = `main-${randomBytes(6).toString('hex')}`;
  const bundle = `${folder}/main.mjs`;
  const result = await build({
    absWorkingDir: root,
    // The render threads' module (cli/commands/build-worker.ts) beside `main.mjs`, sharing its chunks.
    entryPoints: [join(root, 'cli', 'main.ts'), join(root, 'cli', 'commands', 'build-worker.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    tsconfig,
    splitting: true,
    outdir: join(dir, folder),
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    outExtension: { '.js': '.mjs' },
    metafile: true,
    logLevel: 'silent',
    plugins: [sourceUrls],
  });
  // This file too: a change in how the bundle is made makes it again.
  const made = [
    fileURLToPath(import.meta.url),
    tsconfig,
    ...Object.keys(result.metafile.inputs).map((p) => join(root, p)),
  ];
  const inputs = made.map((path) => {
    const s = statSync(path);
    return [path, s.size, s.mtimeMs];
  });
  const tmp = `${index}.${randomBytes(4).toString('hex')}`;
  writeFileSync(tmp, JSON.stringify({ bundle, inputs }));
  renameSync(tmp, index);
  // Older bundles go after an hour: a command still running from one loads its chunks as it needs them (sharp at a
  // build's first image variant, minutes in), so its folder must outlive the longest build, not only its start.
  for (const name of readdirSync(dir))
    if (
      name.startsWith('main-') &&
      name !== bundle &&
      Date.now() - statSync(join(dir, name)).mtimeMs > 3_600_000
    )
      rmSync(join(dir, name), { recursive: true, force: true });
  return join(dir, bundle);
}

/** The CLI's `main` from the bundle (made or made again as needed); null when it cannot be made here. */
export async function bundledMain() {
  try {
    const file = currentBundle() ?? (await makeBundle());
    // The code's identity: the sources it was made from, by size and mtime (a bundle made again from the same
    // files is the same code). Values derived by this code may be kept on disk under it (site/pipeline/disk-memo.ts).
    const { inputs } = JSON.parse(readFileSync(join(bundleDir, 'bundle.json'), 'utf8'));
    globalThis[Symbol.for('verso.cliBundle')] = createHash('sha256')
      .update(JSON.stringify(inputs))
      .digest('hex');
    // Where the bundle is, for the commands that start threads from a module of it (cli/commands/build-pool.ts).
    globalThis[Symbol.for('verso.cliBundleFile')] = file;
    const { main } = await import(pathToFileURL(file).href);
    return main;
  } catch {
    return null;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.stdout.write(`${await makeBundle()}\n`);
}
