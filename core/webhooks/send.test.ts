import { afterEach, describe, expect, it } from 'vitest';
import { sendAttempt } from './send.ts';
import { startReceiver, type TestReceiver } from './test-receiver.ts';

describe('one webhook attempt', () => {
  let rx: TestReceiver | undefined;
  afterEach(() => rx?.close());

  const target = (url: string, address = '127.0.0.1') => ({ url: new URL(url), address, family: 4 as const });

  it('connects to the checked address, never looking the name up again, and keeps the name in Host', async () => {
    rx = await startReceiver(() => ({ status: 200, body: 'ok' }));
    // `.invalid` never resolves (RFC 6761): the request can only arrive through the pinned address.
    const res = await sendAttempt(
      target(`http://hooks.example.invalid:${rx.port}/in`),
      { 'webhook-id': 'm1' },
      '{}',
      5000,
    );
    expect(res).toMatchObject({ status: 200, error: null, body: 'ok' });
    expect(rx.received[0]).toMatchObject({ path: '/in', body: '{}' });
    expect(rx.received[0]!.headers).toMatchObject({
      host: `hooks.example.invalid:${rx.port}`,
      'webhook-id': 'm1',
      'content-type': 'application/json',
    });
  });

  it('does not follow a redirect: the 302 is the answer, the other address gets nothing', async () => {
    rx = await startReceiver((r) =>
      r.path === '/hook' ? { status: 302, headers: { location: '/elsewhere' } } : { status: 200 },
    );
    const res = await sendAttempt(target(rx.url), {}, '{}', 5000);
    expect(res.status).toBe(302);
    await new Promise((r) => setTimeout(r, 100));
    expect(rx.received.map((r) => r.path)).toEqual(['/hook']);
  });

  it('gives up at the timeout, and keeps the first kilobyte of a long answer', async () => {
    rx = await startReceiver((r) =>
      r.path === '/slow' ? null : { status: 500, body: `é${'x'.repeat(5000)}` },
    );
    const slow = await sendAttempt(target(rx.url.replace('/hook', '/slow')), {}, '{}', 300);
    expect(slow).toMatchObject({ status: null, error: 'timeout after 300 ms', body: '' });
    expect(slow.durationMs).toBeGreaterThanOrEqual(290);
    const long = await sendAttempt(target(rx.url), {}, '{}', 5000);
    expect(long.status).toBe(500);
    expect(Buffer.byteLength(long.body)).toBe(1024);
    expect(long.body.startsWith('éx')).toBe(true);
  });

  it('reports a refused connection as an error without a status', async () => {
    rx = await startReceiver();
    const port = rx.port;
    await rx.close();
    rx = undefined;
    const res = await sendAttempt(target(`http://127.0.0.1:${port}/`), {}, '{}', 5000);
    expect(res.status).toBeNull();
    expect(res.error).toMatch(/^ECONNREFUSED/);
  });
});
