import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { isWalPosition } from '../db/replicas/wal-position.ts';

export interface PurgeAcksArgs {
  /** Publishes (fails at once while Redis is gone). */
  publisher: Redis;
  /** A connection of its own for the subscription; ioredis renews it after an outage. */
  subscriber: Redis;
  channel: string;
  /** Where the purge counter and each tag's last purge number live (`<keyPrefix>seq`, `<keyPrefix>tags`). */
  keyPrefix: string;
  /**
   * Drops what this process remembers of the tags, purged as number `seq` of the shared purge counter, so its
   * next read asks Redis; `own`: the purge is this process's own, coming back; `sentAt`: the purger's clock;
   * `walLsn`: the primary's WAL position after the change (undefined: not sent, an older version's purge).
   */
  apply: (tags: string[], seq: number, own: boolean, sentAt: number, walLsn: string | undefined) => void;
  /** How long a purge waits for the slowest process before it returns anyway. */
  timeoutMs?: number;
  /** The subscription is lost: purges may go unheard from now until it listens again. */
  lost?: () => void;
  /** Another process wrote these keys' shared entries (`announceWritten`). */
  written?: (keys: string[]) => void;
  /** Subscribed (again) and the counter read: every note of written keys reaches this process from now on. */
  listening?: () => void;
}

/**
 * One purge, atomically: the next number of the counter, kept as each tag's last purge, and the message that
 * carries it. Done in one script so that the messages of all processes' purges go out in the order of their
 * numbers, and a process that has applied number n has seen every purge up to n.
 */
const PURGE_SCRIPT = `
local seq = redis.call('INCR', KEYS[1])
local tags = {}
for i = 5, #ARGV do
  redis.call('HSET', KEYS[2], ARGV[i], seq)
  tags[#tags + 1] = ARGV[i]
end
local lsn = ''
if ARGV[4] ~= '' then lsn = ',"lsn":"' .. ARGV[4] .. '"' end
local message = '{"id":"' .. ARGV[2] .. '","seq":' .. seq .. ',"at":' .. ARGV[3] .. lsn .. ',"tags":' .. cjson.encode(tags) .. '}'
return {seq, redis.call('PUBLISH', ARGV[1], message)}
`;

/**
 * "A purge reaches every process before the call returns": the purging process numbers the purge and announces
 * the tags (purge-counter order, see PURGE_SCRIPT), then waits until every subscriber has applied them and said
 * so (PUBLISH answers how many subscribers it reached). The cache bus alone cannot promise that: its message may
 * reach another process after a request that follows the publish. A process that does not answer in time (hung,
 * or gone mid-purge) is not waited for longer.
 *
 * `seen()` is the highest purge number this process has applied (or read from the counter): a computation that
 * starts now reads a database where every change purged up to it is committed, since a change commits before it
 * purges. `trustedFrom()` is the counter's value when this process last started listening: purges after it have
 * all reached this process; those before, it only knows by asking (`lastPurges`).
 */
export function purgeAcks(args: PurgeAcksArgs) {
  const ackChannel = `${args.channel}:ack`;
  const writtenChannel = `${args.channel}:written`;
  /** This process's own notes of written entries come back to it: told apart by this id. */
  const self = randomUUID();
  const seqKey = `${args.keyPrefix}seq`;
  const tagsKey = `${args.keyPrefix}tags`;
  const waiting = new Map<string, { needed: number; got: number; done: () => void }>();
  let seen = 0;
  let trustedFrom = Number.POSITIVE_INFINITY;
  /** After (re)subscribing: what happened before is only known from the counter. */
  const readCounter = async () => {
    trustedFrom = Number.POSITIVE_INFINITY;
    const value = Number((await args.publisher.get(seqKey).catch(() => null)) ?? 0);
    if (!Number.isFinite(value)) return;
    seen = Math.max(seen, value);
    trustedFrom = value;
    args.listening?.();
  };
  const subscribed = args.subscriber.subscribe(args.channel, ackChannel, writtenChannel).then(
    async () => {
      await readCounter();
      return true;
    },
    () => false,
  );
  /**
   * After an outage purges were not heard: until subscribed again and the counter read, every entry is checked
   * against Redis. The counter is read once the subscription is back (commands on one connection keep their
   * order), so no purge falls between the two. The subscriber renews nothing by itself (`autoResubscribe: false`,
   * redis-cache.ts): this is the renewal.
   */
  const relisten = async () => {
    trustedFrom = Number.POSITIVE_INFINITY;
    try {
      await args.subscriber.subscribe(args.channel, ackChannel, writtenChannel);
    } catch {
      // Not connected yet: its 'ready' comes later and does this.
      return;
    }
    await readCounter();
  };
  // From the moment the subscription is lost, purges may go unheard: a purge made while ioredis renews it
  // counts the processes that listen, not this one, and returns before this process knows. Only the counter in
  // Redis can tell until `relisten` has read it again.
  args.subscriber.on('close', () => {
    trustedFrom = Number.POSITIVE_INFINITY;
    args.lost?.();
  });
  let first = true;
  args.subscriber.on('ready', () => {
    if (first) {
      first = false;
      return;
    }
    void relisten();
  });
  args.subscriber.on('message', (channel: string, raw: string) => {
    if (channel === ackChannel) {
      const w = waiting.get(raw);
      if (w && ++w.got >= w.needed) w.done();
      return;
    }
    if (channel === writtenChannel) {
      try {
        const note = JSON.parse(raw) as { id?: unknown; keys?: unknown };
        if (note.id !== self && Array.isArray(note.keys))
          args.written?.(note.keys.filter((k): k is string => typeof k === 'string'));
      } catch {
        // Not a note of this version's: nothing to learn from it.
      }
      return;
    }
    if (channel !== args.channel) return;
    let message: { id: string; tags: string[]; seq: number; at: number; lsn?: unknown };
    try {
      message = JSON.parse(raw);
    } catch {
      return;
    }
    if (!Array.isArray(message.tags)) return;
    // A message without a number (a process of an older version): outdates everything of its tags until the
    // next numbered purge of them.
    const seq = typeof message.seq === 'number' ? message.seq : Number.POSITIVE_INFINITY;
    if (Number.isFinite(seq)) seen = Math.max(seen, seq);
    args.apply(
      message.tags.filter((t): t is string => typeof t === 'string'),
      seq,
      waiting.has(String(message.id)),
      typeof message.at === 'number' ? message.at : Date.now(),
      isWalPosition(message.lsn) ? message.lsn : undefined,
    );
    args.publisher.publish(ackChannel, String(message.id)).catch(() => {});
  });

  return {
    seen: () => seen,
    /** Whether every purge reaches this process now: subscribed, and the counter read since. */
    hearsAll: () => trustedFrom !== Number.POSITIVE_INFINITY,
    relisten,
    trustedFrom: () => trustedFrom,
    /** The last purge number of each of `tags` (0: never purged); rejects when Redis cannot tell. */
    async lastPurges(tags: readonly string[]): Promise<number[]> {
      if (tags.length === 0) return [];
      const values = await args.publisher.hmget(tagsKey, ...tags);
      return values.map((v) => Number(v ?? 0));
    },
    /**
     * Resolves once every process that listens has applied the tags, or after the timeout; false when Redis could
     * not be asked (the caller replays the purge later).
     */
    async announce(tags: string[], walLsn?: string): Promise<boolean> {
      await subscribed;
      const id = randomUUID();
      let done!: () => void;
      const applied = new Promise<void>((resolve) => {
        done = resolve;
      });
      const entry = { needed: Number.POSITIVE_INFINITY, got: 0, done };
      waiting.set(id, entry);
      let timer: NodeJS.Timeout | undefined;
      try {
        const [, needed] = (await args.publisher.eval(
          PURGE_SCRIPT,
          2,
          seqKey,
          tagsKey,
          args.channel,
          id,
          String(Date.now()),
          isWalPosition(walLsn) ? walLsn : '',
          ...tags,
        )) as [number, number];
        entry.needed = needed;
        if (entry.got >= entry.needed) return true;
        await Promise.race([
          applied,
          new Promise<void>((resolve) => {
            timer = setTimeout(resolve, args.timeoutMs ?? 500);
          }),
        ]);
        return true;
      } catch {
        return false;
      } finally {
        clearTimeout(timer);
        waiting.delete(id);
      }
    },
    /**
     * Tells the other processes that these keys' shared entries were written (after their writes, on the same
     * connection, so that Redis holds them when the note arrives): a process that recomputes one of them after a
     * purge reads it instead (bento-tagged-cache.ts, `writtenElsewhere`).
     */
    announceWritten(keys: string[]): Promise<unknown> {
      return args.publisher.publish(writtenChannel, JSON.stringify({ id: self, keys }));
    },
    async close() {
      await args.subscriber.quit().catch(() => args.subscriber.disconnect());
    },
  };
}
