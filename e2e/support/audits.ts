import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';

const require = createRequire(import.meta.url);

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/** Runs axe-core in the page (through the debugger, so the page's CSP does not block it). */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const source = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(source);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(o: unknown): Promise<{ violations: AxeViolation[] }> } })
      .axe;
    const result = await axe.run({ resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  });
}

export interface VnuMessage {
  type: string;
  subType?: string;
  message: string;
  lastLine?: number;
}

/** The Nu HTML Checker (vnu.jar from npm `vnu-jar`, run with the machine's Java) on an HTML string. */
export function vnuMessages(html: string): Promise<VnuMessage[]> {
  const jar = require.resolve('vnu-jar/build/dist/vnu.jar');
  return new Promise((resolve, reject) => {
    const child = execFile(
      'java',
      ['-jar', jar, '--format', 'json', '--exit-zero-always', '-'],
      { maxBuffer: 16 << 20 },
      (err, _stdout, stderr) => {
        if (err) return reject(err);
        try {
          resolve((JSON.parse(stderr) as { messages: VnuMessage[] }).messages);
        } catch (parseError) {
          reject(new Error(`vnu answered no JSON: ${stderr.slice(0, 500)} (${String(parseError)})`));
        }
      },
    );
    child.stdin?.end(html);
  });
}

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  'best-practices': number;
  seo: number;
  failing: string[];
  /** Lighthouse's own error (the run itself failed: no paint, a page that did not load, …). */
  runtimeError?: string;
  /** Warnings Lighthouse gave about the run (e.g. the page loaded too slowly to be measured). */
  runWarnings: string[];
  /** Lighthouse's measure of the host's CPU speed during the run (higher is faster). */
  benchmarkIndex: number;
}

/**
 * Lighthouse against a Chromium that listens on a remote-debugging port. A run whose trace lacks the
 * navigation's start (`NO_NAVSTART`, "Please run Lighthouse again": the trace recording, not the page) is run
 * once more; any other runtime error, or the same one twice, is the result.
 */
export async function lighthouseScores(
  url: string,
  debuggingPort: number,
  formFactor: 'mobile' | 'desktop' = 'mobile',
  cpuSlowdownMultiplier = 4,
): Promise<LighthouseScores> {
  const first = await lighthouseRun(url, debuggingPort, formFactor, cpuSlowdownMultiplier);
  if (!first.runtimeError?.startsWith('NO_NAVSTART:')) return first;
  const again = await lighthouseRun(url, debuggingPort, formFactor, cpuSlowdownMultiplier);
  return { ...again, runWarnings: [`run again after ${first.runtimeError}`, ...again.runWarnings] };
}

/**
 * The host's benchmark index as Lighthouse measures it (its own page function, run in a blank page of the
 * browser it will drive): what `cpuSlowdownFor` calibrates the mobile preset's CPU slowdown from.
 */
export async function hostBenchmarkIndex(browser: Browser): Promise<number> {
  const { pageFunctions } = await import('lighthouse/core/lib/page-functions.js');
  const page = await browser.newPage();
  try {
    return Math.round(await page.evaluate(pageFunctions.computeBenchmarkIndex));
  } finally {
    await page.context().close();
  }
}

/** One Lighthouse (npm `lighthouse`) run. */
async function lighthouseRun(
  url: string,
  debuggingPort: number,
  formFactor: 'mobile' | 'desktop',
  cpuSlowdownMultiplier: number,
): Promise<LighthouseScores> {
  const { throttling } = await import('lighthouse/core/config/constants.js');
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const desktop = formFactor === 'desktop';
  const result = await lighthouse(
    url,
    {
      port: debuggingPort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    },
    // Lighthouse's own presets: its desktop config (no CPU slowdown, dense 4G, a desktop screen and user
    // agent), and the default mobile one (simulated slow 4G) with the CPU slowdown calibrated to the host.
    // Neither takes the full-page screenshot, which no audit scores: 1.2 s of each of the 36 runs' 9.
    desktop
      ? { ...desktopConfig, settings: { ...desktopConfig.settings, disableFullPageScreenshot: true } }
      : {
          extends: 'lighthouse:default',
          settings: {
            formFactor: 'mobile',
            throttlingMethod: 'simulate',
            throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier },
            disableFullPageScreenshot: true,
          },
        },
  );
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { categories, audits, runtimeError, runWarnings, environment } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const failing = Object.values(audits)
    .filter(
      (a) =>
        a.score !== null &&
        a.score < 1 &&
        a.scoreDisplayMode !== 'informative' &&
        a.scoreDisplayMode !== 'manual',
    )
    .map((a) => `${a.id} (${a.score})`);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: score('seo'),
    failing,
    ...(runtimeError ? { runtimeError: `${runtimeError.code}: ${runtimeError.message}` } : {}),
    runWarnings: runWarnings.map(String),
    benchmarkIndex: Math.round(environment.benchmarkIndex),
  };
}
