import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from '../log.ts';

/**
 * One Redis connection per process, shared by the cache's remote layer and the rate limiter. Commands fail at
 * once while the server cannot be reached (no offline queue), so every caller falls back to the database or
 * lets the request through instead of waiting; the connection keeps reconnecting in the background.
 */
export interface RedisHandle {
  client: Redis;
  /** Key prefix of this instance (`verso`); each user adds its part: `verso:cache`, `verso:rl`, `verso:jobs`. */
  prefix: string;
  reachable(): boolean;
  /** Runs after the connection comes back from an outage (not on the first connect). */
  onReconnect(fn: () => void): void;
  /** Options for libraries that open connections of their own (bullmq). */
  connectionOptions(): RedisOptions;
  /**
   * A template connection for the cache bus, which `duplicate()`s it: subscriptions wait for the server,
   * publishes fail at once while it is gone, and errors are left to this handle's single outage warning.
   */
  busTemplate(): Redis;
  close(): Promise<void>;
}

export interface ConnectRedisArgs {
  url: string;
  log: Logger;
  prefix?: string;
  /** How long startup waits for the first connection before going on without it. */
  connectTimeoutMs?: number;
}

const retryStrategy = (times: number) => Math.min(times * 200, 2000);

/** A connection whose copies stay quiet: errors are reported once by the handle, not printed per attempt. */
class QuietRedis extends Redis {
  constructor(options: RedisOptions) {
    super(options);
    this.on('error', () => {});
  }

  override duplicate(override?: Partial<RedisOptions>): Redis {
    return new QuietRedis({ ...this.options, ...override });
  }
}

/**
 * The cache bus's connections: a subscription waits for the server (and ioredis renews it after an outage),
 * while a publish fails at once when the server is gone, so a purge never waits on Redis; the bus retries it.
 */
class BusRedis extends QuietRedis {
  override duplicate(override?: Partial<RedisOptions>): Redis {
    return new BusRedis({ ...this.options, lazyConnect: false, ...override });
  }

  override publish(channel: string | Buffer, message: string | Buffer): Promise<number> {
    if (this.status !== 'ready') return Promise.reject(new Error('Redis cannot be reached'));
    return super.publish(channel, message);
  }
}

export function redisOptionsFromUrl(url: string): RedisOptions {
  const u = new URL(url);
  const db = Number(u.pathname.replace(/^\//, '') || '0');
  return {
    host: u.hostname.replace(/^\[|\]$/g, ''),
    port: Number(u.port || 6379),
    ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
    ...(Number.isInteger(db) ? { db } : {}),
    ...(u.protocol === 'rediss:' ? { tls: {} } : {}),
    retryStrategy,
  };
}

/**
 * Connects and watches the connection: an outage logs one warning (not one per request) and its end one info
 * line. When the server cannot be reached at startup the process still starts; the connection is retried.
 */
export async function connectRedis(args: ConnectRedisArgs): Promise<RedisHandle> {
  const { log } = args;
  const base = redisOptionsFromUrl(args.url);
  const client = new Redis({
    ...base,
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: args.connectTimeoutMs ?? 5000,
  });
  const reconnectHandlers: Array<() => void> = [];
  let everReady = false;
  let down = false;
  let closing = false;
  const markDown = (err?: Error) => {
    if (down || closing) return;
    down = true;
    log.warn(
      { err: err?.message },
      'Redis cannot be reached: cache purges between processes pause, rate limits let requests through',
    );
  };
  client.on('error', (err: Error) => markDown(err));
  client.on('close', () => {
    if (everReady) markDown();
  });
  client.on('ready', () => {
    const wasDown = down;
    down = false;
    everReady = true;
    if (wasDown) {
      log.info('Redis is reachable again');
      for (const fn of reconnectHandlers) fn();
    }
  });
  try {
    await client.connect();
  } catch (err) {
    markDown(err as Error);
  }
  return {
    client,
    prefix: args.prefix ?? 'verso',
    reachable: () => client.status === 'ready',
    onReconnect: (fn) => {
      reconnectHandlers.push(fn);
    },
    connectionOptions: () => ({ ...base }),
    busTemplate: () => new BusRedis({ ...base, lazyConnect: true, maxRetriesPerRequest: null }),
    async close() {
      closing = true;
      await client.quit().catch(() => client.disconnect());
    },
  };
}
