import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLog } from '../testing/capture-log.ts';
import { connectRedis, type RedisHandle } from './connection.ts';
import { redisServerAvailable, startRedisServer, type TestRedisServer } from './test-server.ts';

const waitFor = async (check: () => boolean, what: string) => {
  for (let i = 0; i < 200; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
};

describe.runIf(redisServerAvailable())('Redis connection through an outage', () => {
  let server: TestRedisServer;
  let handle: RedisHandle;
  const captured = captureLog();
  let reconnects = 0;
  beforeAll(async () => {
    server = await startRedisServer();
    handle = await connectRedis({ url: server.url, log: captured.log });
    handle.onReconnect(() => reconnects++);
  });
  afterAll(async () => {
    await handle.close();
    await server.stop();
  });

  it('fails commands at once while down, logs one warning, and comes back', async () => {
    expect(await handle.client.ping()).toBe('PONG');
    await server.stop();
    await waitFor(() => !handle.reachable(), 'the connection to drop');
    for (let i = 0; i < 5; i++) await expect(handle.client.get('k')).rejects.toThrow();
    await new Promise((r) => setTimeout(r, 700));
    expect(captured.warnings()).toHaveLength(1);
    await server.start();
    await waitFor(() => handle.reachable(), 'the connection to come back');
    expect(await handle.client.ping()).toBe('PONG');
    expect(reconnects).toBe(1);
    expect(captured.lines().some((l) => l.msg === 'Redis is reachable again')).toBe(true);
  });

  it('starts without a reachable server, warning once, and connects when it appears', async () => {
    const down = await startRedisServer();
    await down.stop();
    const log = captureLog();
    const late = await connectRedis({ url: down.url, log: log.log, connectTimeoutMs: 500 });
    expect(late.reachable()).toBe(false);
    expect(log.warnings()).toHaveLength(1);
    await down.start();
    await waitFor(() => late.reachable(), 'the late connection');
    await late.close();
    await down.stop();
  });
});
