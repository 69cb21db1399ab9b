/**
 * What the style pipeline costs on the demo space, in one process:
 *
 *   node bin/run-ts.mjs bench/styles.ts [--runs 50]
 *
 * - compileSiteCss of the demo's theme and designs (validation, generation, lightningcss): first run and
 *   median of the following runs; the result is compiled once per space, revision and schema version.
 * - compileInstanceCss of a page with five styled blocks (median), done once per distinct page styles.
 * - the stylesheet's size, raw and gzipped, and the island bundles with their budgets.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { buildIslands, SCRIPT_BUDGETS } from '../build/islands.ts';
import type { DesignRecord, Theme } from '../core/designs/index.ts';
import { fontFaceCss } from '../fonts/font-face-css.ts';
import { compileSiteCss } from '../styles/compile.ts';
import { compileInstanceCss } from '../styles/instance.ts';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1] || 50);

const space = JSON.parse(readFileSync(new URL('../demo/space.json', import.meta.url), 'utf8'));
const designs = space.website.designs as DesignRecord[];
const theme = designs.find((d) => d.kind === 'theme')!.published as Theme;
const input = {
  theme,
  designs,
  assetUrl: (id: string) => `/media/${id}/hero`,
  fontFaces: fontFaceCss(theme, { uploadedFontUrl: (id) => `/media/${id}` }),
};

function time<T>(fn: () => T): [number, T] {
  const start = performance.now();
  const value = fn();
  return [performance.now() - start, value];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const [first, site] = time(() => compileSiteCss(input));
const warm = Array.from({ length: runs }, () => time(() => compileSiteCss(input))[0]);
const blocks = Array.from({ length: 5 }, (_, i) => ({
  blockId: `b10c0000-0000-4000-8000-00000000000${i}`,
  style: { paddingY: 'space:12', background: 'color:surface', hide: { mobile: i % 2 === 0 } },
}));
const instance = Array.from(
  { length: runs },
  () => time(() => compileInstanceCss({ siteCss: site.css, blocks, theme, assetUrl: input.assetUrl }))[0],
);
const [bundleMs, islands] = await (async () => {
  const start = performance.now();
  const built = await buildIslands();
  return [performance.now() - start, built] as const;
})();

const ms = (n: number) => `${n.toFixed(1)} ms`;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const lines = [
  `site stylesheet, first compile   ${ms(first)}`,
  `site stylesheet, median of ${runs}    ${ms(median(warm))}`,
  `page stylesheet (5 blocks)       ${ms(median(instance))}`,
  `site stylesheet size             ${kb(site.css.length)} raw, ${kb(gzipSync(site.css).length)} gzipped`,
  `island bundling                  ${ms(bundleMs)}`,
  ...[...islands.values()].map(
    (b) => `island ${b.name.padEnd(26)}${b.gzipBytes} B gzipped (budget ${SCRIPT_BUDGETS.island} B)`,
  ),
];
process.stdout.write(`${lines.join('\n')}\n`);
