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

/**
 * Packages bundled in (docs/static-export.md, "Start-up"): pure JavaScript that a command loads at its start. As
 * separate modules, Node resolves, reads and compiles each of their files on every start (zod alone is 95 ES
 * modules, pg some 30 CommonJS ones); in the bundle they are a few chunks. The packages these import are bundled
 * with them, except Verso's own dependencies, which stay external unless listed here: a package Verso hands
 * objects to (ioredis to bentocache's Redis driver) must be one copy, and only an external one is one copy.
 */
const bundled = new Set([
  'zod',
  'hono',
  '@hono/zod-openapi',
  '@hono/node-server',
  'bentocache',
  'pg',
  'commander',
  'lru-cache',
  'ipaddr.js',
  'dataloader',
]);
/** Never bundled, whoever imports them: native addons, WebAssembly, or files read beside their own module. */
const neverBundled = new Set([
  'pg-native',
  'pg-cloudflare',
  'pino',
  'thread-stream',
  'sharp',
  'lightningcss',
  'esbuild',
]);
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const direct = new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})]);
const nameOf = (spec) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * The folder of the package a file belongs to, or null for Verso's own files (which, in an install, are under a
 * `node_modules/verso/` folder themselves).
 */
function packageFolder(path) {
  const own = path.startsWith(root) ? path.slice(root.length - 1) : path;
  const at = own.lastIndexOf('/node_modules/');
  if (at < 0) return null;
  const parts = own.slice(at + '/node_modules/'.length).split('/');
  const folder = `${own.slice(0, at)}/node_modules/${nameOf(parts.join('/'))}`;
  return own === path ? folder : join(root, folder);
}

const packagesOutside = {
  name: 'packages-outside',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || args.kind === 'entry-point') return undefined;
      const name = nameOf(args.path);
      const inside = bundled.has(name) || (packageFolder(args.importer) !== null && !direct.has(name));
      return inside && !neverBundled.has(name) ? undefined : { path: args.path, external: true };
    });
  },
};

/**
 * The packages a site project's compiled code imports as Verso's own copies (site/components/load-config.ts): one
 * zod (its registry) and one JSX runtime. Each is an entry of the bundle, `vendor-<specifier, / as __>.mjs`,
 * sharing its chunks with the CLI's code, so the project's `zod` is the CLI's `zod`.
 */
const vendored = [
  'zod',
  'hono',
  'hono/jsx',
  'hono/jsx/jsx-runtime',
  'hono/jsx/jsx-dev-runtime',
  'hono/html',
  'hono/utils/html',
];

/** A vendored module's name in the bundle's folder (without `.mjs`). */
const vendorName = (spec) => `vendor-${spec.replaceAll('/', '__')}`;

/**
 * A bundled package's files are stamped by its `package.json` alone (npm writes it again on every install or
 * update of the package): one stat per package instead of one per file (zod alone has 95).
 */
const stampedFile = (path) => {
  const folder = packageFolder(path);
  return folder ? join(folder, 'package.json') : path;
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
    entryPoints: [
      join(root, 'cli', 'main.ts'),
      join(root, 'cli', 'commands', 'build-worker.ts'),
      ...vendored.map((spec) => ({ in: spec, out: vendorName(spec) })),
    ],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // A CommonJS package bundled in (pg, commander) requires Node's own modules.
    banner: {
      js: "import { createRequire as __vr } from 'node:module'; const require = __vr(import.meta.url);",
    },
    tsconfig,
    splitting: true,
    outdir: join(dir, folder),
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    outExtension: { '.js': '.mjs' },
    metafile: true,
    logLevel: 'silent',
    plugins: [sourceUrls, packagesOutside],
  });
  // This file too: a change in how the bundle is made makes it again.
  const made = [
    fileURLToPath(import.meta.url),
    tsconfig,
    ...new Set(Object.keys(result.metafile.inputs).map((p) => stampedFile(join(root, p)))),
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
