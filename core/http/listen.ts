import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';

export interface Listening {
  port: number;
  close(): Promise<void>;
}

/** Starts an HTTP server for a Hono app; resolves once it listens (port 0 picks a free one). */
export function listen(app: Hono, options: { port: number; hostname: string }): Promise<Listening> {
  return new Promise((resolve, reject) => {
    const server = serve(
      { fetch: app.fetch, port: options.port, hostname: options.hostname },
      (info: AddressInfo) => {
        resolve({
          port: info.port,
          close: () => new Promise((done) => server.close(() => done())),
        });
      },
    );
    server.once('error', reject);
  });
}
