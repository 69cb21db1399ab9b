import { Queue, Worker } from 'bullmq';
import type { Db } from '../db/types.ts';
import type { Logger } from '../log.ts';
import type { RedisHandle } from '../redis/connection.ts';
import { bullConnection } from './bull-connection.ts';
import { type HousekeepingJob, housekeepingJobs } from './housekeeping-tasks.ts';

export interface Housekeeping {
  stop(): Promise<void>;
}

export interface StartHousekeepingArgs {
  db: Db;
  log: Logger;
  /** With Redis: bullmq job schedulers, each run once across all management processes. */
  redis?: RedisHandle;
  /** Replaces the intervals (tests). */
  jobs?: HousekeepingJob[];
  /** Called after each run in this process (tests count runs with it). */
  onRun?: (run: { job: string; runId: string; deleted: number }) => void;
}

const queueName = 'housekeeping';

async function runJob(args: StartHousekeepingArgs, job: HousekeepingJob, runId: string): Promise<void> {
  const deleted = await job.run(args.db);
  args.log.info({ job: job.id, runId, deleted }, 'housekeeping job ran');
  args.onRun?.({ job: job.id, runId, deleted });
}

/**
 * Without Redis every management process keeps its own timer per job (first run at start).
 */
function withTimers(args: StartHousekeepingArgs, jobs: HousekeepingJob[]): Housekeeping {
  const timers: NodeJS.Timeout[] = [];
  let running = Promise.resolve();
  for (const job of jobs) {
    let n = 0;
    const tick = () => {
      running = running
        .then(() => runJob(args, job, `timer:${job.id}:${n++}`))
        .catch((err: unknown) => args.log.error({ err, job: job.id }, 'housekeeping job failed'));
    };
    tick();
    const timer = setInterval(tick, job.everyMs);
    timer.unref();
    timers.push(timer);
  }
  return {
    async stop() {
      for (const t of timers) clearInterval(t);
      await running;
    },
  };
}

/**
 * With Redis each job is a bullmq job scheduler (`upsertJobScheduler`, the same id from every process, so
 * there is one schedule) and each scheduled run is taken by exactly one worker of all processes. The first
 * run is at start. Scheduling does not hold up startup when Redis is down; it happens once Redis is back.
 */
function withQueue(args: StartHousekeepingArgs, redis: RedisHandle, jobs: HousekeepingJob[]): Housekeeping {
  const prefix = `${redis.prefix}:jobs`;
  const connection = bullConnection(redis);
  const byId = new Map(jobs.map((j) => [j.id, j]));
  const queue = new Queue(queueName, { connection, prefix });
  const worker = new Worker(
    queueName,
    async (job) => {
      const task = byId.get(job.name);
      if (task) await runJob(args, task, job.id ?? job.name);
    },
    { connection, prefix, concurrency: 1 },
  );
  // Connection trouble is reported once by the Redis handle; a failed run is logged here.
  queue.on('error', () => {});
  worker.on('error', () => {});
  worker.on('failed', (job, err) => args.log.error({ err, job: job?.name }, 'housekeeping job failed'));
  const scheduled = Promise.all(
    jobs.map((job) =>
      queue.upsertJobScheduler(
        job.id,
        { every: job.everyMs },
        { name: job.id, opts: { removeOnComplete: 100, removeOnFail: 100 } },
      ),
    ),
  ).catch((err: unknown) => args.log.error({ err }, 'housekeeping could not be scheduled'));
  return {
    async stop() {
      await Promise.race([scheduled, new Promise((r) => setTimeout(r, 1000).unref())]);
      await worker.close();
      await queue.close();
    },
  };
}

/** Starts the management instance's housekeeping; public and website instances never call this. */
export function startHousekeeping(args: StartHousekeepingArgs): Housekeeping {
  const jobs = args.jobs ?? housekeepingJobs;
  return args.redis ? withQueue(args, args.redis, jobs) : withTimers(args, jobs);
}
