import type { Logger } from '../../core/log.ts';
import { turnNow } from '../../core/turn-now.ts';
import type { SpaceInfo } from '../reader/types.ts';

/**
 * The spaces a public instance knows, read once at start and again at most every `maxAgeMs` (in the
 * background, when a request finds the list older than that), so resolving a request's space never waits
 * for the database, and a space created later is picked up within seconds, not per request. A read that finds
 * the same spaces leaves the list as it was (the same object).
 */
export interface SpaceDirectory {
  /** Resolves after the first read (failed or not). */
  readonly loaded: Promise<void>;
  current(): readonly SpaceInfo[];
}

export function spaceDirectory(args: {
  read: () => Promise<SpaceInfo[]>;
  maxAgeMs: number;
  log: Logger;
  now?: () => number;
}): SpaceDirectory {
  const now = args.now ?? turnNow;
  let spaces: readonly SpaceInfo[] = [];
  let readAt = 0;
  let reading: Promise<void> | undefined;

  const refresh = () => {
    reading ??= args
      .read()
      .then((list) => {
        // The same list keeps its identity: what was resolved with it (route memo, replayed answers) holds.
        if (JSON.stringify(list) !== JSON.stringify(spaces)) spaces = list;
      })
      .catch((err: unknown) => {
        // Keep the last known list: a short database outage must not unresolve a serving instance.
        args.log.warn({ err }, 'could not read the spaces; keeping the last known list');
      })
      .finally(() => {
        readAt = now();
        reading = undefined;
      });
    return reading;
  };

  const loaded = refresh();
  return {
    loaded,
    current() {
      if (!reading && now() - readAt >= args.maxAgeMs) void refresh();
      return spaces;
    },
  };
}
