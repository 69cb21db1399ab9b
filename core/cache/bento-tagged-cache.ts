import type { BentoCache, BentoStore } from 'bentocache';
import type { Metrics } from '../metrics/metrics.ts';
import { turnNow } from '../turn-now.ts';
import { noteTags } from './edge/request-tags.ts';
import { FrontLayer } from './front-layer.ts';
import { stamp } from './stamp.ts';
import type { CacheOptions, TaggedCache, TagSink } from './tagged-cache.ts';

/** What bentocache stores: the value with the tags it was computed with and when, for the front layer. */
export interface Stored<T> {
  v: T;
  t: string[];
  /** When its computation started, on the cache's clock (`CacheClock`): what purges are compared with. */
  at: number;
  /** That clock's kind: an entry dated on another (an older version's milliseconds) is never trusted. */
  k: string;
  /** When its computation started, in wall-clock milliseconds: where its lifetime starts. */
  ms: number;
}

/**
 * How a cache orders computations and purges. Alone in its process: `stamp()` (milliseconds). Shared through
 * Redis: the shared purge counter (purge-acks.ts), since the wall clocks of two processes (two machines) do not
 * say which of a purge and a read came first.
 */
export interface CacheClock {
  kind: string;
  /** A computation starting now. */
  computing(): number;
  /** A purge made here, until `forgetTags` gives it its place among every process's purges. */
  purging(): number;
  /**
   * The latest purge of `tags` that this process may not have heard of, for an entry made at `at` (one made
   * before this process listened); 0 when there can be none. Rejects when it cannot tell.
   */
  unheard?(tags: readonly string[], at: number): Promise<number>;
  /**
   * Whether every purge reaches this process now (false while its subscription is lost and until it listens
   * again): the front layer answers a hit without asking anyone, so meanwhile it neither answers nor keeps.
   */
  hearsAll?(): boolean;
}

/** The clock of a cache no other process shares. */
export const processClock: CacheClock = { kind: 'ms', computing: stamp, purging: stamp };

/** An entry as the shared layer holds it (bentocache's item), read without bentocache's tag checks. */
export interface SharedEntry {
  value: Stored<unknown>;
  createdAt: number;
  logicalExpiration: number;
}

/** The cache with what only its adapter needs: dropping this process's front entries for purges made elsewhere. */
export interface LocalTaggedCache extends TaggedCache {
  /** Drops the front entries of tags purged (by any process) at `at` on the cache's clock. */
  forgetTags(tags: readonly string[], at?: number): void;
  forgetAll(): void;
  /** Another process wrote these keys' shared entries (a key purged here then reads it rather than computing). */
  writtenElsewhere(keys: readonly string[]): void;
}

/**
 * The `TaggedCache` port over a bentocache instance: the computation reports the tags of what it read through
 * its sink, and they are stored with the entry. Both adapters (memory, Redis) share this. Hits are answered by
 * a front layer (front-layer.ts) that purges drop synchronously; purges of other processes reach it through
 * `forgetTags` before their call returns (purge-acks.ts).
 */
export function bentoTaggedCache(
  bento: BentoCache<Record<string, BentoStore>>,
  options: {
    defaultTtlSeconds: number;
    onPurge?: (tags: string[], walLsn?: string) => Promise<void>;
    maxEntries?: number;
    /** Hits and misses per tier; `shared`: bentocache has a Redis layer. */
    metrics?: Metrics;
    shared?: boolean;
    /** One read of an entry in the shared layer (Redis), for a key a purge dropped here. */
    readShared?: (key: string) => Promise<SharedEntry | undefined>;
    /**
     * Whether the shared layer may hold an entry for a key never asked here (false: no process wrote it, so the
     * read of it is skipped); without it, every such key is read.
     */
    sharedMayHold?: (key: string) => boolean;
    /** Writes a computed entry to the shared layer (after its answer); without it, through bentocache. */
    writeShared?: (key: string, stored: Stored<unknown>, ttlSeconds: number) => Promise<void>;
    clock?: CacheClock;
  },
): LocalTaggedCache {
  const front = new FrontLayer(options.maxEntries ?? 10_000);
  const clock = options.clock ?? processClock;
  const metrics = options.metrics;
  // Entries other processes write (bentocache's bus tells each write): only those can answer a recompute.
  bento.on('bus:message:received', ({ message }: { message: { type: string; keys: string[] } }) => {
    if (message.type === 'set') for (const key of message.keys) front.writtenElsewhere(key);
  });
  if (metrics) {
    bento.on('cache:hit', ({ layer }: { layer: 'l1' | 'l2' }) => {
      if (layer === 'l1') return metrics.cacheLookup('memory', true);
      metrics.cacheLookup('memory', false);
      metrics.cacheLookup('redis', true);
    });
    bento.on('cache:miss', () => {
      metrics.cacheLookup('memory', false);
      if (options.shared) metrics.cacheLookup('redis', false);
    });
  }
  const run = async <T>(compute: (sink: TagSink) => Promise<T>): Promise<Stored<T>> => {
    const at = clock.computing();
    const ms = Date.now();
    const tags = new Set<string>();
    const v = await compute({
      addTags: (t) => {
        for (const tag of t) tags.add(tag);
      },
    });
    return { v, t: [...tags], at, k: clock.kind, ms };
  };
  /**
   * Whether an entry this process did not just compute (another process's, or one written before a purge reached
   * here) is older than a purge of one of its tags: every purge since this process listens is known here (the
   * call that made it waited for that); older ones only if the entry is older than that (`unheard`).
   */
  const outdated = async (stored: Stored<unknown>): Promise<boolean> => {
    if (stored.k !== clock.kind || typeof stored.at !== 'number' || !Array.isArray(stored.t)) return true;
    if (front.purgedSince(stored.t, stored.at)) return true;
    if (!clock.unheard) return false;
    const last = await clock.unheard(stored.t, stored.at).catch(() => Number.POSITIVE_INFINITY);
    return last >= stored.at;
  };
  /** Keys being computed again after a purge, so that concurrent misses in this process compute once. */
  const recomputing = new Map<string, Promise<Stored<unknown>>>();
  /** Shared entries being written after their answer was sent (closing waits for them). */
  const writesAfterAnswer = new Set<Promise<void>>();
  /**
   * A key whose entry a purge dropped at `purgedAt` (here, or acknowledged from another process): bentocache
   * would find its stored entry stale only after reading the tag's purge time, the entry (twice, around its
   * lock) and marking it expired, five trips to Redis in a row before the first fresh page could start. Here
   * it is one read of the shared entry when another process wrote it since the purge (`askShared`, from
   * bentocache's bus), taken only when that process made it after the purge; else (and at once when no other
   * process wrote it: 0.3–0.4 ms of the first fresh page after a publish was that read) the value is computed and stored as bentocache's own factory result would be (same tags and lifetime),
   * written after the answer, unless a purge of one of its tags came after its computation started (another
   * process compares that start, `Stored.at`, with its own purge, so a later purge still outdates it).
   */
  const recompute = <T>(
    key: string,
    compute: (sink: TagSink) => Promise<T>,
    ttlSeconds: number,
    purgedAt: number,
    askShared: boolean,
  ) => {
    const pending = (async (): Promise<Stored<T>> => {
      const shared = askShared ? await options.readShared?.(key).catch(() => undefined) : undefined;
      if (
        shared &&
        typeof shared.value?.at === 'number' &&
        // When its computation started, not when it was written: a value written after the purge may have been
        // read before it. And against the last purge of its own tags, not only the one that dropped the key
        // here: the key may have been dropped by an older purge, and a newer one (of a key this process no
        // longer held) outdates the entry as well (issue 39: after alternating changes, a process that missed
        // one took the other's entry made before the latest purge).
        // (A purge made here whose number had not come back yet dropped it at +∞: its number, now known or
        // not, is among its tags' purges that `outdated` compares.)
        (shared.value.at > purgedAt || purgedAt === Number.POSITIVE_INFINITY) &&
        shared.logicalExpiration > Date.now() &&
        !(await outdated(shared.value))
      ) {
        metrics?.cacheLookup('redis', true);
        return shared.value as Stored<T>;
      }
      // A computation from the database, whether Redis was asked or known not to hold the key (docs/operations.md).
      if (options.shared) metrics?.cacheLookup('redis', false);
      const stored = await run(compute);
      // Once the answer is on its way (the check phase comes after the microtasks that write it): serializing
      // the entry for Redis took 0.4 ms of the first fresh page after a publish. Not written at all when one of
      // its tags was purged since its computation started.
      const write = new Promise<void>((resolve) =>
        setImmediate(() => {
          if (front.purgedSince(stored.t, stored.at)) return resolve();
          (options.writeShared
            ? options.writeShared(key, stored, ttlSeconds)
            : bento.set({ key, value: stored, ttl: `${ttlSeconds}s`, tags: stored.t })
          )
            .catch(() => {})
            .finally(resolve);
        }),
      );
      // Closing waits for them: a write left behind would reach a closed connection.
      writesAfterAnswer.add(write);
      void write.finally(() => writesAfterAnswer.delete(write));
      return stored;
    })().finally(() => recomputing.delete(key));
    recomputing.set(key, pending);
    return pending;
  };
  /** A local entry (`CacheOptions.local`): computed here, once for concurrent misses, never shared. */
  const computeHere = <T>(key: string, compute: (sink: TagSink) => Promise<T>): Promise<Stored<T>> => {
    front.takePurged(key);
    const pending = run(compute).finally(() => recomputing.delete(key));
    recomputing.set(key, pending);
    return pending;
  };
  /** A miss with no computation of the key under way here. */
  const miss = async <T>(
    key: string,
    compute: (sink: TagSink) => Promise<T>,
    ttlSeconds: number,
  ): Promise<Stored<T>> => {
    const purged = front.takePurged(key);
    if (purged !== undefined) {
      metrics?.cacheLookup('memory', false);
      return recompute(key, compute, ttlSeconds, purged.at, purged.writtenElsewhere);
    }
    // Listening to every purge, a key never asked here is one read of the shared entry, checked as above, then
    // computed and written after the answer (issue 42): bentocache's getOrSet wrote the entry to Redis and
    // published it on its bus before answering, two round trips and the serialization on every uncached read.
    // No read at all when no process wrote the key (`sharedMayHold`): the awaited round trip of the usual miss.
    if (options.readShared && (clock.hearsAll?.() ?? true)) {
      metrics?.cacheLookup('memory', false);
      const askShared = options.sharedMayHold?.(key) ?? true;
      return recompute(key, compute, ttlSeconds, Number.NEGATIVE_INFINITY, askShared);
    }
    let computed: Stored<T> | undefined;
    const got = await bento.getOrSet<Stored<T>>({
      key,
      ttl: `${ttlSeconds}s`,
      factory: async (ctx) => {
        computed = await run(compute);
        // bentocache dates an entry when it writes it, so a value read before a purge that ended after it would
        // pass its tag check for its whole lifetime.
        if (front.purgedSince(computed.t, computed.at)) return ctx.skip() as unknown as Stored<T>;
        ctx.setTags(computed.t);
        return computed;
      },
    });
    // Not stored (skipped above): this call's own computation.
    if (got === undefined) return computed as Stored<T>;
    if (got === computed) return got;
    // An entry written before this process learned of a purge that outdates it (another process's computation,
    // or one whose purge was acknowledged here after it was written).
    if (await outdated(got)) {
      const outdatedAt = front.lastPurged(got.t ?? []) ?? (typeof got.at === 'number' ? got.at : 0);
      return (
        (recomputing.get(key) as Promise<Stored<T>>) ?? recompute(key, compute, ttlSeconds, outdatedAt, true)
      );
    }
    return got;
  };
  return {
    async getOrSet<T>(key: string, compute: (sink: TagSink) => Promise<T>, opts?: CacheOptions) {
      const hearsAll = clock.hearsAll?.() ?? true;
      const hit = hearsAll ? front.entry(key, Date.now()) : undefined;
      metrics?.cacheLookup('front', hit !== undefined);
      if (hit !== undefined) {
        noteTags(hit.tags);
        return hit.value as T;
      }
      const ttlSeconds = opts?.ttlSeconds ?? options.defaultTtlSeconds;
      const stored = await ((recomputing.get(key) as Promise<Stored<T>> | undefined) ??
        (opts?.local ? computeHere(key, compute) : miss(key, compute, ttlSeconds)));
      if (hearsAll) front.set(key, stored.v, stored.t, stored.at, stored.ms + ttlSeconds * 1000);
      noteTags(stored.t);
      return stored.v;
    },
    async purgeTags(tags, purge) {
      const unique = [...new Set(tags)];
      if (unique.length === 0) return;
      front.purgeTags(unique, clock.purging());
      await bento.deleteByTag({ tags: unique });
      await options.onPurge?.(unique, purge?.walLsn);
    },
    peek: (key) => ((clock.hearsAll?.() ?? true) ? front.get(key, turnNow()) : undefined),
    forgetTags: (tags, at) => front.purgeTags(tags, at),
    forgetAll: () => front.clear(),
    writtenElsewhere: (keys) => {
      for (const key of keys) front.writtenElsewhere(key);
    },
    close: async () => {
      await Promise.allSettled([...writesAfterAnswer]);
      await bento.disconnect();
    },
  };
}
