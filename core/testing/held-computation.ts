import type { TagSink } from '../cache/tagged-cache.ts';

/**
 * A cache computation that reads `value` at once, then waits to be released before it reports `tags` and
 * returns: what a render does while a publish purges around it.
 */
export function heldComputation(value: string, tags: string[]) {
  let started!: () => void;
  const computing = new Promise<void>((r) => {
    started = r;
  });
  let release!: () => void;
  const gate = new Promise<void>((r) => {
    release = r;
  });
  const compute = async (sink: TagSink) => {
    const read = value;
    started();
    await gate;
    sink.addTags(tags);
    return read;
  };
  return { compute, computing, release };
}

/** Waits until `Date.now()` has moved past the current millisecond and the next (bentocache dates by it). */
export async function crossMillisecond(): Promise<void> {
  const from = Date.now();
  while (Date.now() <= from + 1) await new Promise((r) => setTimeout(r, 1));
}
