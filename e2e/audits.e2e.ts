import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpuSlowdownFor } from '../core/testing/cpu-slowdown.ts';
import { freePort, runVerso } from '../core/testing/processes.ts';
import { compressLikeAHost, staticHost } from '../site/export/static-host.ts';
import {
  axeViolations,
  hostBenchmarkIndex,
  type LighthouseScores,
  lighthouseScores,
  vnuMessages,
} from './support/audits.ts';
import { launchChromium, watchedPage } from './support/browser.ts';
import { waitForQuietMachine } from './support/quiet-machine.ts';
import { hostUrl, type Stack, servicesConfigured, startStack } from './support/stack.ts';

// Browser audits of the demo on a real `verso serve` website process (docs/operations.md, "Audits"):
// Lighthouse (both presets: mobile, with simulated slow 4G and the CPU slowdown that makes this host emulate its
// phone, and desktop) 100 in accessibility,
// best practices and SEO and at least 95 in performance; axe-core without violations at phone and
// desktop width; the Nu HTML Checker without errors; no console error and no CSP violation.

// Lighthouse's guidance on variance (docs/variability.md): judge performance by the median of five runs (ended
// as soon as three agree, which decides that median). With
// three, one run slowed by a busy CI machine (total blocking time) decided the result.
const RUNS = 5;
const PERFORMANCE_TARGET = 95;

let stack: Stack | undefined;
let browser: Browser;
let debuggingPort: number;
let site: string;
let exported: { url: string; server: Server } | undefined;

beforeAll(async () => {
  stack = await startStack({ website: 1 });
  if (!stack) return;
  site = stack.urls.website[0]!;
  debuggingPort = await freePort();
  browser = await launchChromium([`--remote-debugging-port=${debuggingPort}`]);
  // The static export of the same demo (docs/static-export.md), served as a static host serves it.
  const dir = mkdtempSync(join(tmpdir(), 'verso-export-audit-'));
  const out = join(dir, 'site');
  exported = await staticHost(out);
  const built = await runVerso(['build-site', 'demo', '--out', out, '--base-url', exported.url], stack.env);
  if (built.code !== 0) throw new Error(`verso build-site failed:\n${built.stderr}`);
  compressLikeAHost(out);
}, 300_000);

afterAll(async () => {
  exported?.server.close();
  await browser?.close();
  await stack?.stop();
});

const livePages = () => [
  { name: 'the home page', url: `${site}/` },
  { name: 'a blog post', url: `${site}/blog/why-we-roast-lighter` },
  { name: 'the German about page', url: hostUrl(site, 'de.localhost', '/ueber-uns') },
  // The demo project's code component with its island (issue 38, docs/components.md "The demo").
  { name: 'a coffee page with the brew-ratio component', url: `${site}/coffees/huila-finca-el-mirador` },
];

const exportedPages = () => [
  { name: 'the exported home page', url: `${exported!.url}/` },
  { name: 'an exported blog post', url: `${exported!.url}/blog/why-we-roast-lighter` },
  { name: 'the exported German about page', url: `${exported!.url}/de/ueber-uns` },
];

/**
 * One Lighthouse run. The mobile preset's CPU slowdown is calibrated to the host's benchmark index, measured
 * just before the run (`cpuSlowdownFor`): the default 4x emulates its phone only on a host of index ~1533, and
 * the CI machines measure from 960 to 2700. A run that Lighthouse itself reports as failed (`runtimeError`:
 * its categories then score null, read as 0) is a failed measurement, not a score: it is logged and measured
 * once more.
 */
async function measured(url: string, preset: Preset): Promise<Measured> {
  const machine = await waitForQuietMachine();
  const hostIndex = preset === 'mobile' ? await hostBenchmarkIndex(browser) : undefined;
  const cpuSlowdown = hostIndex === undefined ? 1 : cpuSlowdownFor(hostIndex);
  const host = { machine, hostIndex, cpuSlowdown };
  const first = await lighthouseScores(url, debuggingPort, preset, cpuSlowdown);
  if (!first.runtimeError) return { ...first, ...host };
  process.stdout.write(`[lighthouse] ${url}: the run failed (${first.runtimeError}); measuring again\n`);
  return { ...(await lighthouseScores(url, debuggingPort, preset, cpuSlowdown)), ...host };
}

/** A run with the state of the machine just before it: a slow run on a busy machine says so in the report. */
type Measured = LighthouseScores & {
  machine: Awaited<ReturnType<typeof waitForQuietMachine>>;
  /** The host's benchmark index measured before a mobile run, and the CPU slowdown it gave. */
  hostIndex?: number;
  cpuSlowdown: number;
};

const machineNote = ({ machine, benchmarkIndex, hostIndex, cpuSlowdown }: Measured) =>
  ` (cpu ${Math.round(machine.busy * 100)}% busy after ${machine.waitedMs} ms, benchmark ${benchmarkIndex}` +
  (hostIndex === undefined ? '' : `, host ${hostIndex} so ${cpuSlowdown}x cpu`) +
  (machine.busiest ? `; busiest: ${machine.busiest}` : '') +
  ')';

type Preset = 'mobile' | 'desktop';
/**
 * Both of Lighthouse's presets, with the same bars. Mobile (simulated slow 4G, CPU slowdown by host) varies from
 * run to run, so its performance is the median of five runs; desktop varies little and runs once.
 */
const presets: Array<{ preset: Preset; runs: number }> = [
  { preset: 'mobile', runs: RUNS },
  { preset: 'desktop', runs: 1 },
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * The same bars for the live site and its static export, both judged by the median of five mobile runs: with
 * three, one busy moment of a two-CPU CI machine (total blocking time) decided the median (CI, 2026-11-25).
 */
function auditSuite(title: string, count: number, pages: () => Array<{ name: string; url: string }>) {
  describe.skipIf(!servicesConfigured())(title, () => {
    for (let index = 0; index < count; index++) {
      describe(`page ${index + 1}`, () => {
        it('has no axe violations at phone and desktop width, valid HTML, and no console or CSP errors', async () => {
          const { name, url } = pages()[index]!;
          for (const viewport of [
            { width: 390, height: 844 },
            { width: 1280, height: 900 },
          ]) {
            const { page, problems } = await watchedPage(browser, { viewport });
            const response = await page.goto(url, { waitUntil: 'load' });
            expect(response?.status(), name).toBe(200);
            await page.evaluate(() => document.fonts.ready);
            const violations = await axeViolations(page);
            expect(
              violations,
              `${name} at ${viewport.width}px: ${JSON.stringify(violations, null, 1)}`,
            ).toEqual([]);
            expect(problems, name).toEqual([]);
            if (viewport.width === 1280) {
              // The HTML as the server sent it, not the DOM after scripts ran.
              const html = (await response?.text()) ?? '';
              const errors = (await vnuMessages(html)).filter((m) => m.type === 'error');
              expect(errors, `${name}: ${JSON.stringify(errors, null, 1)}`).toEqual([]);
            }
            await page.context().close();
          }
        });

        it.each(presets)(
          'scores 100 in Lighthouse ($preset) accessibility, best practices and SEO, and at least 95 in performance',
          async ({ preset, runs: count }) => {
            const { name, url } = pages()[index]!;
            const runs: Measured[] = [];
            // The median of `count` runs reaches the target exactly when a majority of them do, so the runs stop
            // once a majority has decided either way: the same verdict as all five, two runs fewer on a good day.
            const majority = Math.floor(count / 2) + 1;
            const decided = () =>
              runs.filter((r) => r.performance >= PERFORMANCE_TARGET).length >= majority ||
              runs.filter((r) => r.performance < PERFORMANCE_TARGET).length >= majority;
            while (runs.length < count && !decided()) runs.push(await measured(url, preset));
            const performance = median(runs.map((r) => r.performance));
            const report = `${name} (${url}, ${preset}): ${runs
              .map(
                (r) =>
                  `perf ${r.performance} a11y ${r.accessibility} bp ${r['best-practices']} seo ${r.seo}` +
                  machineNote(r) +
                  (r.runtimeError ? ` (${r.runtimeError})` : '') +
                  (r.runWarnings.length ? ` [${r.runWarnings.join('; ')}]` : ''),
              )
              .join(' | ')}; median performance ${performance}`;
            process.stdout.write(`[lighthouse] ${report}\n`);
            for (const run of runs) {
              const why = `${report}\nfailing audits: ${run.failing.join(', ')}`;
              expect(run.accessibility, why).toBe(100);
              expect(run['best-practices'], why).toBe(100);
              expect(run.seo, why).toBe(100);
            }
            expect(
              performance,
              `${report}\nfailing audits: ${runs.map((r) => r.failing.join(', ')).join(' | ')}`,
            ).toBeGreaterThanOrEqual(PERFORMANCE_TARGET);
          },
          300_000,
        );
      });
    }
  });
}

// The pages are known only once the stack runs; their number is needed to declare the tests.
auditSuite('browser audits of the demo', 4, livePages);
auditSuite('browser audits of the static export of the demo', 3, exportedPages);
