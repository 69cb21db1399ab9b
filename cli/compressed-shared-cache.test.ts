import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES } from '../core/http/content-coding.ts';
import { ids } from '../core/testing/fixture-space.ts';
import { serviceUrl } from '../core/testing/require-service.ts';
import { type FixtureStack, fixtureStack, type StackProcess } from './testing/fixture-stack.ts';
import { rpc } from './testing/http.ts';
import { decodedBody, header as headerOf, type Raw, send as sendRaw } from './testing/raw-http.ts';

const databaseUrl = serviceUrl('DATABASE_URL');
const redisUrl = serviceUrl('REDIS_URL');

/**
 * Compressed answers across two `verso serve` processes of the public role sharing PostgreSQL and Redis. The
 * shared cache holds the identity bytes only; each process makes its brotli and gzip forms of an entry the first
 * time a client asks it for one, whether it computed the entry or read it from Redis, and drops them with the
 * entry on a purge. Every process answers every encoding of the same, current bytes.
 */
describe.skipIf(!databaseUrl || !redisUrl)('compressed answers across public processes sharing Redis', () => {
  let stack: FixtureStack;
  let key: string;
  let management: StackProcess;
  let apis: StackProcess[];
  const LIST = '/v1/content?limit=25';
  // One name for both, as behind a balancer: a REST answer's cache key holds its origin.
  const host = { host: 'api.fixture.test' };

  beforeAll(async () => {
    stack = await fixtureStack(databaseUrl!, {
      REDIS_URL: redisUrl!,
      REDIS_KEY_PREFIX: `compressed-${randomUUID().slice(0, 8)}`,
    });
    key = await stack.createKey();
    [management, ...apis] = await Promise.all([
      stack.serve('management', { SCOPES: 'rpc' }),
      stack.serve('public', { PUBLIC_SPACE: 'fixture' }),
      stack.serve('public', { PUBLIC_SPACE: 'fixture' }),
    ]);
  }, 240_000);
  afterAll(() => stack?.stop(), 60_000);

  const ask = (p: StackProcess, coding?: string) =>
    sendRaw(p.url, LIST, coding ? { ...host, 'accept-encoding': coding } : host);

  function expectSame(r: Raw, identity: Raw, coding: string | undefined) {
    expect(r.status).toBe(200);
    expect(headerOf(r, 'content-encoding')).toBe(coding);
    expect(headerOf(r, 'vary')).toBe('Accept-Encoding');
    expect(headerOf(r, 'etag')).toBe(headerOf(identity, 'etag'));
    expect(decodedBody(r).equals(identity.body)).toBe(true);
  }

  it('each process serves gzip and br of the shared entry, and of the next one after a publish', async () => {
    const [a, b] = apis as [StackProcess, StackProcess];
    // A computes the entry and writes it to Redis; B's first answer is that shared entry.
    const identity = await ask(a);
    expect(identity.body.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(identity.body.toString()).toContain('"About us"');
    for (const [p, coding] of [
      [b, 'br'],
      [b, 'gzip'],
      [a, 'br'],
      [a, 'gzip'],
      [b, undefined],
    ] as const) {
      // Twice: the second is a replay in front of the app.
      expectSame(await ask(p, coding), identity, coding);
      expectSame(await ask(p, coding), identity, coding);
    }

    // The draft title becomes the published one: the purge reaches both processes and their compressed forms.
    expect((await rpc(management.url, key, 'content.publish', { id: ids.about, locale: 'en' })).status).toBe(
      200,
    );
    const fresh = await ask(b, 'br');
    expect(headerOf(fresh, 'etag')).not.toBe(headerOf(identity, 'etag'));
    const freshIdentity = await ask(a);
    expect(freshIdentity.body.toString()).toContain('"About us (draft)"');
    expectSame(fresh, freshIdentity, 'br');
    for (const p of [a, b])
      for (const coding of ['br', 'gzip', undefined]) expectSame(await ask(p, coding), freshIdentity, coding);
  });
});
