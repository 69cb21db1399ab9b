import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectRedis } from '../redis/connection.ts';
import { redisServerAvailable, startRedisServer, type TestRedisServer } from '../redis/test-server.ts';
import { captureLog } from '../testing/capture-log.ts';
import { crossMillisecond, heldComputation } from '../testing/held-computation.ts';
import { serviceUrl } from '../testing/require-service.ts';
import { redisCache } from './redis-cache.ts';
import { heldByBoth, settle, source, twoProcesses } from './redis-cache-kit.ts';
import type { TaggedCache } from './tagged-cache.ts';

const redisUrl = serviceUrl('REDIS_URL');

describe.runIf(redisUrl)('the Redis tagged cache', () => {
  const prefix = `verso-test-${randomBytes(4).toString('hex')}`;
  const log = captureLog();
  let procs: Awaited<ReturnType<typeof twoProcesses>>;
  let raw: Redis;
  beforeAll(async () => {
    procs = await twoProcesses(redisUrl!, prefix, log);
    raw = new Redis(redisUrl!);
  });
  afterAll(async () => {
    await procs.close();
    const keys = await raw.keys(`${prefix}:*`);
    if (keys.length) await raw.del(...keys);
    await raw.quit();
  });

  it('shares entries and a purge in one process reaches the other at once', async () => {
    const db = source();
    db.set('doc', 'v1');
    db.set('other', 'o1');
    expect(await db.read(procs.a, 'doc', ['doc:1', 'lists:s'])).toBe('v1');
    expect(await db.read(procs.a, 'other', ['doc:2'])).toBe('o1');
    await procs.landed('doc');
    await procs.landed('other');
    expect(await db.read(procs.b, 'doc', ['doc:1', 'lists:s'])).toBe('v1');
    expect(await db.read(procs.b, 'other', ['doc:2'])).toBe('o1');
    expect(db.count('doc')).toBe(1);
    db.set('doc', 'v2');
    db.set('other', 'o2');
    await procs.a.purgeTags(['doc:1']);
    expect(await db.read(procs.b, 'doc', ['doc:1', 'lists:s'])).toBe('v2');
    expect(await db.read(procs.a, 'doc', ['doc:1', 'lists:s'])).toBe('v2');
    // Exactly the purged tag: the entry tagged doc:2 stays.
    expect(await db.read(procs.b, 'other', ['doc:2'])).toBe('o1');
    expect(await db.read(procs.a, 'other', ['doc:2'])).toBe('o1');
  });

  it('a purge reaches the other process before its call returns, with no time to settle', async () => {
    const db = source();
    for (let round = 1; round <= 40; round++) {
      db.set('race2', `old${round}`);
      await procs.a.purgeTags(['doc:race2']);
      expect(await db.read(procs.a, 'race2', ['doc:race2'])).toBe(`old${round}`);
      expect(await db.read(procs.b, 'race2', ['doc:race2'])).toBe(`old${round}`);
      db.set('race2', `new${round}`);
      await (round % 2 ? procs.a : procs.b).purgeTags(['doc:race2']);
      expect(await db.read(procs.b, 'race2', ['doc:race2'])).toBe(`new${round}`);
      expect(await db.read(procs.a, 'race2', ['doc:race2'])).toBe(`new${round}`);
    }
  });

  it('both processes hold a value computed in the very millisecond of the purge in their front layers', async () => {
    const db = source();
    await heldByBoth(db, procs, ['tick', 't1', 'doc:tick']);
    db.set('tick', 't2');
    const frozen = vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    try {
      await procs.a.purgeTags(['doc:tick']);
      for (const cache of [procs.a, procs.b]) {
        const value = await db.read(cache, 'tick', ['doc:tick']);
        expect(value).toBe('t2');
        expect(cache.peek?.('tick')).toBe(value);
      }
    } finally {
      frozen.mockRestore();
    }
  });

  it('never shares a value whose tags were purged while it was computed', async () => {
    const db = source();
    await heldByBoth(db, procs, ['race3', 'v1', 'doc:race3']);
    db.set('race3', 'v2');
    await procs.a.purgeTags(['doc:race3']);
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    // Process b reads v2 from the database, then a purge for v3 comes before its computation ends.
    const read = procs.b.getOrSet('race3', async (sink) => {
      const value = 'v2';
      await gate;
      sink.addTags(['doc:race3']);
      return value;
    });
    await settle();
    db.set('race3', 'v3');
    await procs.a.purgeTags(['doc:race3']);
    release();
    expect(await read).toBe('v2');
    await settle();
    expect(await db.read(procs.a, 'race3', ['doc:race3'])).toBe('v3');
    expect(await db.read(procs.b, 'race3', ['doc:race3'])).toBe('v3');
  });

  it('never shares a first computation of a key whose tags were purged while it ran', async () => {
    const db = source();
    const held = heldComputation('v1', ['doc:race4']);
    const read = procs.b.getOrSet('race4', held.compute);
    await held.computing;
    db.set('race4', 'v2');
    await procs.a.purgeTags(['doc:race4']);
    await crossMillisecond();
    held.release();
    expect(await read).toBe('v1');
    await settle();
    expect(await db.read(procs.a, 'race4', ['doc:race4'])).toBe('v2');
    expect(await db.read(procs.b, 'race4', ['doc:race4'])).toBe('v2');
  });

  it('does not wait longer than its limit for a process that never answers', async () => {
    const silent = new Redis(redisUrl!);
    await silent.subscribe(`${prefix}:cache:purges`);
    const started = Date.now();
    await procs.a.purgeTags(['doc:silent']);
    const took = Date.now() - started;
    await silent.quit();
    expect(took).toBeGreaterThanOrEqual(400);
    expect(took).toBeLessThan(2000);
  });

  it('keeps bytes and dates intact through Redis, and hands out objects from memory', async () => {
    const value = {
      body: new TextEncoder().encode('{"ok":true}'),
      at: new Date('2026-01-01T00:00:00Z'),
      n: [1, 'two'],
    };
    const first = await procs.a.getOrSet('binary', async (sink) => {
      sink.addTags(['doc:bin']);
      return value;
    });
    expect(first).toEqual(value);
    await procs.landed('binary');
    const fromRedis = await procs.b.getOrSet<typeof value>('binary', async () => {
      throw new Error('computed again');
    });
    expect(fromRedis.body).toBeInstanceOf(Uint8Array);
    expect(new TextDecoder().decode(fromRedis.body)).toBe('{"ok":true}');
    expect(fromRedis.at).toEqual(value.at);
    expect(fromRedis.n).toEqual([1, 'two']);
    // Read again in that process: from its memory layer, the same object each time (no parsing per read).
    const again = await procs.b.getOrSet('binary', async () => value);
    expect(again).toEqual(fromRedis);
    expect(await procs.b.getOrSet('binary', async () => value)).toBe(again);
  });

  it('after a purge: computed once per process without asking Redis, taken from another that made it since', async () => {
    const db = source();
    await heldByBoth(db, procs, ['fresh', 'f1', 'doc:fresh']);
    expect(db.count('fresh')).toBe(1);
    db.set('fresh', 'f2');
    const entryKey = `${prefix}:cache:fresh`;
    const seen: string[] = [];
    const monitor = await raw.duplicate().monitor();
    monitor.on('monitor', (_time: string, args: string[]) => {
      if (args[1] === entryKey) seen.push(String(args[0]).toLowerCase());
    });
    await settle();
    await procs.a.purgeTags(['doc:fresh']);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => db.read(procs.b, 'fresh', ['doc:fresh'])),
    );
    expect(new Set(answers)).toEqual(new Set(['f2']));
    expect(db.count('fresh')).toBe(2);
    await settle();
    // Process a had the entry too: it takes b's, made after the purge, instead of computing.
    expect(await db.read(procs.a, 'fresh', ['doc:fresh'])).toBe('f2');
    expect(db.count('fresh')).toBe(2);
    await settle();
    monitor.disconnect();
    // b: no read (no other process wrote the entry since the purge) and the new entry's write; a: one read (b's
    // write came through the bus). No tag checks or expiry marks of the entry before computing.
    expect(seen).toEqual(['set', 'get']);
  });

  it('a process that missed a change never takes an entry made before the latest purge (issue 39)', async () => {
    const db = source();
    await heldByBoth(db, procs, ['alt', 'v1', 'doc:alt']);
    for (const [i, reader] of [procs.b, procs.a, procs.a, procs.b, procs.b, procs.a].entries()) {
      // Each change is read by one process only: the other misses it and finds, after the next change, the
      // shared entry its peer made between the two purges.
      db.set('alt', `v${i + 2}`);
      await procs.a.purgeTags(['doc:alt']);
      expect(await db.read(reader, 'alt', ['doc:alt']), `change ${i}`).toBe(`v${i + 2}`);
      await settle();
    }
  });

  it('checks an entry made before it listened against the purges it never heard of', async () => {
    const db = source();
    db.set('old', 'o1');
    expect(await db.read(procs.a, 'old', ['doc:old'])).toBe('o1');
    await settle();
    db.set('old', 'o2');
    await procs.a.purgeTags(['doc:old']);
    // What a process that heard nothing of that purge wrote at the same time: dated before it (another
    // machine's computation, whatever its clock said).
    const entryKey = `${prefix}:cache:old`;
    const item = JSON.parse((await raw.get(entryKey))!);
    item.value.at = 0.5;
    // Written after the purge, so bentocache's own check (by write time) lets it through.
    item.createdAt = Date.now() + 1000;
    await raw.set(entryKey, JSON.stringify(item));
    const log2 = captureLog();
    const h = await connectRedis({ url: redisUrl!, log: log2.log, prefix });
    const late = redisCache({ redis: h, defaultTtlSeconds: 300 });
    try {
      expect(await db.read(late, 'old', ['doc:old'])).toBe('o2');
    } finally {
      await late.close();
      await h.close();
    }
  });

  it('computes once for 20 concurrent misses of one key', async () => {
    const db = source();
    db.set('hot', 'h');
    const slow = (cache: TaggedCache) =>
      cache.getOrSet('hot', async (sink) => {
        await new Promise((r) => setTimeout(r, 50));
        sink.addTags(['doc:hot']);
        return db.read(cache, 'hot-inner', []);
      });
    const answers = await Promise.all(Array.from({ length: 20 }, () => slow(procs.a)));
    expect(new Set(answers)).toEqual(new Set(['none']));
    expect(db.count('hot-inner')).toBe(1);
  });

  it('keeps a local entry in its process only: nothing in Redis, computed once, dropped by a purge from the other', async () => {
    let computed = 0;
    const read = (cache: TaggedCache) =>
      cache.getOrSet(
        'designs-local',
        async (sink) => {
          computed++;
          await new Promise((r) => setTimeout(r, 20));
          sink.addTags(['design:local']);
          return { n: computed };
        },
        { local: true },
      );
    const answers = await Promise.all(Array.from({ length: 10 }, () => read(procs.a)));
    expect(new Set(answers).size).toBe(1);
    expect(computed).toBe(1);
    await settle();
    expect(await raw.keys(`${prefix}:cache:designs-local*`)).toEqual([]);
    // The other process computes its own (it finds nothing shared) and keeps it as well.
    expect(await read(procs.b)).toEqual({ n: 2 });
    expect(await read(procs.a)).toBe(answers[0]);
    await procs.b.purgeTags(['design:local']);
    expect(await read(procs.a)).toEqual({ n: 3 });
    expect(await read(procs.b)).toEqual({ n: 4 });
  });

  it('never touches keys outside its prefix: a foreign key survives a purge', async () => {
    await raw.set('another-app:session:1', 'keep');
    await raw.set('bentocache:foreign', 'keep');
    const db = source();
    await db.read(procs.a, 'x', ['doc:x']);
    await procs.a.purgeTags(['doc:x', 'doc:1', 'domains']);
    expect(await raw.get('another-app:session:1')).toBe('keep');
    expect(await raw.get('bentocache:foreign')).toBe('keep');
    const ours = await raw.keys(`*${prefix}*`);
    expect(ours.length).toBeGreaterThan(0);
    expect(ours.every((k) => k.startsWith(`${prefix}:cache:`))).toBe(true);
    await raw.del('another-app:session:1', 'bentocache:foreign');
  });
});

describe.runIf(redisServerAvailable())('the Redis tagged cache while Redis is down', () => {
  let server: TestRedisServer;
  const log = captureLog();
  let procs: Awaited<ReturnType<typeof twoProcesses>>;
  beforeAll(async () => {
    server = await startRedisServer();
    procs = await twoProcesses(server.url, 'verso', log);
  });
  afterAll(async () => {
    await procs.close();
    await server.stop();
  });

  it('answers from the database with one warning per connection, then purges flow again', async () => {
    const db = source();
    await heldByBoth(db, procs, ['page', 'p1', 'doc:p']);
    await server.stop();
    await settle();
    // Reads keep answering: cached entries from memory, new keys computed from the source.
    db.set('fresh', 'f1');
    for (let i = 0; i < 10; i++) {
      expect(await db.read(procs.b, 'page', ['doc:p'])).toBe('p1');
      expect(await db.read(procs.b, 'fresh', ['doc:f'])).toBe('f1');
    }
    // A purge during the outage takes effect in its own process at once ...
    db.set('page', 'p2');
    await procs.a.purgeTags(['doc:p']);
    expect(await db.read(procs.a, 'page', ['doc:p'])).toBe('p2');
    // One warning per process (two here), however many requests ran meanwhile.
    expect(log.warnings()).toHaveLength(2);
    await server.start();
    for (let i = 0; i < 100 && !(await db.read(procs.b, 'page', ['doc:p'])).startsWith('p2'); i++)
      await settle();
    // ... and reaches the other process once Redis is back (the missed purge is replayed).
    expect(await db.read(procs.b, 'page', ['doc:p'])).toBe('p2');
    db.set('page', 'p3');
    await procs.b.purgeTags(['doc:p']);
    expect(await db.read(procs.a, 'page', ['doc:p'])).toBe('p3');
  });

  it('answers nothing from memory while its subscription is lost: a purge it cannot hear still counts', async () => {
    const db = source();
    await heldByBoth(db, procs, ['lost', 'l1', 'doc:l']);
    const admin = new Redis(server.url);
    let subscribers = 0;
    try {
      // Every subscription drops, and no connection may come back: a purge now reaches no process's ears.
      const connected = Number(/connected_clients:(\d+)/.exec(await admin.info('clients'))![1]);
      subscribers = String(await admin.call('client', 'list', 'type', 'pubsub'))
        .trim()
        .split('\n').length;
      await admin.config('SET', 'maxclients', String(connected));
      await admin.call('client', 'kill', 'type', 'pubsub');
      await settle();
      db.set('lost', 'l2');
      await procs.a.purgeTags(['doc:l']);
      // b's memory held l1 and heard nothing; it asks Redis for the purges of its tags instead.
      expect(await db.read(procs.b, 'lost', ['doc:l'])).toBe('l2');
    } finally {
      await admin.config('SET', 'maxclients', '10000');
      // Every subscription back before the processes close: a subscribe still queued then would be rejected
      // with nobody to hear it.
      for (let i = 0; i < 200; i++) {
        const now = String(await admin.call('client', 'list', 'type', 'pubsub'))
          .trim()
          .split('\n').length;
        if (now >= subscribers) break;
        await settle();
      }
      admin.disconnect();
    }
  });
});
