import { Queue, Worker } from 'bullmq';
import { bullConnection } from '../jobs/bull-connection.ts';
import type { RedisHandle } from '../redis/connection.ts';
import type { ScheduleRunner } from './polled-schedule.ts';
import { type RunDeps, runScheduledAction } from './run-scheduled.ts';
import { scheduledChannel } from './schedule-action.ts';

interface JobData {
  id: string;
}

const queueName = 'scheduled';

/**
 * With Redis: each scheduled action is a bullmq delayed job (job id = the row's id) that one worker of all
 * management processes takes at its time; jobs live in Redis, so a restart loses none, and one that came due
 * while every process was down runs when a worker starts. The table stays the record: a relay hands new rows
 * to the queue (woken by `pg_notify`, at start and every `relayMs`), marking them `queued`. A row still there
 * `overdueMs` after its time (its job lost with Redis, Redis down when it was handed over, a run the database
 * refused) is run by the relay itself; the claim in the run's transaction keeps such a second try from running
 * it twice. A job of a row scheduled anew or cancelled finds no row and does nothing.
 */
export async function startQueuedSchedule(
  deps: RunDeps & { redis: RedisHandle; relayMs: number; overdueMs: number },
): Promise<ScheduleRunner> {
  const connection = bullConnection(deps.redis);
  const prefix = `${deps.redis.prefix}:jobs`;
  const queue = new Queue<JobData>(queueName, { connection, prefix });
  queue.on('error', () => {});
  const worker = new Worker<JobData>(
    queueName,
    async (job) => {
      await runScheduledAction(deps, job.data.id);
    },
    { connection, prefix, concurrency: 4 },
  );
  worker.on('error', () => {});
  worker.on('failed', (job, err) =>
    deps.log.error({ err, scheduledId: job?.data.id }, 'scheduled action could not be run'),
  );

  const handOver = async () => {
    const res = await deps.db.query<{ id: string; delay_ms: number }>(
      `with picked as (
         select id from scheduled_actions where not queued and failed_at is null
         order by at limit 500 for update skip locked
       )
       update scheduled_actions s set queued = true from picked where s.id = picked.id
       returning s.id::text as id, greatest(0, extract(epoch from s.at - now()) * 1000)::float8 as delay_ms`,
    );
    if (res.rows.length === 0) return;
    try {
      await queue.addBulk(
        res.rows.map((r) => ({
          name: 'run',
          data: { id: r.id },
          opts: { jobId: r.id, delay: Math.round(r.delay_ms), removeOnComplete: true, removeOnFail: 1000 },
        })),
      );
    } catch (err) {
      deps.log.warn({ err }, 'scheduled actions not queued; trying again later');
      await deps.db.query('update scheduled_actions set queued = false where id = any($1::uuid[])', [
        res.rows.map((r) => r.id),
      ]);
    }
  };
  const runOverdue = async () => {
    const res = await deps.db.query<{ id: string }>(
      `select id::text as id from scheduled_actions
       where failed_at is null and at < now() - make_interval(secs => $1::float8 / 1000)
       order by at limit 100`,
      [deps.overdueMs],
    );
    for (const { id } of res.rows) {
      await runScheduledAction(deps, id).catch((err: unknown) =>
        deps.log.error({ err, scheduledId: id }, 'scheduled action could not be run'),
      );
    }
  };

  let relaying: Promise<void> | undefined;
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
        await handOver().catch((err: unknown) => deps.log.error({ err }, 'scheduled actions relay failed'));
      } while (rerun);
      await runOverdue().catch((err: unknown) => deps.log.error({ err }, 'scheduled actions relay failed'));
    })().finally(() => {
      relaying = undefined;
    });
    return relaying;
  };
  const unlisten = await deps.db.listen(scheduledChannel, () => void relay());
  const timer = setInterval(() => void relay(), deps.relayMs);
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
