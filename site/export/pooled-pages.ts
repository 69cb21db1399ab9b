import type { Reader } from '../../delivery/reader/types.ts';
import { inParallel, PAGES_IN_FLIGHT, READ_AHEAD, readAheadPart } from './direct-pages.ts';
import type { PageDone, PageJob } from './page-worker.ts';

/**
 * A render thread of the build (cli/commands/build-pool.ts): a worker with its own services, website app and
 * reader, which renders the parts of the pages it is given (page-worker.ts).
 */
export interface RenderThread {
  /** True once the thread renders; false when it could not start (then the build's own thread renders all). */
  ready: Promise<boolean>;
  /** Renders `pages`, writing those it can under `dir` (page-worker.ts). */
  render(pages: readonly PageJob[], dir: string): Promise<PageDone[]>;
  close(): Promise<void>;
}

/**
 * Pages to render before render threads are started (docs/static-export.md, "Render threads"): a thread loads the
 * command's modules and opens its own services before its first page, some 0.5–0.7 s on this two-core machine, the
 * time of 500–700 pages.
 */
export const THREADS_FROM_PAGES = 1_000;

/**
 * The pages of a build, rendered `PAGES_IN_FLIGHT` at a time by the build's own thread (`here`) when there are no
 * render threads; else in parts of a hundred (one read-ahead statement each), taken in order by whichever thread
 * is free: the build's own (`here`, its documents read ahead by `reader`) and every render thread, each holding
 * the part after its current one (read while the current renders). A thread's pages are finished by `there` in
 * the build's thread, in their order within the part. `rendered(page)` is false for a page the build keeps
 * (incremental): that one is never sent, `here` keeps it. The first failure stops further parts and is thrown
 * once every started part has settled. The threads are closed at the end; answers how many pages they rendered.
 */
export async function pagesInParts<P extends PageJob>(
  pages: readonly P[],
  args: {
    threads: readonly RenderThread[];
    /** The folder the threads write pages into. */
    dir: string;
    rendered: (page: P) => boolean;
    /** The build's reader, by which this thread's parts are read ahead. */
    reader: Reader;
    spaceId: string;
    here: (page: P, index: number) => Promise<void>;
    there: (page: P, index: number, done: PageDone) => Promise<void>;
  },
): Promise<number> {
  if (args.threads.length === 0) {
    await inParallel(pages, PAGES_IN_FLIGHT, args.here);
    return 0;
  }
  const parts: Array<{ start: number; pages: readonly P[] }> = [];
  for (let start = 0; start < pages.length; start += READ_AHEAD)
    parts.push({ start, pages: pages.slice(start, start + READ_AHEAD) });
  let next = 0;
  let onThreads = 0;
  const failures: unknown[] = [];
  const claim = () => (failures.length === 0 && next < parts.length ? parts[next++] : undefined);

  const ownLane = async () => {
    const ahead = (part: (typeof parts)[number] | undefined) => {
      if (part) void readAheadPart(args.reader, args.spaceId, part.pages.filter(args.rendered));
      return part;
    };
    let part = ahead(claim());
    while (part) {
      const after = ahead(claim());
      const { start } = part;
      await inParallel(part.pages, PAGES_IN_FLIGHT, (p, i) => args.here(p, start + i));
      part = failures.length === 0 ? after : undefined;
    }
  };
  const threadLane = async (thread: RenderThread) => {
    if (!(await thread.ready)) return;
    const send = (part: (typeof parts)[number] | undefined) => {
      if (!part) return undefined;
      const answer = thread.render(part.pages.filter(args.rendered), args.dir);
      // Its failure is thrown where it is awaited (or a failure before it stopped the build).
      answer.catch(() => {});
      return { part, answer };
    };
    let current = send(claim());
    while (current) {
      const after = send(claim());
      const done = await current.answer;
      let j = 0;
      for (let i = 0; i < current.part.pages.length; i++) {
        const page = current.part.pages[i]!;
        const index = current.part.start + i;
        if (args.rendered(page)) {
          onThreads++;
          await args.there(page, index, done[j++]!);
        } else await args.here(page, index);
      }
      current = failures.length === 0 ? after : undefined;
    }
  };
  const lanes = [ownLane(), ...args.threads.map(threadLane)].map((lane) =>
    lane.catch((err: unknown) => {
      failures.push(err);
    }),
  );
  await Promise.all(lanes);
  // Not waited for: nothing of theirs is needed any more.
  for (const thread of args.threads) void thread.close();
  if (failures.length > 0) throw failures[0];
  return onThreads;
}
