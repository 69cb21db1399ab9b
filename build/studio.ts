import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { contentHash, strongEtag } from '../styles/content-hash.ts';
import { type AppBundle, type HashedStylesheet, hashedStylesheet } from './immutable-asset.ts';
import { BROWSER_BUILD, ScriptBudgetError, type ScriptBundle } from './islands.ts';

/**
 * The studio's files: its app (studio/app/main.tsx, hono/jsx/dom, with the real design schemas of
 * core/designs for checking edits before they reach the canvas) bundled by esbuild in memory, and its
 * stylesheet, each named by content hash under `/studio/assets/` and served immutable. The app is split
 * (ESM, `splitting`): the shell is the entry, each view (studio/app/shell/view-list.ts) a chunk loaded when
 * first shown, so the design view loads no rich-text editor (Tiptap). Over its gzipped budget the first view
 * (the entry, the design view and what they import statically) is an error, as the islands' and the canvas's are.
 */

export const STUDIO_URL_PREFIX = '/studio/assets/';

/**
 * Gzipped, the first view (shell and design view): hono/jsx/dom, zod and the design schemas of core/designs
 * (most of it), the design editor (~117 KB today). Issue 37 allows 250 KB for the first view.
 */
export const STUDIO_BUDGET_BYTES = 160 * 1024;

export interface StudioScripts {
  /** The entry (`studio.<hash>.js`): the shell. */
  script: ScriptBundle;
  /** The chunks it imports, statically or when a view is first shown (`studio-<name>.<HASH>.js`). */
  chunks: ScriptBundle[];
  /** What the design view costs to open: the entry, the design view and their static imports. */
  firstView: { gzipBytes: number; inputs: string[]; files: string[] };
}

export type StudioAssets = AppBundle & { chunks: ScriptBundle[] };

const entry = fileURLToPath(new URL('../studio/app/main.tsx', import.meta.url));
// One stylesheet, in this order (the cascade's): the studio's, then the content view's.
const cssFiles = ['../studio/app/studio.css', '../studio/app/content/content.css'].map((f) =>
  fileURLToPath(new URL(f, import.meta.url)),
);
const OUT = '/studio-out';

function asBundle(name: string, file: string, code: string): ScriptBundle {
  return {
    name,
    file,
    url: STUDIO_URL_PREFIX + file,
    code,
    gzipBytes: gzipSync(code, { level: 9 }).length,
    etag: strongEtag(code),
  };
}

/** The output files an output needs before it runs: itself and its static imports, transitively. */
function staticClosure(meta: Metafile, start: string, into = new Set<string>()): Set<string> {
  if (into.has(start) || !meta.outputs[start]) return into;
  into.add(start);
  for (const i of meta.outputs[start]!.imports)
    if (i.kind === 'import-statement' && !i.external) staticClosure(meta, i.path, into);
  return into;
}

export async function bundleStudioScript(budgetBytes = STUDIO_BUDGET_BYTES): Promise<StudioScripts> {
  const result = await build({
    entryPoints: [entry],
    ...BROWSER_BUILD,
    splitting: true,
    metafile: true,
    outdir: OUT,
    entryNames: 'studio',
    chunkNames: 'studio-[name].[hash]',
    jsx: 'automatic',
    jsxImportSource: 'hono/jsx/dom',
  });
  const meta = result.metafile;
  const key = (abs: string) =>
    Object.keys(meta.outputs).find((k) => abs.endsWith(k.replace(/^.*studio-out/, '')))!;
  let main: ScriptBundle | null = null;
  const chunks: ScriptBundle[] = [];
  const byKey = new Map<string, ScriptBundle>();
  for (const out of result.outputFiles) {
    if (!out.path.endsWith('.js')) continue;
    const name = basename(out.path);
    const bundle =
      name === 'studio.js'
        ? asBundle('studio', `studio.${contentHash(out.text)}.js`, out.text)
        : asBundle(name.replace(/\.[A-Z0-9]+\.js$/, ''), name, out.text);
    if (name === 'studio.js') main = bundle;
    else chunks.push(bundle);
    byKey.set(key(out.path), bundle);
  }
  if (!main) throw new Error('esbuild wrote no studio entry');
  const entryKey = Object.keys(meta.outputs).find((k) => k.endsWith('/studio.js'))!;
  const designKey = Object.keys(meta.outputs).find((k) =>
    Object.keys(meta.outputs[k]!.inputs).some((i) => i.endsWith('studio/app/design/design-view.tsx')),
  );
  const first = staticClosure(meta, entryKey);
  if (designKey) staticClosure(meta, designKey, first);
  const files = [...first].map((k) => byKey.get(k)!).filter(Boolean);
  const gzipBytes = files.reduce((n, b) => n + b.gzipBytes, 0);
  if (gzipBytes > budgetBytes) throw new ScriptBudgetError('studio (first view)', gzipBytes, budgetBytes);
  const inputs = [...first].flatMap((k) => Object.keys(meta.outputs[k]!.inputs));
  return { script: main, chunks, firstView: { gzipBytes, inputs, files: files.map((f) => f.file) } };
}

export function studioStylesheet(): HashedStylesheet {
  const css = cssFiles.map((f) => readFileSync(f, 'utf8')).join('\n');
  return hashedStylesheet('studio', STUDIO_URL_PREFIX, css);
}

let loading: Promise<StudioAssets> | undefined;

/** The studio of this process, bundled on first use. */
export function loadStudio(): Promise<StudioAssets> {
  loading ??= bundleStudioScript().then(({ script, chunks }) => ({
    script,
    chunks,
    stylesheet: studioStylesheet(),
  }));
  return loading;
}
