import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';
import { observeRequests, requestMetricsOf } from '../metrics/observe-requests.ts';
import { fastAnswersOf } from './fast-answers.ts';

export interface Listening {
  port: number;
  close(): Promise<void>;
}

/**
 * Starts an HTTP server for a Hono app; resolves once it listens (port 0 picks a free one). An app with fast
 * answers installed (fast-answers.ts) has them tried first; one with request metrics installed has every answer counted.
 */
/** A connection that has not sent a whole request head by then is closed (nginx: client_header_timeout). */
const FIRST_REQUEST_MS = 10_000;
const HEADERS_MS = 20_000;

/**
 * Node keeps a connection that never sends a byte open for ever (its header timeout starts with the first
 * byte): held open by the hundred, they cost sockets and memory. Each connection gets until its first request
 * head; after that Node's own keep-alive, header and request timeouts apply.
 */
function guardConnections(server: Server, firstRequestMs: number): void {
  server.headersTimeout = HEADERS_MS;
  server.on('connection', (socket) => socket.setTimeout(firstRequestMs));
  server.on('request', (req: IncomingMessage) => {
    if (req.socket.timeout === firstRequestMs) req.socket.setTimeout(0);
  });
}

export function listen(
  app: Hono,
  options: { port: number; hostname: string /** Tests shorten it. */; firstRequestMs?: number },
): Promise<Listening> {
  return new Promise((resolve, reject) => {
    const slow = getRequestListener(app.fetch, { hostname: options.hostname });
    const fast = fastAnswersOf(app);
    const answer = fast ? fast.listener(slow) : slow;
    const counted = requestMetricsOf(app);
    const server = createServer(counted ? observeRequests(answer, counted.metrics, counted.website) : answer);
    guardConnections(server, options.firstRequestMs ?? FIRST_REQUEST_MS);
    server.once('error', reject);
    server.listen(options.port, options.hostname, () => {
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}
