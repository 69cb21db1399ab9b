import { Queue, Worker } from 'bullmq';
import { bullConnection } from '../../jobs/bull-connection.ts';
import type { Logger } from '../../log.ts';
import type { RedisHandle } from '../../redis/connection.ts';
import type { TaggedCache } from '../tagged-cache.ts';
import { purgeKeys } from './edge-headers.ts';
import type { EdgePurger } from './edge-purgers.ts';
import { type EdgeStatus, statusOf } from './edge-status.ts';

export interface ForwardPurgesArgs {
  purger: EdgePurger;
  log: Logger;
  /** With Redis, retries go through a bullmq queue (any process with the edge set takes them); else timers. */
  redis?: RedisHandle;
  /** Attempts after the first, and the first backoff (doubled each time). */
  retries?: number;
  backoffMs?: number;
  /** How long a purge waits for the edge before it returns anyway (the retry goes on). */
  waitMs?: number;
}

/**
 * Every purge also reaches the edge cache (Varnish, Fastly or Cloudflare): once at once, waited for at most
 * `waitMs` so that the procedure's answer usually finds the edge purged already; when the edge fails or is
 * slow, it is retried with exponential backoff, through the job queue when Redis is there. A failing edge never
 * fails the purge (nor the publish): it is logged with the tags it could not purge and shows in `/readyz`.
 */
export function forwardPurges(cache: TaggedCache, args: ForwardPurgesArgs): TaggedCache {
  const { purger, log } = args;
  const retries = args.retries ?? 8;
  const backoffMs = args.backoffMs ?? 1000;
  const waitMs = args.waitMs ?? 2000;
  const state: Omit<EdgeStatus, 'pending' | 'status'> = { kind: purger.kind };
  let pendingHere = 0;
  // With Redis, the last success and failure are shared: the edge's state is the same for every process, and
  // a retry that succeeds in another process's worker clears this one's failure too.
  const sharedKey = args.redis ? `${args.redis.prefix}:edge:status` : undefined;
  const share = (fields: Record<string, string>) => {
    if (sharedKey && args.redis?.reachable()) args.redis.client.hset(sharedKey, fields).catch(() => {});
  };
  const succeeded = () => {
    state.lastSuccessAt = new Date().toISOString();
    share({ lastSuccessAt: state.lastSuccessAt });
  };
  const failed = (tags: string[], err: unknown, final: boolean) => {
    state.lastError = (err as Error).message;
    state.lastFailureAt = new Date().toISOString();
    share({ lastFailureAt: state.lastFailureAt, lastError: state.lastError });
    const fields = { edge: purger.kind, tags, err: state.lastError };
    if (final)
      log.error(fields, 'edge purge failed for good: these tags stay cached at the edge until they expire');
    else log.warn(fields, 'edge purge failed; it is retried');
  };

  const send = (tags: string[]) => purger.send(purgeKeys(tags));

  /** In-process retries (no Redis, or Redis refused the job). */
  const retryHere = (tags: string[], attempt: number) => {
    pendingHere++;
    setTimeout(
      () => {
        send(tags).then(
          () => {
            pendingHere--;
            succeeded();
          },
          (err: unknown) => {
            pendingHere--;
            const final = attempt >= retries;
            failed(tags, err, final);
            if (!final) retryHere(tags, attempt + 1);
          },
        );
      },
      backoffMs * 2 ** (attempt - 1),
    ).unref();
  };

  let queue: Queue | undefined;
  let worker: Worker | undefined;
  if (args.redis) {
    const connection = bullConnection(args.redis);
    const prefix = `${args.redis.prefix}:jobs`;
    queue = new Queue('edge-purges', { connection, prefix });
    worker = new Worker('edge-purges', async (job) => send(job.data.tags as string[]), {
      connection,
      prefix,
    });
    queue.on('error', () => {});
    worker.on('error', () => {});
    worker.on('completed', succeeded);
    worker.on('failed', (job, err) => {
      if (job) failed(job.data.tags as string[], err, job.attemptsMade >= retries);
    });
  }
  const retry = (tags: string[]) => {
    if (!queue) return retryHere(tags, 1);
    queue
      .add(
        'purge',
        { tags },
        {
          attempts: retries,
          backoff: { type: 'exponential', delay: backoffMs },
          removeOnComplete: 100,
          removeOnFail: 1000,
        },
      )
      .catch(() => retryHere(tags, 1));
  };

  const forwarded: TaggedCache = {
    ...cache,
    getOrSet: cache.getOrSet.bind(cache),
    async purgeTags(tags) {
      await cache.purgeTags(tags);
      const unique = [...new Set(tags)];
      if (unique.length === 0) return;
      let timer: NodeJS.Timeout | undefined;
      const attempt = send(unique).then(succeeded, (err: unknown) => {
        failed(unique, err, false);
        retry(unique);
      });
      await Promise.race([attempt, new Promise<void>((r) => (timer = setTimeout(r, waitMs)))]);
      clearTimeout(timer);
    },
    async close() {
      await worker?.close().catch(() => {});
      await queue?.close().catch(() => {});
      await cache.close();
    },
  };
  if (cache.peek) forwarded.peek = cache.peek.bind(cache);
  const within300ms = <T>(work: Promise<T>, fallback: T): Promise<T> =>
    Promise.race([
      work.catch(() => fallback),
      new Promise<T>((r) => setTimeout(() => r(fallback), 300).unref()),
    ]);
  statusOf.set(forwarded, async () => {
    const [counts, shared] = await Promise.all([
      queue ? within300ms(queue.getJobCounts('waiting', 'delayed', 'active'), {}) : {},
      sharedKey && args.redis
        ? within300ms(args.redis.client.hgetall(sharedKey), {} as Record<string, string>)
        : ({} as Record<string, string>),
    ]);
    const queued = Object.values(counts as Record<string, number>).reduce((a, b) => a + b, 0);
    const seen = { ...state };
    if (shared.lastSuccessAt && !(seen.lastSuccessAt && seen.lastSuccessAt >= shared.lastSuccessAt))
      seen.lastSuccessAt = shared.lastSuccessAt;
    if (shared.lastFailureAt && !(seen.lastFailureAt && seen.lastFailureAt >= shared.lastFailureAt)) {
      seen.lastFailureAt = shared.lastFailureAt;
      if (shared.lastError) seen.lastError = shared.lastError;
    }
    const failing =
      seen.lastFailureAt !== undefined &&
      (seen.lastSuccessAt === undefined || seen.lastFailureAt > seen.lastSuccessAt);
    return { ...seen, status: failing ? 'failing' : 'ok', pending: pendingHere + queued };
  });
  return forwarded;
}
