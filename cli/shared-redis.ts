// What shared-state.ts loads only with Redis (ioredis, bentocache's Redis driver): one module, one chunk.
export { redisCache } from '../core/cache/redis-cache.ts';
export { checkRedis } from '../core/redis/checks.ts';
export { connectRedis } from '../core/redis/connection.ts';
