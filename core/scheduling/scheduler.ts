import type { TaggedCache } from '../cache/tagged-cache.ts';
import type { Db } from '../db/types.ts';
import type { Logger } from '../log.ts';
import type { RedisHandle } from '../redis/connection.ts';
import { type ScheduleRunner, startPolledSchedule } from './polled-schedule.ts';
import { startQueuedSchedule } from './queued-schedule.ts';

export interface StartScheduledActionsArgs {
  db: Db;
  /** The process's cache: a run purges what `content.publish` purges. */
  cache: TaggedCache;
  log: Logger;
  /** With Redis: bullmq delayed jobs across the management processes; without: the database, polled. */
  redis?: RedisHandle;
  /** How often the database is looked at without Redis (1 s: a publish is live within 2 s of its time). */
  pollMs?: number;
}

/**
 * Starts running scheduled publishes and unpublishes from this process: the management processes run it
 * (cli/background.ts), beside housekeeping and webhook deliveries; public and website processes never do.
 */
export function startScheduledActions(args: StartScheduledActionsArgs): Promise<ScheduleRunner> {
  const deps = { db: args.db, cache: args.cache, log: args.log };
  return args.redis
    ? startQueuedSchedule({ ...deps, redis: args.redis, relayMs: 5_000, overdueMs: 10_000 })
    : startPolledSchedule({ ...deps, pollMs: args.pollMs ?? 1_000 });
}
