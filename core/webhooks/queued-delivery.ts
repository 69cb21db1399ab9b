import { Queue, Worker } from 'bullmq';
import { bullConnection } from '../jobs/bull-connection.ts';
import type { RedisHandle } from '../redis/connection.ts';
import { type AttemptOptions, attemptDelivery } from './attempt.ts';
import { claimOne } from './delivery-store.ts';
import { deliveriesChannel } from './events.ts';
import type { DeliveryRunner } from './polled-delivery.ts';

interface JobData {
  id: string;
  /** Attempts made before this one: a job for an attempt that already happened finds nothing to claim. */
  attempts: number;
}

const queueName = 'webhooks';

/**
 * With Redis: each attempt is a bullmq job (a retry is a delayed job), taken by one worker of all management
 * processes. The deliveries table stays the record: a relay hands new rows to the queue (woken by `pg_notify`,
 * and every `relayMs`), marking them `queued`, and hands over again a row whose attempt is overdue by two
 * minutes (a job lost with Redis, or a process that died between recording a failure and queueing its retry);
 * the job id `<delivery>.<attempts>` keeps such a second hand-over from running an attempt twice.
 */
export async function startQueuedDelivery(
  o: AttemptOptions & { redis: RedisHandle; relayMs: number; concurrency: number },
): Promise<DeliveryRunner> {
  const connection = bullConnection(o.redis);
  const prefix = `${o.redis.prefix}:jobs`;
  const queue = new Queue<JobData>(queueName, { connection, prefix });
  queue.on('error', () => {});
  const enqueue = (jobs: Array<JobData & { delayMs: number }>) =>
    queue.addBulk(
      jobs.map((j) => ({
        name: 'deliver',
        data: { id: j.id, attempts: j.attempts },
        opts: {
          jobId: `${j.id}.${j.attempts}`,
          delay: Math.max(0, j.delayMs),
          removeOnComplete: true,
          removeOnFail: 1000,
        },
      })),
    );
  const unqueue = (ids: string[]) =>
    o.db.query('update webhook_deliveries set queued = false where id = any($1::uuid[])', [ids]);

  const worker = new Worker<JobData>(
    queueName,
    async (job) => {
      const d = await claimOne(o.db, job.data.id, job.data.attempts);
      if (!d) return;
      const outcome = await attemptDelivery(o, d);
      if (outcome.kind !== 'retry') return;
      await enqueue([{ id: d.id, attempts: d.attempts + 1, delayMs: outcome.delayMs }]).catch(
        async (err: unknown) => {
          o.log.warn({ err, deliveryId: d.id }, 'webhook retry not queued; the relay will queue it');
          await unqueue([d.id]);
        },
      );
    },
    { connection, prefix, concurrency: o.concurrency },
  );
  worker.on('error', () => {});
  worker.on('failed', (job, err) => o.log.error({ err, deliveryId: job?.data.id }, 'webhook job failed'));

  let relaying: Promise<void> | undefined;
  const relayOnce = async () => {
    const res = await o.db.query<{ id: string; attempts: number; delay_ms: number }>(
      `with picked as (
         select id from webhook_deliveries
         where status = 'pending' and (claimed_until is null or claimed_until < now())
           and (not queued or next_attempt_at < now() - interval '2 minutes')
         order by next_attempt_at limit 500 for update skip locked
       )
       update webhook_deliveries d set queued = true from picked where d.id = picked.id
       returning d.id::text as id, d.attempts,
         greatest(0, extract(epoch from d.next_attempt_at - now()) * 1000)::float8 as delay_ms`,
    );
    if (res.rows.length === 0) return;
    try {
      await enqueue(res.rows.map((r) => ({ id: r.id, attempts: r.attempts, delayMs: r.delay_ms })));
    } catch (err) {
      o.log.warn({ err }, 'webhook deliveries not queued; trying again later');
      await unqueue(res.rows.map((r) => r.id));
    }
  };
  let rerun = false;
  // A notification during a relay runs it once more: the row it announces may have committed after the select.
  const relay = () => {
    if (relaying) {
      rerun = true;
      return relaying;
    }
    relaying = (async () => {
      do {
        rerun = false;
        await relayOnce().catch((err: unknown) => o.log.error({ err }, 'webhook relay failed'));
      } while (rerun);
    })().finally(() => {
      relaying = undefined;
    });
    return relaying;
  };
  const unlisten = await o.db.listen(deliveriesChannel, () => void relay());
  const timer = setInterval(() => void relay(), o.relayMs);
  timer.unref();
  void relay();
  return {
    async stop() {
      clearInterval(timer);
      await unlisten();
      await relaying;
      await worker.close();
      await queue.close();
    },
  };
}
