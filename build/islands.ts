import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { BuildOptions } from 'esbuild';
import { Hono } from 'hono';
import { type IslandName, islandNames } from '../islands/contract.ts';
import { contentHash, strongEtag } from '../styles/content-hash.ts';
import { cachedEsbuild } from './build-cache.ts';
import { immutableAsset } from './immutable-asset.ts';

/**
 * The browser scripts of the site: each island bundled by esbuild (ESM, minified, ES2020) in memory,
 * named by its content hash and served as `/_site/islands/<name>.<hash>.js`. Bundling takes
 * milliseconds, so a process bundles at start and needs no build step; `verso build` writes the same
 * files to dist/. A bundle over its gzipped budget is an error, never a warning.
 */

/** Gzipped byte budgets: each island, and the canvas app when it comes. */
export const SCRIPT_BUDGETS = { island: 4 * 1024, canvas: 40 * 1024 } as const;

export const ISLAND_URL_PREFIX = '/_site/islands/';

export interface ScriptBundle {
  name: string;
  /** `<name>.<hash>.js` */
  file: string;
  url: string;
  code: string;
  gzipBytes: number;
  etag: string;
}

export class ScriptBudgetError extends Error {
  constructor(
    readonly bundle: string,
    readonly gzipBytes: number,
    readonly budgetBytes: number,
  ) {
    super(`${bundle} is ${gzipBytes} bytes gzipped, over its budget of ${budgetBytes}`);
    this.name = 'ScriptBudgetError';
  }
}

export interface BundleArgs {
  name: string;
  /** A TypeScript file, or source text (resolved from islands/). */
  entry: { path: string } | { contents: string };
  budgetBytes: number;
  /** Where the served file lives: `/_site/islands/` for islands, `/_site/` for the canvas. */
  urlPrefix?: string;
  /** esbuild options beyond the shared ones (the canvas compiles JSX for hono/jsx/dom and swaps zod). */
  esbuild?: Pick<BuildOptions, 'jsx' | 'jsxImportSource' | 'plugins'>;
}

/** What every browser script shares: one minified ES2020 module per entry, kept in memory. */
export const BROWSER_BUILD = {
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2020',
  minify: true,
  legalComments: 'none',
  write: false,
  logLevel: 'silent',
} satisfies BuildOptions;

const islandsDir = fileURLToPath(new URL('../islands/', import.meta.url));

export async function bundleScript(args: BundleArgs): Promise<ScriptBundle> {
  // Kept between starts (build/build-cache.ts): every process bundled every island again.
  const result = await cachedEsbuild({
    ...('path' in args.entry
      ? { entryPoints: [args.entry.path] }
      : { stdin: { contents: args.entry.contents, loader: 'ts', resolveDir: islandsDir } }),
    ...BROWSER_BUILD,
    ...args.esbuild,
  });
  const code = result.outputs[0]!;
  const gzipBytes = gzipSync(code, { level: 9 }).length;
  if (gzipBytes > args.budgetBytes) throw new ScriptBudgetError(args.name, gzipBytes, args.budgetBytes);
  const file = `${args.name}.${contentHash(code)}.js`;
  return {
    name: args.name,
    file,
    url: (args.urlPrefix ?? ISLAND_URL_PREFIX) + file,
    code,
    gzipBytes,
    etag: strongEtag(code),
  };
}

export type IslandBundles = ReadonlyMap<IslandName, ScriptBundle>;

export async function buildIslands(): Promise<IslandBundles> {
  const bundles = await Promise.all(
    islandNames.map((name) =>
      bundleScript({ name, entry: { path: `${islandsDir}${name}.ts` }, budgetBytes: SCRIPT_BUDGETS.island }),
    ),
  );
  return new Map(bundles.map((b) => [b.name as IslandName, b]));
}

let loading: Promise<IslandBundles> | undefined;

/** The islands of this process, bundled on first use. */
export function loadIslands(): Promise<IslandBundles> {
  loading ??= buildIslands();
  return loading;
}

/**
 * The islands of the project's code components (verso.config.ts), bundled when the config loads and
 * again on each `verso dev` rebuild: a changed module gets a new hashed address.
 */
const projectIslands = new Map<string, ScriptBundle>();

export function setProjectIslands(bundles: readonly ScriptBundle[]): void {
  projectIslands.clear();
  for (const b of bundles) projectIslands.set(b.name, b);
}

/** The script addresses for the islands a page contains, in a stable order (`<script type="module" src>`). */
export function islandScripts(bundles: IslandBundles, used: Iterable<string>): string[] {
  const wanted = new Set(used);
  const builtin = islandNames.filter((n) => wanted.has(n)).map((n) => bundles.get(n)!.url);
  const project = [...wanted]
    .filter((n) => projectIslands.has(n) && !(islandNames as readonly string[]).includes(n))
    .sort()
    .map((n) => projectIslands.get(n)!.url);
  return [...builtin, ...project];
}

/** `GET /_site/islands/<name>.<hash>.js`: immutable JavaScript; any other name is a 404. */
export function islandRoutes(bundles: IslandBundles): Hono {
  const byFile = new Map([...bundles.values()].map((b) => [b.file, b]));
  const app = new Hono();
  app.get('/_site/islands/:file{[a-z][a-z0-9-]*\\.[a-f0-9]+\\.js}', (c) => {
    const file = c.req.param('file');
    const bundle = byFile.get(file) ?? [...projectIslands.values()].find((b) => b.file === file);
    if (!bundle) return c.notFound();
    return immutableAsset(c, {
      body: bundle.code,
      contentType: 'text/javascript; charset=utf-8',
      etag: bundle.etag,
    });
  });
  return app;
}
