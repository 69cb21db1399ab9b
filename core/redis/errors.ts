import { registerErrors } from '../errors/catalogue.ts';

/** Error keys of the Redis connection (startup checks); registered when this module loads. */
registerErrors({
  'redis.unsupported': { kind: 'internal', message: 'The Redis server at REDIS_URL cannot be used.' },
});
