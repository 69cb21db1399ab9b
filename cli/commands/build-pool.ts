import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { RenderThreadArgs } from '../../site/export/build-types.ts';
import type { PageDone, PageJob } from '../../site/export/page-worker.ts';
import type { RenderThread } from '../../site/export/pooled-pages.ts';

/**
 * The render threads of `verso build-site` (docs/static-export.md, "Render threads"): `threads - 1` workers, each
 * running cli/commands/build-worker.ts from the CLI bundle (its own services, website app and reader), the
 * build's own thread being the last. Undefined when there is nothing to start: one thread asked for, the command
 * run from the TypeScript sources (a worker would load every module through tsx again, seconds of CPU), or no
 * bundle module for them.
 */
export function renderThreads(
  threads: number,
  warn: (message: string) => void,
): ((args: RenderThreadArgs) => RenderThread[]) | undefined {
  const bundle = (globalThis as Record<symbol, unknown>)[Symbol.for('verso.cliBundleFile')];
  if (threads <= 1 || typeof bundle !== 'string') return undefined;
  const file = join(dirname(bundle), 'build-worker.mjs');
  const identity = (globalThis as Record<symbol, unknown>)[Symbol.for('verso.cliBundle')];
  return (args) =>
    Array.from({ length: threads - 1 }, () => startThread(file, { identity, bundle, args }, warn));
}

type Answer = { ready: boolean; error?: string } | { id: number; done?: PageDone[]; error?: string };

function startThread(file: string, data: unknown, warn: (message: string) => void): RenderThread {
  const worker = new Worker(file, { workerData: data });
  let started: (ok: boolean) => void = () => {};
  const ready = new Promise<boolean>((resolve) => (started = resolve));
  const pending = new Map<number, { resolve: (done: PageDone[]) => void; reject: (err: Error) => void }>();
  let nextId = 0;
  let closing = false;
  const fail = (err: Error) => {
    started(false);
    for (const { reject } of pending.values()) reject(err);
    pending.clear();
  };
  worker.on('message', (m: Answer) => {
    if ('ready' in m) {
      // A thread that could not start leaves its pages to the others; the build goes on.
      if (!m.ready) warn(`a render thread did not start, the build renders without it: ${m.error}`);
      started(m.ready);
      return;
    }
    const waiting = pending.get(m.id);
    pending.delete(m.id);
    if (m.done) waiting?.resolve(m.done);
    else waiting?.reject(new Error(m.error ?? 'the render thread failed'));
  });
  worker.on('error', (err) => fail(err));
  worker.on('exit', (code) => {
    if (!closing) warn(`a render thread stopped (exit code ${code})`);
    fail(new Error(`the render thread stopped (exit code ${code})`));
  });
  return {
    ready,
    render: (pages: readonly PageJob[], dir: string) =>
      new Promise<PageDone[]>((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, pages, dir });
      }),
    close: async () => {
      closing = true;
      await worker.terminate();
    },
  };
}
