import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  at: number;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface TestReceiver {
  url: string;
  port: number;
  received: Received[];
  /** Resolves once `n` requests have arrived (or rejects after `timeoutMs`). */
  waitFor(n: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

/**
 * A real webhook receiver on loopback (127.0.0.1, a free port) for tests: it records every request and
 * answers what `answer` says (`null`: never answers, to test timeouts).
 */
export async function startReceiver(
  answer: (
    r: Received,
  ) => { status: number; body?: string; headers?: Record<string, string> } | null = () => ({
    status: 204,
  }),
): Promise<TestReceiver> {
  const received: Received[] = [];
  const waiters: Array<() => void> = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r = {
        at: Date.now(),
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      };
      received.push(r);
      for (const w of waiters) w();
      const a = answer(r);
      if (!a) return;
      res.writeHead(a.status, a.headers ?? {});
      res.end(a.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    waitFor(n, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < n) return false;
          clearTimeout(timer);
          resolve(received.slice(0, n));
          return true;
        };
        const timer = setTimeout(
          () => reject(new Error(`${received.length} of ${n} webhook requests arrived in ${timeoutMs} ms`)),
          timeoutMs,
        );
        if (!check()) waiters.push(() => void check());
      });
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
