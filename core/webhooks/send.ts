import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { CheckedTarget } from './address-check.ts';

/** What one attempt came to: the answer's status (null without one), an error, a body excerpt, its duration. */
export interface AttemptResult {
  status: number | null;
  error: string | null;
  body: string;
  durationMs: number;
}

export const EXCERPT_BYTES = 1024;

/**
 * POSTs the body to the checked address: the connection goes to `target.address` (the socket never looks the
 * name up again), the `Host` header and TLS name stay the URL's. Redirects are answers like any other (not
 * followed); the whole attempt, connection to the first kilobyte of the body, is cut at `timeoutMs`.
 */
export function sendAttempt(
  target: CheckedTarget,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<AttemptResult> {
  const started = performance.now();
  const pinned: LookupFunction = (_host, options, cb) => {
    if ((options as { all?: boolean }).all) {
      (cb as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [
        { address: target.address, family: target.family },
      ]);
    } else cb(null, target.address, target.family);
  };
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (r: Omit<AttemptResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve({ ...r, durationMs: Math.round(performance.now() - started) });
    };
    const req = client.request(target.url, {
      method: 'POST',
      lookup: pinned,
      agent: false,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Verso-Webhooks/1',
        'content-length': String(Buffer.byteLength(body)),
        ...headers,
      },
    });
    const timer = setTimeout(
      () => finish({ status: null, error: `timeout after ${timeoutMs} ms`, body: '' }),
      timeoutMs,
    );
    req.on('error', (err: NodeJS.ErrnoException) =>
      finish({ status: null, error: err.code ? `${err.code}: ${err.message}` : err.message, body: '' }),
    );
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        const excerpt = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8');
        // A cut multi-byte character shows as U+FFFD; drop it rather than keep half a character.
        finish({ status: res.statusCode ?? null, error: null, body: excerpt.replace(/\uFFFD$/, '') });
      };
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= EXCERPT_BYTES) done();
      });
      res.on('end', done);
      res.on('error', done);
    });
    req.end(body);
  });
}
