import { edgePurgerFrom } from '../core/cache/edge/edge-config.ts';
import { memoryCache } from '../core/cache/memory-cache.ts';
import { journalPurges } from '../core/cache/purge-journal.ts';
import { purgesWithWalPosition } from '../core/cache/purge-positions.ts';
import type { TaggedCache } from '../core/cache/tagged-cache.ts';
import type { Config } from '../core/config/index.ts';
import { spaceRateOverrides } from '../core/control/rate-overrides.ts';
import { type Db, readRoutingOf } from '../core/db/types.ts';
import { AppError } from '../core/errors/app-error.ts';
import type { Logger } from '../core/log.ts';
import type { Metrics } from '../core/metrics/metrics.ts';
import { createRateLimiter, type RateLimiter } from '../core/rate-limit/rate-limiter.ts';
import type { RedisHandle } from '../core/redis/connection.ts';

export interface SharedState {
  redis?: RedisHandle;
  cache: TaggedCache;
  rateLimiter: RateLimiter;
}

/**
 * The state processes share through Redis when `REDIS_URL` is set (cache, purges, rate counters), else the
 * per-process equivalents. A Redis that answers but is unsupported stops the start with `redis.unsupported`;
 * one that cannot be reached yet is checked as soon as it answers (and then only logged).
 */
export async function openSharedState(args: {
  config: Config;
  db: Db;
  log: Logger;
  useRedis: boolean;
  metrics?: Metrics;
}): Promise<SharedState> {
  const { config, db, log, metrics } = args;
  let redis: RedisHandle | undefined;
  // Redis's modules (ioredis, bentocache's driver) and the edge's (bullmq) are loaded only when used: a one-shot
  // command (the static export) starts without them.
  const shared = args.useRedis && config.REDIS_URL ? await import('./shared-redis.ts') : undefined;
  if (shared && config.REDIS_URL) {
    const { checkRedis } = shared;
    redis = await shared.connectRedis({ url: config.REDIS_URL, log, prefix: config.REDIS_KEY_PREFIX });
    if (redis.reachable()) {
      try {
        await checkRedis(redis.client, log);
      } catch (err) {
        await redis.close();
        throw err;
      }
    } else {
      const late = redis;
      let checked = false;
      late.onReconnect(() => {
        if (checked) return;
        checked = true;
        checkRedis(late.client, log).catch((err: unknown) =>
          log.error(
            { err: err instanceof AppError ? err.message : err },
            'the Redis server at REDIS_URL cannot be used',
          ),
        );
      });
    }
  }
  const measured = metrics ? { metrics } : {};
  const routing = readRoutingOf(db);
  const base =
    redis && shared
      ? shared.redisCache({
          redis,
          defaultTtlSeconds: config.CACHE_TTL,
          ...measured,
          ...(routing ? { routing } : {}),
        })
      : memoryCache({ defaultTtlSeconds: config.CACHE_TTL, ...measured });
  // With read replicas configured, purges carry the primary's WAL position (core/db/replicas/, operations.md).
  const own =
    config.DATABASE_READ_URLS.length > 0 && db.kind === 'pg' ? purgesWithWalPosition(base, db, log) : base;
  // With EDGE_CACHE set, every purge also reaches the edge (core/cache/edge/).
  const purger = edgePurgerFrom(config);
  // Every purge is journaled (static export's `--incremental`), then, with EDGE_CACHE set, reaches the edge.
  // Website processes only echo purges others made (and journaled), and may run on a read-only role.
  const journaled = config.SERVER_MODE === 'website' ? own : journalPurges(own, db, log);
  const cache = purger
    ? (await import('../core/cache/edge/edge-purges.ts')).forwardPurges(journaled, {
        purger,
        log,
        ...(redis ? { redis } : {}),
      })
    : journaled;
  const rateLimiter = createRateLimiter({
    redis,
    log,
    overridesFor: spaceRateOverrides({ db, cache }),
    ...(metrics ? { onRefused: (rule: string) => metrics.rateRefused(rule) } : {}),
  });
  if (metrics && redis) metrics.watch({ redisUp: () => redis.reachable() });
  return { redis, cache, rateLimiter };
}
