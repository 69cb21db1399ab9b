import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';
import { fastAnswersOf } from './fast-answers.ts';

export interface Listening {
  port: number;
  close(): Promise<void>;
}

/**
 * Starts an HTTP server for a Hono app; resolves once it listens (port 0 picks a free one). An app with fast
 * answers installed (fast-answers.ts) has them tried first.
 */
export function listen(app: Hono, options: { port: number; hostname: string }): Promise<Listening> {
  return new Promise((resolve, reject) => {
    const slow = getRequestListener(app.fetch, { hostname: options.hostname });
    const fast = fastAnswersOf(app);
    const server = createServer(fast ? fast.listener(slow) : slow);
    server.once('error', reject);
    server.listen(options.port, options.hostname, () => {
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}
