import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createMetrics } from './metrics.ts';
import { observeRequests, replaySinks } from './observe-requests.ts';

let close: (() => Promise<void>) | undefined;
afterEach(() => close?.());

async function serve(listener: (req: IncomingMessage, res: ServerResponse) => unknown) {
  const metrics = createMetrics();
  const server = createServer(observeRequests(listener, metrics, false));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  close = () =>
    new Promise<void>((done) => {
      server.close(() => done());
      // Keep-alive connections of the client would hold the close for seconds.
      server.closeAllConnections();
    });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const counted = async (kind: string, status: number) => {
    const text = await metrics.registry.metrics();
    const name = `verso_http_requests_total{kind="${kind}",status="${status}"}`;
    const line = text.split('\n').find((l) => l.startsWith(`${name} `));
    return line === undefined ? 0 : Number(line.slice(name.length + 1));
  };
  return { base, counted };
}

describe('observeRequests', () => {
  it('counts each answer once when it ends, whenever it is sent, and one the client left as 499', async () => {
    const { base, counted } = await serve((req, res) => {
      if (req.url === '/v1/now') res.writeHead(200, { 'content-type': 'text/plain' }).end('now');
      else if (req.url === '/v1/queued') setImmediate(() => res.writeHead(304).end());
      // `/v1/never` is not answered: the client gives up first.
      else if (req.url === '/v1/never') return;
      else setTimeout(() => res.writeHead(404).end(), 5);
    });
    for (let i = 0; i < 3; i++) expect((await fetch(`${base}/v1/now`)).status).toBe(200);
    expect((await fetch(`${base}/v1/queued`)).status).toBe(304);
    expect((await fetch(`${base}/v1/later`)).status).toBe(404);
    await fetch(`${base}/v1/never`, { signal: AbortSignal.timeout(50) }).catch(() => undefined);
    // An answer is counted on its `close`, which follows the answer.
    await new Promise((r) => setTimeout(r, 50));
    expect(await counted('rest', 200)).toBe(3);
    expect(await counted('rest', 304)).toBe(1);
    expect(await counted('rest', 404)).toBe(1);
    expect(await counted('rest', 499)).toBe(1);
  });

  it('counts replays in the sink of their recipe: route kind and status of the request it was recorded from', async () => {
    const metrics = createMetrics();
    const sinks = replaySinks(metrics, true);
    const page = sinks('/about?x=1', 200);
    const api = sinks('/v1/content', 304);
    page(0.0001);
    page(0.0002);
    api(0.02);
    metrics.request('page', 200, 0.001);
    const text = await metrics.registry.metrics();
    expect(text).toContain('verso_http_requests_total{kind="page",status="200"} 3');
    expect(text).toContain('verso_http_requests_total{kind="rest",status="304"} 1');
    expect(text).toContain('verso_http_request_duration_seconds_count{kind="page"} 3');
    expect(text).toContain('verso_http_request_duration_seconds_count{kind="rest"} 1');
    // Drained by the scrape: a second one adds nothing until more answers come.
    expect(await metrics.registry.metrics()).toContain(
      'verso_http_requests_total{kind="page",status="200"} 3',
    );
    page(0.0001);
    expect(await metrics.registry.metrics()).toContain(
      'verso_http_requests_total{kind="page",status="200"} 4',
    );
  });
});
