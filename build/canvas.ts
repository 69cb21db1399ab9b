import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';
import { BUNDLED_FAMILIES, defaultTheme, type Theme } from '../core/designs/index.ts';
import { fontFaceCss } from '../fonts/font-face-css.ts';
import { type AppBundle, type HashedStylesheet, hashedStylesheet } from './immutable-asset.ts';
import { bundleScript, SCRIPT_BUDGETS, type ScriptBundle } from './islands.ts';

/**
 * The design canvas's files: the app (site/canvas/app.tsx) bundled by esbuild for the browser with the
 * site's components compiled against hono/jsx/dom, served as `/_site/canvas.<hash>.js`, and its
 * stylesheet `/_site/canvas.<hash>.css` (the faces of every bundled family, since the canvas cannot know
 * in advance which a theme picks, and the outlines of hovered and selected nodes). Bundled in memory
 * once per process, like the islands; over its gzipped budget the bundle is an error, never a warning.
 */

export const CANVAS_URL_PREFIX = '/_site/';

export type CanvasAssets = AppBundle;

const appEntry = fileURLToPath(new URL('../site/canvas/app.tsx', import.meta.url));
const passThrough = fileURLToPath(new URL('../site/canvas/zod-pass-through.ts', import.meta.url));
const noComponentCheck = fileURLToPath(new URL('../site/canvas/no-component-check.ts', import.meta.url));

/**
 * `zod` becomes a pass-through (site/canvas/zod-pass-through.ts says why); `zod/mini`, which the
 * canvas's own message schemas use, stays real. The component check, which only zod refinements run,
 * goes with it (site/canvas/no-component-check.ts).
 */
const zodPassThrough: Plugin = {
  name: 'zod-pass-through',
  setup(b) {
    b.onResolve({ filter: /^zod$/ }, () => ({ path: passThrough }));
    b.onResolve({ filter: /\/component-check\.ts$/ }, () => ({ path: noComponentCheck }));
  },
};

export interface CanvasScriptArgs {
  /** The app's entry; tests bundle others to check the budget. */
  entry?: string;
  budgetBytes?: number;
}

/** The canvas app as one minified ES module, measured against its gzipped budget. */
export function bundleCanvasScript(args: CanvasScriptArgs = {}): Promise<ScriptBundle> {
  return bundleScript({
    name: 'canvas',
    entry: { path: args.entry ?? appEntry },
    budgetBytes: args.budgetBytes ?? SCRIPT_BUDGETS.canvas,
    urlPrefix: CANVAS_URL_PREFIX,
    // The one component set, the browser's renderer: the same .tsx files the server renders with hono/jsx.
    esbuild: { jsx: 'automatic', jsxImportSource: 'hono/jsx/dom', plugins: [zodPassThrough] },
  });
}

/**
 * The canvas's own rules, outside the site's layers so they win: the root contains its children's
 * margins (the height it reports is all of the drawing), and outlines of what the editor points at and
 * what the admin selected (site/canvas/pointer.ts).
 */
const CANVAS_RULES =
  '#canvas{display:flow-root}' +
  '[data-canvas-hover]{outline:1px dashed #2563eb;outline-offset:-1px}' +
  '[data-canvas-selected]{outline:2px solid #2563eb;outline-offset:-2px}';

/** Every bundled family's faces and metric-matched fallback (as fonts/font-face-css.ts writes them), and the canvas's rules. */
export function canvasStylesheet(): HashedStylesheet {
  const faces = BUNDLED_FAMILIES.map((family) => {
    const font = { family: family.name };
    const theme: Theme = { ...defaultTheme, fonts: { body: font, heading: font, mono: font } };
    return fontFaceCss(theme, { uploadedFontUrl: () => '' });
  });
  return hashedStylesheet('canvas', CANVAS_URL_PREFIX, `${faces.join('\n')}\n${CANVAS_RULES}\n`);
}

export async function buildCanvas(): Promise<CanvasAssets> {
  return { script: await bundleCanvasScript(), stylesheet: canvasStylesheet() };
}

let loading: Promise<CanvasAssets> | undefined;

/** The canvas of this process, bundled on first use (a few hundred milliseconds). */
export function loadCanvas(): Promise<CanvasAssets> {
  loading ??= buildCanvas();
  return loading;
}
