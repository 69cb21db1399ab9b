import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisServerAvailable, startRedisServer, type TestRedisServer } from '../core/redis/test-server.ts';
import { serviceUrl } from '../core/testing/require-service.ts';
import { type FixtureStack, fixtureStack, type StackProcess } from './testing/fixture-stack.ts';
import { eventually, getAs } from './testing/http.ts';

const databaseUrl = serviceUrl('DATABASE_URL');
type List = [limit: number, offset: number];

/**
 * Which commands two `verso serve` processes of the public role send for the shared entry of an uncached read,
 * seen by Redis itself (`MONITOR`): a key that no process wrote is computed without a `GET` (each process knows
 * the keys written, core/cache/written-keys.ts), and a key the other process wrote is read from Redis, not
 * computed again. On a redis-server of its own: a `MONITOR` of a Redis that other work shares sees its commands too,
 * and ioredis's monitor failed on them ("Command queue state error").
 */
describe.runIf(databaseUrl && redisServerAvailable())('shared entries across public processes', () => {
  const prefix = `entries-${randomUUID().slice(0, 8)}`;
  let redis: TestRedisServer;
  let stack: FixtureStack;
  let apis: StackProcess[];
  let client: Redis;
  let monitor: Redis;
  /** Commands on this test's keys, as Redis ran them. */
  const commands: string[][] = [];
  // One name for both, as behind a balancer: a REST answer's cache key holds its origin.
  const host = 'api.fixture.test';

  beforeAll(async () => {
    redis = await startRedisServer();
    stack = await fixtureStack(databaseUrl!, { REDIS_URL: redis.url, REDIS_KEY_PREFIX: prefix });
    apis = await Promise.all([
      stack.serve('public', { PUBLIC_SPACE: 'fixture' }),
      stack.serve('public', { PUBLIC_SPACE: 'fixture' }),
    ]);
    client = new Redis(redis.url);
    monitor = await client.monitor();
    monitor.on('monitor', (_time: string, args: string[]) => {
      if (args.some((a) => String(a).startsWith(`${prefix}:cache:`)))
        commands.push(args.map((a, i) => (i === 0 ? String(a).toLowerCase() : String(a))));
    });
  }, 240_000);
  afterAll(async () => {
    monitor?.disconnect();
    client?.disconnect();
    await stack?.stop();
    await redis?.stop();
  }, 60_000);

  /** Whether a key (or a note) names the list of `limit` and `offset` (the key spells out the query). */
  const names = (text: string, [limit, offset]: List) =>
    text.includes(`list?limit=${limit}&`) && text.includes(`&offset=${offset}`);
  /** The GETs and SETs of that list's entry, in order. */
  const entryCommands = (list: List) =>
    commands.filter(([c, key]) => (c === 'get' || c === 'set') && names(key!, list)).map(([c]) => c);
  /** Waits until a note of written keys naming the list went out (the other process hears it with that). */
  const noted = (list: List) =>
    eventually(
      () =>
        commands.some(
          ([c, channel, note]) => c === 'publish' && channel!.endsWith(':written') && names(note!, list),
        ),
      `a note of ${list}`,
    );
  const ask = (p: StackProcess, [limit, offset]: List) =>
    getAs(host, `${p.url}/v1/content?limit=${limit}&offset=${offset}`);

  it('computes a key no process wrote without reading Redis, and reads the one the other process wrote', async () => {
    const [a, b] = apis as [StackProcess, StackProcess];
    const first: List = [17, 3];
    const one = await ask(a, first);
    expect(one.status).toBe(200);
    await noted(first);
    // A: no GET of an entry nobody wrote, then the entry's SET after the answer.
    expect(entryCommands(first)).toEqual(['set']);

    // B heard of it: one GET, and the entry is taken (it would be written again had B computed it).
    const two = await ask(b, first);
    expect(two.text).toBe(one.text);
    const second: List = [16, 2];
    expect((await ask(b, second)).status).toBe(200);
    await noted(second);
    expect(entryCommands(first)).toEqual(['set', 'get']);
    // And B's own new key: computed without a GET.
    expect(entryCommands(second)).toEqual(['set']);
  });
});
