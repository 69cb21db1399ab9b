import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';
import { observeRequests, replaySinks, requestMetricsOf } from '../metrics/observe-requests.ts';
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
 * head; after that Node's own keep-alive, header and request timeouts apply. The first request's check is in
 * the request listener itself: a second `request` listener made node copy its listeners on every request.
 */
function guardConnections(
  server: Server,
  firstRequestMs: number,
  listener: (req: IncomingMessage, res: ServerResponse) => unknown,
): (req: IncomingMessage, res: ServerResponse) => unknown {
  server.headersTimeout = HEADERS_MS;
  server.on('connection', (socket) => socket.setTimeout(firstRequestMs));
  return (req, res) => {
    if (req.socket.timeout === firstRequestMs) req.socket.setTimeout(0);
    return listener(req, res);
  };
}

export function listen(
  app: Hono,
  options: { port: number; hostname: string /** Tests shorten it. */; firstRequestMs?: number },
): Promise<Listening> {
  return new Promise((resolve, reject) => {
    const listener = getRequestListener(app.fetch, { hostname: options.hostname });
    const counted = requestMetricsOf(app);
    const slow = counted ? observeRequests(listener, counted.metrics, counted.website) : listener;
    const fast = fastAnswersOf(app);
    const observed = fast
      ? fast.listener(slow, counted && replaySinks(counted.metrics, counted.website))
      : slow;
    const server = createServer();
    server.on('request', guardConnections(server, options.firstRequestMs ?? FIRST_REQUEST_MS, observed));
    server.once('error', reject);
    server.listen(options.port, options.hostname, () => {
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}
