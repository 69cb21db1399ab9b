import { BentoCache, bentostore } from 'bentocache';
import { memoryDriver } from 'bentocache/drivers/memory';
import { redisBusDriver, redisDriver } from 'bentocache/drivers/redis';
import type { ReadRouting } from '../db/types.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { RedisHandle } from '../redis/connection.ts';
import { bentoTaggedCache, type CacheClock, type SharedEntry } from './bento-tagged-cache.ts';
import { purgeAcks } from './purge-acks.ts';
import { cacheSerializer } from './serializer.ts';
import type { TaggedCache } from './tagged-cache.ts';
import { WrittenKeys } from './written-keys.ts';

export interface RedisCacheArgs {
  redis: RedisHandle;
  defaultTtlSeconds: number;
  /** Entries kept in this process's memory layer. */
  maxEntries?: number;
  metrics?: Metrics;
  /** With read replicas: every purge's WAL position, and whether purges are all heard (core/db/replicas/). */
  routing?: Pick<ReadRouting, 'require' | 'trustPurgesWhile'>;
}

type MemoryLayer = ReturnType<typeof memoryDriver>;
type MemoryDriver = ReturnType<MemoryLayer['factory']>;

/**
 * The memory layer keeps values as objects, like the in-memory cache: no parsing per read. bentocache 1.6
 * hands an entry it read from Redis to this layer as its serialized string; it is parsed once, here.
 */
function objectsInMemory(layer: MemoryLayer, created: MemoryDriver[]): MemoryLayer {
  const wrap = (driver: MemoryDriver): MemoryDriver => {
    created.push(driver);
    return new Proxy(driver, {
      get(target, prop, receiver) {
        if (prop === 'set') {
          return (key: string, value: unknown, ttl?: number) =>
            target.set(
              key,
              typeof value === 'string' ? (cacheSerializer.deserialize(value) as never) : (value as never),
              ttl,
            );
        }
        if (prop === 'namespace') return (ns: string) => wrap(target.namespace(ns));
        const v = Reflect.get(target, prop, receiver);
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
  };
  return {
    ...layer,
    factory: (config: Parameters<MemoryLayer['factory']>[0]) => wrap(layer.factory(config)),
  } as MemoryLayer;
}

/**
 * The tagged cache shared by every process on one Redis (bentocache): a memory layer per process, Redis as the
 * shared layer under the key prefix `<prefix>:cache:` (a purge never touches another application's keys), and
 * the Redis bus so that a purge in one process drops the entry from every process's memory layer; the purge
 * returns once every process has acknowledged it (purge-acks.ts), so none serves the old entry afterwards.
 *
 * While Redis cannot be reached, reads fall back to this process's memory and to computing from the database.
 * When it is back, each process empties its memory layer (purge messages of the outage were lost) and replays
 * the purges it made meanwhile, so every process is consistent with Redis again.
 */
/** How long written keys are gathered before the other processes are told of them in one note. */
const NOTE_MS = 20;
/** Keys of written shared entries this process remembers (written-keys.ts); past it, the oldest are computed. */
const WRITTEN_KEYS = 100_000;

/** `text` matched literally by a `SCAN` pattern. */
const globEscaped = (text: string) => text.replace(/[*?[\]\\]/g, '\\$&');

export function redisCache(args: RedisCacheArgs): TaggedCache {
  const { redis } = args;
  const prefix = `${redis.prefix}:cache`;
  const memoryLayers: MemoryDriver[] = [];
  const bento = new BentoCache({
    default: prefix,
    serializer: cacheSerializer,
    // Errors of the shared layer are expected during an outage; the connection logs that once.
    suppressL2Errors: true,
    stores: {
      [prefix]: bentostore()
        .useL1Layer(
          objectsInMemory(
            memoryDriver({ maxItems: args.maxEntries ?? 10_000, serialize: false }),
            memoryLayers,
          ),
        )
        .useL2Layer(redisDriver({ connection: redis.client, prefix }))
        // The bus opens its own publisher and subscriber from this template (see busTemplate).
        .useBus(redisBusDriver({ connection: redis.busTemplate() })),
    },
  });
  /** Purges made here that did not reach Redis (unreachable, or the purge's script failed). */
  const missed = new Set<string>();
  let retry: NodeJS.Timeout | undefined;
  /**
   * Until a purge made here has its number, this process keeps no entry of its tags in memory (`purging`):
   * while Redis answers, a failed one is tried again a second later; else when Redis is back.
   */
  const miss = (tags: string[]) => {
    for (const t of tags) missed.add(t);
    if (retry || !redis.reachable()) return;
    retry = setTimeout(() => {
      retry = undefined;
      replayMissed();
    }, 1000);
    retry.unref();
  };
  const replayMissed = () => {
    if (missed.size === 0) return;
    const tags = [...missed];
    missed.clear();
    void bento
      .deleteByTag({ tags })
      .then(() => acks.announce(tags))
      .then(
        (announced) => {
          if (!announced) miss(tags);
        },
        () => miss(tags),
      );
  };
  redis.onReconnect(() => {
    // Purge messages of the outage were lost, and a tag checked meanwhile kept its old time: this process's
    // memory starts over from Redis, ...
    for (const layer of memoryLayers) layer.clear();
    cache.forgetAll();
    void acks.relisten();
    // ... and the purges this process made meanwhile reach Redis and the other processes now.
    replayMissed();
  });
  /** Which keys Redis may hold an entry for: a read of another key skips the `GET` (written-keys.ts). */
  const written = new WrittenKeys(WRITTEN_KEYS);
  const listKeys = async function* () {
    const stream = redis.client.scanStream({ match: `${globEscaped(prefix)}:*`, count: 1000 });
    for await (const keys of stream as AsyncIterable<string[]>)
      yield keys.map((k) => k.slice(prefix.length + 1));
  };
  // bentocache's own writes (while a subscription was lost, or an older version's process) say so on its bus.
  bento.on('bus:message:received', ({ message }: { message: { type: string; keys: string[] } }) => {
    if (message.type === 'set') for (const key of message.keys) written.add(key);
  });
  // And so do this process's writes through bentocache (before it hears every purge, a miss goes through its
  // getOrSet): a process that has not heard a note of its own write would compute the key again.
  bento.on('cache:written', ({ key }: { key: string }) => written.add(key));
  /** Keys whose entries this process wrote since its last note to the others (`writeShared`). */
  let notes: string[] = [];
  let noting: NodeJS.Timeout | undefined;
  /** Their SETs, sent with the note in one pipeline (`writeShared`). */
  let writes: { key: string; text: string; ttlMs: number; sent: () => void }[] = [];
  const note = () => {
    noting = undefined;
    const keys = notes;
    notes = [];
    const batch = writes;
    writes = [];
    if (batch.length) {
      const pipeline = redis.client.pipeline();
      for (const w of batch) pipeline.set(w.key, w.text, 'PX', w.ttlMs);
      void pipeline
        .exec()
        .catch(() => {})
        .finally(() => {
          for (const w of batch) w.sent();
        });
    }
    acks.announceWritten(keys).catch(() => {});
  };
  // bentocache keeps each tag's purge time in the memory layer too, under this key (its TagSystem).
  const tagKey = (tag: string) => `___bc:t:${tag}`;
  const acks = purgeAcks({
    publisher: redis.client,
    // purge-acks subscribes again itself on every 'ready' (and catches a failure); ioredis's own renewal is a
    // subscribe nobody awaits, rejected unheard ("Connection is closed") when the connection closes meanwhile.
    subscriber: redis.busTemplate().duplicate({ autoResubscribe: false }),
    channel: `${prefix}:purges`,
    keyPrefix: `${prefix}:__purges:`,
    // What the front layer holds may be outdated by a purge it will not hear of: it starts over once listening.
    lost: () => {
      written.lost();
      cache.forgetAll();
    },
    written: (keys) => {
      for (const key of keys) written.add(key);
      cache.writtenElsewhere(keys);
    },
    listening: () => void written.listen(listKeys),
    apply(tags, seq, own, sentAt, walLsn) {
      // Before the acknowledgement: once the purge's call returns, no read here goes to a replica behind it.
      args.routing?.require(walLsn);
      if (!own) args.metrics?.purgeReceived((Date.now() - sentAt) / 1000);
      for (const layer of memoryLayers) for (const t of tags) void layer.delete(tagKey(t));
      cache.forgetTags(tags, seq);
    },
  });
  /**
   * Entries are dated by the purge counter this process has seen when their computation starts (plus ½: after
   * that purge, before the next), purges by their number: which came first never depends on two machines'
   * clocks agreeing (purge-acks.ts says why a number seen means its change is readable).
   */
  // Until this process listens again after losing its subscription, purges (and their positions) may go unheard.
  args.routing?.trustPurgesWhile(() => acks.hearsAll());
  const clock: CacheClock = {
    kind: 'purges',
    computing: () => acks.seen() + 0.5,
    // Until its number comes back through `apply`, a purge made here outdates everything of its tags.
    purging: () => Number.POSITIVE_INFINITY,
    hearsAll: () => acks.hearsAll(),
    async unheard(tags, at) {
      if (at >= acks.trustedFrom()) return 0;
      if (!redis.reachable()) throw new Error('Redis cannot tell');
      return Math.max(0, ...(await acks.lastPurges(tags)));
    },
  };
  const cache = bentoTaggedCache(bento, {
    defaultTtlSeconds: args.defaultTtlSeconds,
    maxEntries: args.maxEntries,
    ...(args.metrics ? { metrics: args.metrics } : {}),
    shared: true,
    clock,
    sharedMayHold: (key) => written.mayHold(key),
    // bentocache's Redis driver keeps an entry under `<store prefix>:<key>` as the serialized item.
    async readShared(key) {
      if (!redis.reachable()) return undefined;
      const text = await redis.client.get(`${prefix}:${key}`);
      return text === null ? undefined : (cacheSerializer.deserialize(text) as SharedEntry);
    },
    /**
     * The entry as bentocache's Redis driver keeps it (its item, serialized), so that bentocache reads it too (while
     * the subscription is lost), written by one SET; the other processes learn of it from one note per `NOTE_MS`.
     * Through bentocache's `set` each entry also went to its memory layer (the front layer holds it already) and
     * out on its bus as a message of its own, which every process decoded: with the serialization, most of what
     * Redis added to an uncached read (issue 42, point 4).
     */
    async writeShared(key, stored, ttlSeconds) {
      if (!redis.reachable()) return;
      const ttlMs = ttlSeconds * 1000;
      const now = Date.now();
      const item = { value: stored, logicalExpiration: now + ttlMs, tags: stored.t, createdAt: now };
      const text = cacheSerializer.serialize(item);
      // Gathered with the note and sent before it on the same connection: a process that hears of the key finds
      // its entry. One write to the socket for the entries of `NOTE_MS`, where each SET was one (a first visit
      // of a site wrote five, each a system call that cost 0.1–0.2 ms on a loaded machine; issue 42).
      const setting = new Promise<void>((sent) =>
        writes.push({ key: `${prefix}:${key}`, text, ttlMs, sent }),
      );
      written.add(key);
      notes.push(key);
      noting ??= setTimeout(note, NOTE_MS).unref();
      await setting;
    },
    async onPurge(tags, walLsn) {
      if (!redis.reachable()) {
        miss(tags);
        args.metrics?.purgeSent(tags.length, 0);
        return;
      }
      const started = performance.now();
      if (!(await acks.announce(tags, walLsn))) miss(tags);
      args.metrics?.purgeSent(tags.length, (performance.now() - started) / 1000);
    },
  });
  const closeAll = async () => {
    clearTimeout(retry);
    // The entries gathered so far go out now: closing waits for their writes.
    if (noting) {
      clearTimeout(noting);
      note();
    }
    await acks.close();
    await cache.close();
  };
  return {
    ...cache,
    // The bus waits for a server that may be gone at shutdown: give it a moment, then let go.
    close: () => Promise.race([closeAll(), new Promise<void>((r) => setTimeout(r, 2000).unref())]),
  };
}
