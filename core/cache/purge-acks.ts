import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

export interface PurgeAcksArgs {
  /** Publishes (fails at once while Redis is gone). */
  publisher: Redis;
  /** A connection of its own for the subscription; ioredis renews it after an outage. */
  subscriber: Redis;
  channel: string;
  /**
   * Drops what this process remembers of the tags (purged at `at` by the purger's clock), so its next read asks
   * Redis; `own`: the purge is this process's own, coming back.
   */
  apply: (tags: string[], at: number, own: boolean) => void;
  /** How long a purge waits for the slowest process before it returns anyway. */
  timeoutMs?: number;
}

/**
 * "A purge reaches every process before the call returns": the purging process announces the tags and waits
 * until every subscriber has applied them and said so (PUBLISH answers how many subscribers it reached). The
 * cache bus alone cannot promise that: its message may reach another process after a request that follows the
 * publish. A process that does not answer in time (hung, or gone mid-purge) is not waited for longer.
 */
export function purgeAcks(args: PurgeAcksArgs) {
  const ackChannel = `${args.channel}:ack`;
  const waiting = new Map<string, { needed: number; got: number; done: () => void }>();
  const subscribed = args.subscriber.subscribe(args.channel, ackChannel).then(
    () => true,
    () => false,
  );
  args.subscriber.on('message', (channel: string, raw: string) => {
    if (channel === ackChannel) {
      const w = waiting.get(raw);
      if (w && ++w.got >= w.needed) w.done();
      return;
    }
    if (channel !== args.channel) return;
    let message: { id: string; tags: string[]; at: number };
    try {
      message = JSON.parse(raw);
    } catch {
      return;
    }
    if (!Array.isArray(message.tags)) return;
    const at = typeof message.at === 'number' ? message.at : Date.now();
    args.apply(
      message.tags.filter((t): t is string => typeof t === 'string'),
      at,
      waiting.has(String(message.id)),
    );
    args.publisher.publish(ackChannel, String(message.id)).catch(() => {});
  });

  return {
    /** Resolves once every process that listens has applied the tags, or after the timeout. */
    async announce(tags: string[]): Promise<void> {
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
        entry.needed = await args.publisher.publish(
          args.channel,
          JSON.stringify({ id, tags, at: Date.now() }),
        );
        if (entry.got >= entry.needed) return;
        await Promise.race([
          applied,
          new Promise<void>((resolve) => {
            timer = setTimeout(resolve, args.timeoutMs ?? 500);
          }),
        ]);
      } catch {
        // Redis is gone: the caller replays its purges when it is back.
      } finally {
        clearTimeout(timer);
        waiting.delete(id);
      }
    },
    async close() {
      await args.subscriber.quit().catch(() => args.subscriber.disconnect());
    },
  };
}
