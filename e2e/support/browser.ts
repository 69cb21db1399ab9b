import {
  type Browser,
  type BrowserContextOptions,
  chromium,
  type Frame,
  type Page,
  type Request,
} from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// The flags the machine's Chromium needs headless as root, and no calls home (the network is closed).
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [...chromiumFlags, ...extraArgs],
  });
}

export interface WatchedPage {
  page: Page;
  /** Console errors, page errors and CSP violations seen so far. */
  problems: string[];
}

/** A page that records console errors, uncaught errors and Content-Security-Policy violations. */
export async function watchedPage(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<WatchedPage> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (msg) => {
    // A failed load names its address only in the message's location.
    if (msg.type() === 'error') problems.push(`console: ${msg.text()} ${msg.location().url}`.trimEnd());
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  await page.exposeBinding('__reportCsp', (_source, text: string) => problems.push(`csp: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCsp(t: string): void }).__reportCsp(
        `${e.violatedDirective} ${e.blockedURI}`,
      );
    });
  });
  return { page, problems };
}

/** Polls `check` every 50 ms until it holds (true) or `timeoutMs` has passed (false). */
export async function eventually(check: () => Promise<unknown>, timeoutMs: number): Promise<boolean> {
  const limit = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > limit) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Waits until `check` holds in the page or frame. Playwright's `waitForFunction` polls with code the
 * studio's and the canvas's CSP refuse to run (no 'unsafe-eval'); `evaluate` is not subject to it.
 */
export async function until<A>(
  target: Page | Frame,
  check: (arg: A) => unknown,
  arg?: A,
  timeoutMs = 15_000,
): Promise<void> {
  const evaluate = (target as Page).evaluate.bind(target) as (
    f: (a: unknown) => unknown,
    a: unknown,
  ) => Promise<unknown>;
  if (!(await eventually(() => evaluate(check as (a: unknown) => unknown, arg), timeoutMs)))
    throw new Error(`timed out waiting for ${check.toString()}`);
}

/**
 * The page's requests (its frames' too) from now on. `quiet()` waits until none has been in flight for `quietMs`;
 * unlike Playwright's `networkidle`, which fires once per navigation, it waits after clicks within a page too,
 * and when the network never quiets it names the requests still open.
 */
export function trackRequests(page: Page): {
  quiet(quietMs?: number, timeoutMs?: number): Promise<void>;
  /** The origins of every http(s) request so far, the page's frames' included. */
  origins(): string[];
} {
  const open = new Set<Request>();
  const origins = new Set<string>();
  let changed = Date.now();
  page.on('request', (r) => {
    open.add(r);
    if (/^https?:/.test(r.url())) origins.add(new URL(r.url()).origin);
    changed = Date.now();
  });
  const done = (r: Request) => {
    open.delete(r);
    changed = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    origins: () => [...origins].sort(),
    async quiet(quietMs = 500, timeoutMs = 30_000) {
      const limit = Date.now() + timeoutMs;
      while (open.size > 0 || Date.now() - changed < quietMs) {
        if (Date.now() > limit)
          throw new Error(
            `the network did not quiet in ${timeoutMs} ms; open: ${[...open].map((r) => r.url()).join(', ') || 'none'}`,
          );
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}
