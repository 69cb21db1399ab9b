import { parentPort, workerData } from 'node:worker_threads';
import { loadConfig } from '../../core/config/index.ts';
import { sharedReader } from '../../delivery/reader/index.ts';
import { demoConfigFile } from '../../demo/project.ts';
import { findConfig, loadProject } from '../../site/components/load-config.ts';
import type { RenderThreadArgs } from '../../site/export/build-types.ts';
import { type PageJob, partRenderer } from '../../site/export/page-worker.ts';
import type { SiteDeps } from '../../site/pipeline/deps.ts';
import { useDiskMemo } from '../../site/pipeline/disk-memo.ts';
import { createServices } from '../services.ts';
import { boundBuildMemory } from './build-memory.ts';
import { exportApp } from './build-site.ts';

// A render thread of `verso build-site` (cli/commands/build-pool.ts): the command's own start, in a worker (the
// project, the services, the website app, the reader), then the parts of the pages it is sent, one after the
// other, each part's documents read as it arrives.

const port = parentPort!;
const data = workerData as { identity?: string; bundle: string; args: RenderThreadArgs };
// The disk memo keys by the code's identity, and the project imports zod and hono from the bundle's file
// (site/components/load-config.ts): bin/cli-bundle.mjs set both on the build's thread only.
if (data.identity) (globalThis as Record<symbol, unknown>)[Symbol.for('verso.cliBundle')] = data.identity;
(globalThis as Record<symbol, unknown>)[Symbol.for('verso.cliBundleFile')] = data.bundle;

try {
  const config = loadConfig({ ...process.env, SERVER_MODE: 'website', SCOPES: 'media', EDGE_CACHE: 'none' });
  // The build's thread loaded (and type-checked) the same project already.
  const project =
    process.env.VERSO_CONFIG === 'none'
      ? null
      : await loadProject(findConfig(process.cwd(), process.env) ?? demoConfigFile);
  useDiskMemo(project?.digest ?? 'no project');
  boundBuildMemory();
  const services = await createServices(config, { quietMetrics: true });
  let site: SiteDeps | undefined;
  exportApp(services, (deps) => (site = deps));
  if (!site) throw new Error('the website app gave no site deps');
  const reader = sharedReader({ db: services.db, mediaSecret: services.mediaSecret, blockDesigns: true });
  const renderer = partRenderer(site, reader, data.args);
  let last: Promise<unknown> = Promise.resolve();
  port.on('message', ({ id, pages, dir }: { id: number; pages: PageJob[]; dir: string }) => {
    void renderer.readAhead(pages);
    last = last.then(() =>
      renderer.render(pages, dir).then(
        (done) => port.postMessage({ id, done }),
        (err: unknown) =>
          port.postMessage({ id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) }),
      ),
    );
  });
  port.postMessage({ ready: true });
} catch (err) {
  port.postMessage({ ready: false, error: err instanceof Error ? err.message : String(err) });
}
