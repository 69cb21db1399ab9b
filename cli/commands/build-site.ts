import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { loadConfig } from '../../core/config/index.ts';
import { assertMigrated } from '../../core/db/migrations.ts';
import { AppError } from '../../core/errors/app-error.ts';
import { sharedReader } from '../../delivery/reader/index.ts';
import { type BuildProgress, BuildSiteError, buildSite } from '../../site/export/build-site.ts';
import type { SiteDeps } from '../../site/pipeline/deps.ts';
import { useDiskMemo } from '../../site/pipeline/disk-memo.ts';
import { websiteApp } from '../app-start.ts';
import { allMigrations } from '../plugins.ts';
import { closeServices, createServices, type Services } from '../services.ts';
import { boundBuildMemory } from './build-memory.ts';
import { renderThreads } from './build-pool.ts';
import { startProject } from './project.ts';

export interface BuildSiteFlags {
  out: string;
  host?: string;
  baseUrl?: string;
  incremental?: boolean;
  formEndpoint?: string;
  /** Threads that render pages, the build's own included (default: the machine's cores). */
  threads?: string;
}

/**
 * The website app the export renders through: every page of the space, asked by this process itself, so no rate
 * rule applies (a space of thousands of pages met the site pages rule's 1,200 a minute before).
 */
export const exportApp = (services: Services, onSiteDeps?: (deps: SiteDeps) => void) =>
  websiteApp(services, { rateLimits: false, ...(onSiteDeps ? { onSiteDeps } : {}) });

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * `verso build-site SPACE --out DIR` (docs/static-export.md): the designed site as files, rendered by an
 * in-process website app on the configured database (no server is started, nothing is listened on).
 */
export async function buildSiteCommand(space: string, flags: BuildSiteFlags): Promise<void> {
  // The website process's own surfaces, media included; no edge headers (a static host reads none).
  const config = loadConfig({ ...process.env, SERVER_MODE: 'website', SCOPES: 'media', EDGE_CACHE: 'none' });
  if (!config.WEBSITE_PLUGIN)
    throw new AppError('config.invalid', {
      message: 'build-site needs the website plugin (WEBSITE_PLUGIN=true)',
    });
  // One core is left to PostgreSQL and the kernel's file creation (docs/static-export.md, "Render threads"): on
  // two cores a second render thread cost more CPU than it saved.
  const threads =
    flags.threads === undefined ? Math.max(1, availableParallelism() - 1) : Number(flags.threads);
  if (!Number.isInteger(threads) || threads < 1)
    throw new AppError('config.invalid', { message: '--threads: a whole number of at least 1' });
  boundBuildMemory();
  // The project is loaded (its files read and checked) while the database connects and its migrations are
  // checked: one after the other they were some 50 ms of an incremental build's 0.3 s target (issue 42).
  const opened = createServices(config, { quietMetrics: true });
  const ready = opened.then(async (s) => {
    await assertMigrated(s.db, allMigrations(s.plugins));
    return s;
  });
  const [loaded, started] = await Promise.allSettled([startProject(), ready]);
  if (loaded.status === 'rejected' || started.status === 'rejected') {
    await opened.then(closeServices, () => {});
    throw loaded.status === 'rejected' ? loaded.reason : (started as PromiseRejectedResult).reason;
  }
  const [project, services] = [loaded.value, started.value];
  // Designs validated and stylesheets compiled by the previous build are read from disk (docs/static-export.md).
  useDiskMemo(project?.digest ?? 'no project');
  const tty = process.stdout.isTTY === true;
  const progress = (p: BuildProgress) => {
    const line = `  ${p.stage}: ${p.documents} documents, ${p.files} files, ${mb(p.bytes)}`;
    // On a terminal one line that updates; in CI and container logs one plain line per report.
    if (tty) process.stdout.write(`\r${line}\x1b[K`);
    else process.stdout.write(`${line}\n`);
  };
  const warn = (m: string) => process.stderr.write(`${tty ? '\n' : ''}warning: ${m}\n`);
  try {
    let site: SiteDeps | undefined;
    const app = exportApp(services, (deps) => (site = deps));
    const reader = sharedReader({ db: services.db, mediaSecret: services.mediaSecret, blockDesigns: true });
    const summary = await buildSite(
      {
        db: services.db,
        cache: services.cache,
        reader,
        fetch: (req) => Promise.resolve(app.fetch(req)),
        ...(services.authSecret ? { authSecret: services.authSecret } : {}),
        ...(site ? { site } : {}),
        // Each thread opens its own pool; the embedded database (no DATABASE_URL) is this thread's alone.
        ...(config.DATABASE_URL ? { renderThreads: renderThreads(threads, warn) } : {}),
      },
      {
        space,
        out: resolve(flags.out),
        ...(flags.host ? { host: flags.host } : {}),
        ...(flags.baseUrl ? { baseUrl: flags.baseUrl } : {}),
        incremental: flags.incremental === true,
        // Threads asked for by name are started whatever the size of the site.
        ...(flags.threads === undefined ? {} : { threadsFrom: 1 }),
        ...(flags.formEndpoint ? { formEndpoint: flags.formEndpoint } : {}),
        onProgress: progress,
        onWarning: warn,
      },
    );
    if (tty) process.stdout.write('\n');
    if (flags.formEndpoint)
      process.stdout.write(
        `forms post to ${new URL(flags.formEndpoint).origin}: its website process needs FORM_ORIGINS=${new URL(summary.baseUrl).origin}\n`,
      );
    const how = summary.incremental
      ? `incremental: ${summary.written} files rewritten, ${summary.kept} kept`
      : `${summary.written} files written${summary.fullBecause ? ` (full build: ${summary.fullBecause})` : ''}`;
    const threadsNote = summary.threads
      ? `; ${summary.threads.started + 1} threads (${summary.threads.pages} pages on the others)`
      : '';
    process.stdout.write(
      `built ${summary.host} (${summary.baseUrl}) into ${summary.out}: ${summary.pages} pages, ${summary.files} files, ${mb(summary.bytes)}; ${how}${threadsNote}; ${(summary.ms / 1000).toFixed(1)} s\n`,
    );
  } catch (err) {
    if (err instanceof BuildSiteError) throw new AppError('build.refused', { message: err.message });
    throw err;
  } finally {
    await closeServices(services);
  }
}
