import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { serviceUrl } from '../testing/require-service.ts';
import { purgeAcks } from './purge-acks.ts';

const redisUrl = serviceUrl('REDIS_URL');

async function until(check: () => boolean, what: string) {
  for (const end = Date.now() + 10_000; Date.now() < end; await new Promise((r) => setTimeout(r, 20))) {
    if (check()) return;
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.skipIf(!redisUrl)('purge acknowledgements (Redis)', () => {
  const connections: Redis[] = [];
  const connect = (connectionName?: string) => {
    const c = new Redis(redisUrl!, {
      maxRetriesPerRequest: null,
      ...(connectionName ? { connectionName } : {}),
    });
    connections.push(c);
    return c;
  };
  afterAll(async () => {
    for (const c of connections) c.disconnect();
  });

  it('trusts no entry from the moment its subscription is lost until it has listened again', async () => {
    const prefix = `verso-acks-${randomBytes(4).toString('hex')}:`;
    const name = `acks-${randomBytes(4).toString('hex')}`;
    const subscriber = connect(name);
    const acks = purgeAcks({
      publisher: connect(),
      subscriber,
      channel: `${prefix}purges`,
      keyPrefix: prefix,
      apply: () => {},
    });
    await until(() => acks.trustedFrom() === 0, 'the first subscription');
    // Another process purges while this one's subscription is being renewed: it is not counted, so the purge
    // returns without this process; its entries must be checked against Redis (trustedFrom: never).
    const other = connect();
    await other.incr(`${prefix}seq`);
    const closed = once(subscriber, 'close');
    const clients = String(await other.call('client', 'list', 'type', 'pubsub'));
    const id = clients
      .split('\n')
      .find((line) => line.includes(`name=${name}`))
      ?.match(/id=(\d+)/)?.[1];
    expect(id).toBeDefined();
    await other.call('client', 'kill', 'id', id!);
    await closed;
    expect(acks.trustedFrom()).toBe(Number.POSITIVE_INFINITY);
    await until(() => acks.trustedFrom() === 1, 'listening again from the counter');
    expect(acks.seen()).toBe(1);
    await acks.close();
  });
  it("carries a purge's WAL position to every process, and none when it has none or a malformed one", async () => {
    const prefix = `verso-acks-${randomBytes(4).toString('hex')}:`;
    const heard: { tags: string[]; walLsn: string | undefined }[] = [];
    const make = (apply: Parameters<typeof purgeAcks>[0]['apply']) =>
      purgeAcks({
        publisher: connect(),
        subscriber: connect(),
        channel: `${prefix}purges`,
        keyPrefix: prefix,
        apply,
      });
    const purger = make(() => {});
    const reader = make((tags, _seq, _own, _at, walLsn) => heard.push({ tags, walLsn }));
    await until(() => purger.hearsAll() && reader.hearsAll(), 'both subscribed');
    // Each call returns once the reader has applied the purge (it acknowledges after `apply`).
    expect(await purger.announce(['doc:a'], '16/B374D848')).toBe(true);
    expect(await purger.announce(['doc:b'])).toBe(true);
    expect(await purger.announce(['doc:c'], '0/1","tags":["x"]}')).toBe(true);
    expect(heard).toEqual([
      { tags: ['doc:a'], walLsn: '16/B374D848' },
      { tags: ['doc:b'], walLsn: undefined },
      { tags: ['doc:c'], walLsn: undefined },
    ]);
    await purger.close();
    await reader.close();
  });
});
