import { join } from 'node:path';
import type { TaggedCache } from '../core/cache/tagged-cache.ts';
import type { Config } from '../core/config/index.ts';
import { resolveAuthSecret } from '../core/config/secrets.ts';
import { openDb } from '../core/db/open.ts';
import type { Db } from '../core/db/types.ts';
import { createLogger, type Logger } from '../core/log.ts';
import { openMediaStorage } from '../core/media/open-storage.ts';
import { sharpRenderer } from '../core/media/render-variant.ts';
import type { MediaStorage } from '../core/media/storage.ts';
import { type VariantStore, variantStore } from '../core/media/variant-store.ts';
import type { Metrics } from '../core/metrics/metrics.ts';
import { quietMetrics } from '../core/metrics/quiet-metrics.ts';
import type { Plugin } from '../core/plugins.ts';
import type { RateLimiter } from '../core/rate-limit/rate-limiter.ts';
import type { RedisHandle } from '../core/redis/connection.ts';
import { boundContentModels } from '../delivery/reader/registry.ts';
import { loadPlugins } from './plugins.ts';
import { openSharedState } from './shared-state.ts';

/** What every command and process is built from; created once per process. */
export interface Services {
  config: Config;
  db: Db;
  log: Logger;
  plugins: Plugin[];
  storage: MediaStorage;
  /** Image variants rendered once per process and kept under `DATA_DIR/media/variants`. */
  variants: VariantStore;
  authSecret: () => string;
  /** MEDIA_SIGNING_SECRET, else the auth secret. */
  mediaSecret: () => string;
  cache: TaggedCache;
  /** Counts requests against the rate rules (operations.md): in Redis when shared, else per process. */
  rateLimiter: RateLimiter;
  /** The process's Redis connection when `REDIS_URL` is set and the command serves (see createServices). */
  redis?: RedisHandle;
  /** The process's figures (`GET /metrics`, scope `metrics`). */
  metrics: Metrics;
}

/** Closes what the services opened: Redis (first, so that closing is not taken for an outage), the cache, the database. */
export async function closeServices(services: Services): Promise<void> {
  await services.redis?.close();
  await services.cache.close().catch(() => {});
  await services.db.close();
}

/**
 * `redis`: connect to `REDIS_URL` (serving processes). One-shot commands leave it off and keep an in-memory
 * cache, so that a migration or an import never depends on Redis.
 */
export async function createServices(
  config: Config,
  options: { redis?: boolean; quietMetrics?: boolean } = {},
): Promise<Services> {
  const log = createLogger(config.LOG_LEVEL);
  // Before any reader exists: each registry takes the bound when it is made.
  boundContentModels(config.CONTENT_MODELS_KEPT);
  const db = await openDb(config);
  // Node's own figures (RSS, event loop, GC) only for processes that serve.
  // `quietMetrics`: a command that serves no /metrics (the static export) counts nothing and loads no prom-client.
  const metrics = options.quietMetrics
    ? quietMetrics()
    : (await import('../core/metrics/metrics.ts')).createMetrics({ processMetrics: options.redis === true });
  metrics.watch({ pool: () => db.poolUse?.() });
  let shared: Awaited<ReturnType<typeof openSharedState>>;
  try {
    shared = await openSharedState({ config, db, log, useRedis: options.redis === true, metrics });
  } catch (err) {
    await db.close();
    throw err;
  }
  let secret: string | undefined;
  const authSecret = () => {
    secret ??= resolveAuthSecret(config);
    return secret;
  };
  const storage = await openMediaStorage(config);
  return {
    config,
    db,
    log,
    plugins: loadPlugins({ website: config.WEBSITE_PLUGIN }),
    storage,
    variants: variantStore({
      dir: join(config.DATA_DIR, 'media', 'variants'),
      storage,
      render: sharpRenderer,
    }),
    authSecret,
    mediaSecret: () => config.MEDIA_SIGNING_SECRET ?? authSecret(),
    cache: shared.cache,
    rateLimiter: shared.rateLimiter,
    redis: shared.redis,
    metrics,
  };
}
