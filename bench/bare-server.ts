/**
 * The baseline of the HTTP benchmarks: a bare `node:http` server that answers fixed bytes and headers per
 * path, the least a Node server can do to send the same answer. Run on its own it reads the answers from a
 * JSON file and prints `{"port": …}` once it listens:
 *
 *   node bin/run-ts.mjs bench/bare-server.ts answers.json
 *
 * A request with `If-None-Match` equal to an answer's `etag` gets its 304 (status and headers, no body).
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

export interface FixedAnswer {
  status: number;
  headers: Record<string, string>;
  /** Text, or base64 when `base64` is set (images). */
  body: string;
  base64?: boolean;
  /** The 304 of this answer, sent when `If-None-Match` equals `headers.etag`. */
  notModified?: Record<string, string>;
}

export function serveFixed(
  answers: Record<string, FixedAnswer>,
  port = 0,
): Promise<{ port: number; close(): void }> {
  const prepared = new Map(
    Object.entries(answers).map(([path, a]) => {
      const body = a.base64 ? Buffer.from(a.body, 'base64') : Buffer.from(a.body);
      return [
        path,
        {
          status: a.status,
          body,
          headers: { ...a.headers, 'content-length': String(body.length) },
          etag: a.headers.etag,
          notModified: a.notModified,
        },
      ];
    }),
  );
  const server = createServer((req, res) => {
    const answer = prepared.get(req.url ?? '');
    if (!answer) {
      res.writeHead(404).end();
      return;
    }
    if (answer.notModified && req.headers['if-none-match'] === answer.etag) {
      res.writeHead(304, answer.notModified);
      res.end();
      return;
    }
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      const address = server.address() as { port: number };
      resolve({ port: address.port, close: () => server.close() });
    });
  });
}

if (process.argv[1]?.endsWith('bare-server.ts')) {
  const answers = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Record<string, FixedAnswer>;
  const { port } = await serveFixed(answers);
  process.stdout.write(`${JSON.stringify({ port })}\n`);
}
