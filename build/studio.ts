import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type AppBundle, type HashedStylesheet, hashedStylesheet } from './immutable-asset.ts';
import { bundleScript, type ScriptBundle } from './islands.ts';

/**
 * The studio's files: its app (studio/app/main.tsx, hono/jsx/dom, with the real design schemas of
 * core/designs for checking edits before they reach the canvas) bundled by esbuild in memory, and its
 * stylesheet, each named by content hash under `/studio/assets/` and served immutable. Over its
 * gzipped budget the bundle is an error, as the islands' and the canvas's are.
 */

export const STUDIO_URL_PREFIX = '/studio/assets/';

/** Gzipped: hono/jsx/dom, zod and the design schemas of core/designs (most of it), the editor (~117 KB today). */
export const STUDIO_BUDGET_BYTES = 160 * 1024;

export type StudioAssets = AppBundle;

const entry = fileURLToPath(new URL('../studio/app/main.tsx', import.meta.url));
const cssFile = fileURLToPath(new URL('../studio/app/studio.css', import.meta.url));

export function bundleStudioScript(budgetBytes = STUDIO_BUDGET_BYTES): Promise<ScriptBundle> {
  return bundleScript({
    name: 'studio',
    entry: { path: entry },
    budgetBytes,
    urlPrefix: STUDIO_URL_PREFIX,
    esbuild: { jsx: 'automatic', jsxImportSource: 'hono/jsx/dom' },
  });
}

export function studioStylesheet(): HashedStylesheet {
  return hashedStylesheet('studio', STUDIO_URL_PREFIX, readFileSync(cssFile, 'utf8'));
}

let loading: Promise<StudioAssets> | undefined;

/** The studio of this process, bundled on first use. */
export function loadStudio(): Promise<StudioAssets> {
  loading ??= bundleStudioScript().then((script) => ({ script, stylesheet: studioStylesheet() }));
  return loading;
}
