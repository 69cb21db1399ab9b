import type { Frame, Page } from 'playwright-core';
import { freePort, type Running, startVerso } from '../../core/testing/processes.ts';
import { until as untilIn } from './browser.ts';
import { type Stack, startStack } from './stack.ts';

/**
 * The studio's stack: a management process serving /studio that frames the canvas of a website process
 * (each started knowing the other's origin), on a fresh database with the demo space, plus `roles`.
 */
export interface StudioStack {
  stack: Stack;
  studio: string;
  site: string;
  stop(): Promise<void>;
}

export async function startStudioStack(
  roles: Parameters<typeof startStack>[0] = {},
  /** More environment for every process (`VERSO_CONFIG`: a site project's components). */
  extraEnv: Record<string, string> = {},
): Promise<StudioStack | undefined> {
  const stack = await startStack(roles, extraEnv);
  if (!stack) return undefined;
  // Both processes must know each other's origin before they start: the ports are picked here.
  const [mport, wport] = [await freePort(), await freePort()];
  const studio = `http://localhost:${mport}`;
  const site = `http://localhost:${wport}`;
  const start = (mode: string, port: number, extra: Record<string, string>) =>
    startVerso(
      ['serve'],
      { ...stack.env, SERVER_MODE: mode, PORT: String(port), LOG_LEVEL: 'info', ...extra },
      /"msg":"listening"/,
    );
  const running: Running[] = await Promise.all([
    start('website', wport, { EDITOR_ORIGIN: studio }),
    // Share links name the site by the space's domain (the demo's `localhost`) on the website's port.
    start('management', mport, { STUDIO_SITE_URL: site, SITE_URL_TEMPLATE: `http://{host}:${wport}` }),
  ]);
  return {
    stack,
    studio,
    site,
    async stop() {
      await Promise.all(running.map((r) => r.stop()));
      await stack.stop();
    },
  };
}

/** Waits until `check` holds in the page or frame (browser.ts's `until`), up to the studio's 30 s. */
export const until = <A>(target: Page | Frame, check: (arg: A) => unknown, arg?: A): Promise<void> =>
  untilIn(target, check, arg, 30_000);
