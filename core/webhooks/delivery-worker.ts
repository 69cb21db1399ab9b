import type { Db } from '../db/types.ts';
import type { Logger } from '../log.ts';
import type { RedisHandle } from '../redis/connection.ts';
import type { AttemptOptions } from './attempt.ts';
import { type DeliveryRunner, startPolledDelivery } from './polled-delivery.ts';
import { startQueuedDelivery } from './queued-delivery.ts';
import { retryDelaysMs } from './retry-schedule.ts';

export interface StartWebhookDeliveryArgs {
  db: Db;
  log: Logger;
  /** With Redis: bullmq jobs across the management processes; without: the database, polled. */
  redis?: RedisHandle;
  /** `WEBHOOK_ALLOW_PRIVATE`. */
  allowPrivate: boolean;
  /** `WEBHOOK_RETRY_BASE_MS`: the first retry's wait; the schedule is retry-schedule.ts. */
  retryBaseMs: number;
  /** Replaces the schedule from `retryBaseMs` (tests of the last attempt). */
  retryDelaysMs?: number[];
  /** Per attempt, 10 s. */
  timeoutMs?: number;
  /** How often the database is looked at for retries come due (without Redis), 1 s. */
  pollMs?: number;
  onAttempt?: AttemptOptions['onAttempt'];
}

/**
 * Starts sending webhook deliveries from this process: the management processes run it (cli/background.ts),
 * beside housekeeping; public and website processes never do.
 */
export function startWebhookDelivery(args: StartWebhookDeliveryArgs): Promise<DeliveryRunner> {
  const options: AttemptOptions = {
    db: args.db,
    log: args.log,
    allowPrivate: args.allowPrivate,
    retryDelaysMs: args.retryDelaysMs ?? retryDelaysMs(args.retryBaseMs),
    timeoutMs: args.timeoutMs ?? 10_000,
    ...(args.onAttempt ? { onAttempt: args.onAttempt } : {}),
  };
  const concurrency = 8;
  return args.redis
    ? startQueuedDelivery({ ...options, redis: args.redis, relayMs: 5_000, concurrency })
    : startPolledDelivery({ ...options, pollMs: args.pollMs ?? 1_000, concurrency });
}
