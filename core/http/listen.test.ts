import { connect } from 'node:net';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Listening, listen } from './listen.ts';

const FIRST_REQUEST_MS = 300;
let server: Listening;

beforeAll(async () => {
  const app = new Hono();
  app.get('/', (c) => c.text('ok'));
  server = await listen(app, { port: 0, hostname: '127.0.0.1', firstRequestMs: FIRST_REQUEST_MS });
});
afterAll(() => server.close());

/** A raw connection: when the server closed it (ms after opening), and what it received. */
function rawConnection() {
  const socket = connect({ host: '127.0.0.1', port: server.port });
  const opened = Date.now();
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (d) => (received += d));
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now() - opened)));
  socket.on('error', () => {});
  return { socket, closed, received: () => received };
}

describe('listen: connections that send nothing', () => {
  it('closes a connection that sends no request within its time', async () => {
    const idle = rawConnection();
    const after = await idle.closed;
    expect(after).toBeGreaterThanOrEqual(FIRST_REQUEST_MS - 50);
    expect(after).toBeLessThan(FIRST_REQUEST_MS + 2000);
  });

  it('leaves a connection that sent a request to keep-alive: a second request later is answered on it', async () => {
    const conn = rawConnection();
    const get = 'GET / HTTP/1.1\r\nHost: x\r\n\r\n';
    conn.socket.write(get);
    await new Promise((r) => setTimeout(r, FIRST_REQUEST_MS * 2));
    conn.socket.write(get);
    await new Promise((r) => setTimeout(r, 200));
    expect(conn.received().match(/HTTP\/1\.1 200/g)).toHaveLength(2);
    conn.socket.destroy();
  });
});
