/** A clock read at most once per turn of the event loop. */
interface Held {
  readonly read: () => number;
  value: number;
  held: boolean;
}

const wall: Held = { read: () => Date.now(), value: 0, held: false };
const mark: Held = { read: () => performance.now(), value: 0, held: false };
let releasing = false;
const release = () => {
  wall.held = false;
  mark.held = false;
  releasing = false;
};

function take(clock: Held): number {
  if (!clock.held) {
    clock.value = clock.read();
    clock.held = true;
    if (!releasing) {
      releasing = true;
      setImmediate(release);
    }
  }
  return clock.value;
}

/**
 * `Date.now()` read once per turn of the event loop: the first call reads the clock, the others get the same
 * value until the loop's next check phase. For time that decides in seconds (a rate window's end, a cache
 * entry's expiry, the age of the space list): a replayed answer read the clock three times, 0.3 µs of its
 * time on this machine kind, whose clock is slow to read (docs/performance.md). Under load a turn lasts
 * microseconds, at most as long as the longest synchronous step; the order of cache events (core/cache/stamp.ts)
 * still reads the clock itself.
 */
export const turnNow = (): number => take(wall);

/**
 * `performance.now()` held the same way: how long replayed answers took, counted from the turn their requests
 * were read in to the check phase that sends them (an upper bound, two readings per turn instead of two per
 * answer).
 */
export const turnMark = (): number => take(mark);
