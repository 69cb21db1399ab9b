import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/** An answer with its header lines exactly as sent (tests that compare replayed answers byte for byte). */
export interface Raw {
  status: number;
  /** Raw header lines as sent (name and value, in order). */
  headers: string[];
  body: Buffer;
}

export function send(
  base: string,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
  body?: string,
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.rawHeaders, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

export const header = (r: Raw, name: string) => {
  for (let i = 0; i < r.headers.length; i += 2)
    if (r.headers[i]!.toLowerCase() === name) return r.headers[i + 1];
  return undefined;
};

/** The header lines with the values that differ per request by design masked (names and order kept). */
const perRequest = new Set(['x-request-id', 'ratelimit', 'date']);
export const stable = (r: Raw) =>
  r.headers.map((v, i) => (i % 2 === 1 && perRequest.has(r.headers[i - 1]!.toLowerCase()) ? '…' : v));

export const remaining = (r: Raw) => Number(/remaining=(\d+)/.exec(header(r, 'ratelimit') ?? '')?.[1]);

/** The body as the client reads it: undone from its `Content-Encoding`. */
export function decodedBody(r: Raw): Buffer {
  const coding = header(r, 'content-encoding');
  if (coding === undefined) return r.body;
  if (coding === 'gzip') return gunzipSync(r.body);
  if (coding === 'br') return brotliDecompressSync(r.body);
  throw new Error(`unexpected Content-Encoding: ${coding}`);
}
