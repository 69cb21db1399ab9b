let last = 0;

/**
 * The time of a cache event (a value's computation starting, a purge), in milliseconds like `Date.now()`, but
 * strictly increasing within the process: two events in the same millisecond keep their order. With bare
 * `Date.now()` a value computed in the millisecond of a purge counts as older than it, so it never entered the
 * front layer (and the fast path never replayed it) until its lifetime ended. A step back of the wall clock
 * does not reorder events either.
 */
export function stamp(): number {
  const now = Date.now();
  // 1/1024 ms is exact in binary, so increments never round away.
  last = now > last ? now : last + 1 / 1024;
  return last;
}
