import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.ts';
import { captureLog } from '../testing/capture-log.ts';
import { checkRedis, parseInfo, versionProblem } from './checks.ts';
import { connectRedis, type RedisHandle } from './connection.ts';
import { redisServerAvailable, startRedisServer, type TestRedisServer } from './test-server.ts';

describe('Redis version rule', () => {
  it.each([
    ['redis_version:4.0.14', 'Redis 4.0.14 is too old'],
    ['redis_version:3.2.12', 'Redis 3.2.12 is too old'],
    ['redis_version:5.0.0', undefined],
    ['redis_version:6.2.14', undefined],
    ['redis_version:7.2.4\r\nserver_name:valkey\r\nvalkey_version:8.0.1', undefined],
    ['redis_version:7.2.4\r\nserver_name:valkey\r\nvalkey_version:7.2.5', undefined],
    ['redis_version:7.0.0\r\nserver_name:valkey\r\nvalkey_version:7.0.9', 'Valkey 7.0.9 is too old'],
  ])('%s', (info, problem) => {
    const found = versionProblem(parseInfo(`# Server\r\n${info}\r\n`));
    if (problem) expect(found).toContain(problem);
    else expect(found).toBeUndefined();
  });

  it('reads the eviction policy from INFO memory', () => {
    expect(parseInfo('# Memory\r\nmaxmemory_policy:allkeys-lru\r\n').maxmemoryPolicy).toBe('allkeys-lru');
  });
});

describe.runIf(redisServerAvailable())('Redis startup checks against a real server', () => {
  let server: TestRedisServer | undefined;
  let handle: RedisHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    await server?.stop();
  });

  const checked = async (args: string[]) => {
    server = await startRedisServer(args);
    const captured = captureLog();
    handle = await connectRedis({ url: server.url, log: captured.log });
    try {
      await checkRedis(handle.client, captured.log);
      return { captured, error: undefined };
    } catch (err) {
      return { captured, error: err as AppError };
    }
  };

  it('accepts a current server with noeviction and warns about nothing', async () => {
    const { captured, error } = await checked(['--maxmemory-policy', 'noeviction']);
    expect(error).toBeUndefined();
    expect(captured.warnings()).toEqual([]);
  });

  it('refuses a server without Lua scripting, saying so', async () => {
    const { error } = await checked(['--rename-command', 'EVAL', '']);
    expect(error).toBeInstanceOf(AppError);
    expect(error?.key).toBe('redis.unsupported');
    expect(error?.message).toMatch(/Lua scripting/);
  });

  it('refuses a server without pub/sub, saying so', async () => {
    const { error } = await checked(['--rename-command', 'PUBLISH', '']);
    expect(error?.key).toBe('redis.unsupported');
    expect(error?.message).toMatch(/pub\/sub/);
  });

  it('warns once about an eviction policy that can drop queue jobs', async () => {
    const { captured, error } = await checked(['--maxmemory-policy', 'allkeys-lru']);
    expect(error).toBeUndefined();
    const warnings = captured.warnings();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.msg).toMatch(/maxmemory-policy is "allkeys-lru".*noeviction/);
  });
});
