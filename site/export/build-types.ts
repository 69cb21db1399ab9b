import type { TaggedCache } from '../../core/cache/tagged-cache.ts';
import type { Queryable } from '../../core/db/types.ts';
import type { Reader } from '../../delivery/reader/types.ts';
import type { SiteDeps } from '../pipeline/deps.ts';
import type { RenderThread } from './pooled-pages.ts';

// What `buildSite` (build-site.ts) is given and answers.

export interface BuildSiteDeps {
  db: Queryable;
  cache: TaggedCache;
  reader: Reader;
  /** The website process's app (cli/app.ts `buildApp('website', …)`): every file is what it answers. */
  fetch: (request: Request) => Promise<Response>;
  /** `AUTH_SECRET`, the same as the form endpoint's: it signs the forms' build stamps. */
  authSecret?: () => string;
  /**
   * The website pipeline's deps behind `fetch` (cli/app.ts `onSiteDeps`): pages then render in process without a
   * request (direct-pages.ts); without them every page is asked of `fetch`.
   */
  site?: SiteDeps;
  /**
   * Starts the render threads of a build with many pages (cli/commands/build-pool.ts; none when the machine has
   * one core or `--threads 1`); without it every page is rendered in the build's own thread.
   */
  renderThreads?: (args: RenderThreadArgs) => RenderThread[];
}

/** What a render thread needs to know of the build: the space, the host and origin, the hosts of its files. */
export interface RenderThreadArgs {
  spaceId: string;
  host: string;
  origin: string;
  hosts: string[];
}

export interface BuildSiteOptions {
  space: string;
  out: string;
  /** The domain whose pages are built (default: the space's primary production domain without a locale pin). */
  host?: string;
  /** Where the folder is served (default `https://<host>`): protocol and port of absolute addresses. */
  baseUrl?: string;
  incremental?: boolean;
  /** A running website process that takes the forms' posts (its origin); without it the build warns per form. */
  formEndpoint?: string;
  /**
   * Pages to render from which the render threads are started (default THREADS_FROM_PAGES, pooled-pages.ts); the
   * command gives 1 when `--threads` was set.
   */
  threadsFrom?: number;
  onProgress?: (p: BuildProgress) => void;
  onWarning?: (message: string) => void;
}

export interface BuildProgress {
  stage: 'pages' | 'assets' | 'writing';
  documents: number;
  files: number;
  bytes: number;
}

export interface BuildSummary {
  out: string;
  host: string;
  baseUrl: string;
  pages: number;
  /** Files rendered or fetched in this build (all of them unless incremental). */
  written: number;
  /** Files kept from the previous build (incremental). */
  kept: number;
  files: number;
  bytes: number;
  incremental: boolean;
  /** The render threads started besides the build's own, and the pages they rendered (none: absent). */
  threads?: { started: number; pages: number };
  /** Why an incremental build built everything, when it did. */
  fullBecause?: string;
  ms: number;
}
