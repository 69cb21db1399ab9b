import type { ConnectionOptions } from 'bullmq';
import type { RedisHandle } from '../redis/connection.ts';

/**
 * bullmq's connection options from the process's Redis handle: bullmq opens its own connections; its workers
 * block, so commands must wait rather than fail.
 */
export function bullConnection(redis: RedisHandle): ConnectionOptions {
  const o = redis.connectionOptions();
  return {
    host: o.host,
    port: o.port,
    db: o.db,
    username: o.username,
    password: o.password,
    tls: o.tls,
    maxRetriesPerRequest: null,
    retryStrategy: (times: number) => Math.min(times * 200, 2000),
  };
}
