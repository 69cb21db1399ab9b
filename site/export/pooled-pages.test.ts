import { describe, expect, it } from 'vitest';
import type { Reader } from '../../delivery/reader/types.ts';
import type { PageDone, PageJob } from './page-worker.ts';
import { pagesInParts, type RenderThread } from './pooled-pages.ts';

// The parts of a build's pages shared between its own thread and render threads (docs/static-export.md, "Render
// threads"): each page once, at its index, a thread's answers in the order of its part, kept pages never sent.

const pages: PageJob[] = Array.from({ length: 450 }, (_, i) => ({
  path: `/p${i}`,
  file: `p${i}.html`,
  id: `id${i}`,
  locale: 'en',
  permalink: `p${i}`,
}));
const reads: string[][] = [];
const reader = {
  readAhead: async (_ctx: unknown, docs: Array<{ id: string }> | null) => {
    if (docs) reads.push(docs.map((d) => d.id));
  },
} as unknown as Reader;
const answer = (p: PageJob): PageDone => ({
  status: 200,
  bytes: p.path.length,
  tags: [p.id],
  refs: [],
  forms: false,
});

/** A render thread in this process: answers after a turn of the loop, or fails at the page named `fails`. */
function thread(opts: {
  sent: PageJob[][];
  fails?: string;
  ready?: boolean;
}): RenderThread & { closed: boolean } {
  const t = {
    closed: false,
    ready: Promise.resolve(opts.ready ?? true),
    async render(part: readonly PageJob[]) {
      opts.sent.push([...part]);
      await new Promise((r) => setTimeout(r, 1));
      if (part.some((p) => p.path === opts.fails)) throw new Error(`${opts.fails} failed`);
      return part.map(answer);
    },
    async close() {
      t.closed = true;
    },
  };
  return t;
}

describe('pages in parts', () => {
  it('renders every page once at its index, here or on a thread, and skips kept pages on threads', async () => {
    const sent: PageJob[][] = [];
    const threads = [thread({ sent }), thread({ sent })];
    const seen = new Map<number, string>();
    const kept = (p: PageJob) => p.path.endsWith('7');
    reads.length = 0;
    const onThreads = await pagesInParts(pages, {
      threads,
      dir: '/nowhere',
      reader,
      spaceId: 's',
      rendered: (p) => !kept(p),
      here: async (p, i) => {
        expect(seen.has(i)).toBe(false);
        seen.set(i, `here ${p.path}`);
        await new Promise((r) => setTimeout(r, 1));
      },
      there: async (p, i, done) => {
        expect(seen.has(i)).toBe(false);
        expect(done.tags).toEqual([p.id]);
        seen.set(i, `there ${p.path}`);
      },
    });
    expect([...seen.keys()].sort((a, b) => a - b)).toEqual(pages.map((_, i) => i));
    for (const [i, what] of seen) expect(what).toMatch(new RegExp(` /p${i}$`));
    // The threads rendered some parts (two held each), never a kept page; the build's thread read its own ahead.
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.flat().some(kept)).toBe(false);
    expect(onThreads).toBe(sent.flat().length);
    expect([...seen.values()].filter((w) => w.startsWith('there')).length).toBe(onThreads);
    expect(reads.flat().length + onThreads).toBe(pages.filter((p) => !kept(p)).length);
    expect(threads.every((t) => t.closed)).toBe(true);
  });

  it('goes on without a thread that did not start, and throws a thread failure after the parts settle', async () => {
    const sent: PageJob[][] = [];
    const none: number[] = [];
    const alone = await pagesInParts(pages, {
      threads: [thread({ sent, ready: false })],
      dir: '/nowhere',
      reader,
      spaceId: 's',
      rendered: () => true,
      here: async (_p, i) => void none.push(i),
      there: async () => {
        throw new Error('no thread should answer');
      },
    });
    expect(alone).toBe(0);
    expect(none.length).toBe(pages.length);

    const failing = thread({ sent: [], fails: '/p250' });
    const slow = async () => new Promise<void>((r) => setTimeout(r, 2));
    await expect(
      pagesInParts(pages, {
        threads: [failing],
        dir: '/nowhere',
        reader,
        spaceId: 's',
        rendered: () => true,
        here: slow,
        there: async () => {},
      }),
    ).rejects.toThrow('/p250 failed');
    expect(failing.closed).toBe(true);
  });

  it('renders on its own thread alone when there are no threads', async () => {
    const order: number[] = [];
    expect(
      await pagesInParts(pages.slice(0, 20), {
        threads: [],
        dir: '/nowhere',
        reader,
        spaceId: 's',
        rendered: () => true,
        here: async (_p, i) => void order.push(i),
        there: async () => {},
      }),
    ).toBe(0);
    expect(order.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });
});
