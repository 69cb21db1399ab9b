import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createMetrics } from './metrics.ts';
import { observeRequests } from './observe-requests.ts';

let close: (() => Promise<void>) | undefined;
afterEach(() => close?.());

async function serve(listener: (req: IncomingMessage, res: ServerResponse) => unknown) {
  const metrics = createMetrics();
  const server = createServer(observeRequests(listener, metrics, false));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  close = () => new Promise<void>((done) => server.close(() => done()));
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
  it('counts an answer committed to before the listener returned (a replay) and one sent later, each once', async () => {
    const { base, counted } = await serve((req, res) => {
      if (req.url === '/v1/now') {
        res.writeHead(200, { 'content-type': 'text/plain' }).end('now');
        return 200;
      }
      if (req.url === '/v1/queued') {
        // Sent later in this turn of the loop, as the fast answers' queue does: counted by the status returned.
        setImmediate(() => res.writeHead(304).end());
        return 304;
      }
      setTimeout(() => res.writeHead(404).end(), 5);
      return undefined;
    });
    for (let i = 0; i < 3; i++) expect((await fetch(`${base}/v1/now`)).status).toBe(200);
    expect((await fetch(`${base}/v1/queued`)).status).toBe(304);
    expect((await fetch(`${base}/v1/later`)).status).toBe(404);
    // The later answer is counted on its `close`, which follows the answer.
    await new Promise((r) => setTimeout(r, 20));
    expect(await counted('rest', 200)).toBe(3);
    expect(await counted('rest', 304)).toBe(1);
    expect(await counted('rest', 404)).toBe(1);
  });
});
