import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resident memory of a process in MB, from /proc (Linux). */
export function rssMb(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return line ? Math.round(Number.parseInt(line.split(/\s+/)[1]!, 10) / 1024) : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request without keep-alive (a probe must not ride on a connection the load is using). */
export function send(
  url: string,
  options: {
    method?: string;
    path: string;
    host?: string;
    headers?: Record<string, string>;
    body?: string;
  } = {
    path: '/',
  },
): Promise<Answer> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: u.hostname,
        port: u.port,
        method: options.method ?? 'GET',
        path: options.path,
        agent: false,
        headers: { ...(options.host ? { host: options.host } : {}), ...options.headers },
        timeout: 10_000,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Polls `check` every 50 ms until it holds or `limitMs` passes; the time it took, or undefined. */
export async function timeUntil(check: () => Promise<boolean>, limitMs: number): Promise<number | undefined> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if (await check().catch(() => false)) return Date.now() - started;
    await sleep(50);
  }
  return undefined;
}

/**
 * Opens `count` connections that send nothing and hold them; reports how many the server closed, and when.
 */
export async function idleConnections(host: string, port: number, count: number) {
  const sockets: Socket[] = [];
  const closedAt: number[] = [];
  const opened = Date.now();
  let refused = 0;
  await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<void>((resolve) => {
          const s = connect({ host, port }, () => resolve());
          s.on('error', () => {
            refused++;
            resolve();
          });
          s.on('close', () => closedAt.push(Date.now() - opened));
          sockets.push(s);
        }),
    ),
  );
  return {
    refused: () => refused,
    closed: () => closedAt.length,
    /** When the server had closed half of them (ms after opening), if it had. */
    halfClosedMs: () =>
      closedAt.length >= count / 2 ? [...closedAt].sort((a, b) => a - b)[Math.floor(count / 2)] : undefined,
    release() {
      for (const s of sockets) s.destroy();
    },
  };
}

export interface BigBodyResult {
  status: number | string;
  key?: string;
  /** Bytes the client had sent when the answer came. */
  sentMb: number;
  ms: number;
}

/**
 * Sends a body of `mb` megabytes (Content-Length set, streamed in 64 KB chunks) and stops sending as soon as
 * an answer arrives, as a client would; reports the status and how much had been sent by then.
 */
export function bigBody(
  url: string,
  path: string,
  mb: number,
  headers: Record<string, string> = {},
): Promise<BigBodyResult> {
  const u = new URL(url);
  const total = mb * 1024 * 1024;
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  const started = Date.now();
  return new Promise((resolve) => {
    let sent = 0;
    let done = false;
    const finish = (r: Omit<BigBodyResult, 'sentMb' | 'ms'>) => {
      if (done) return;
      done = true;
      resolve({ ...r, sentMb: Math.round((sent / 1024 / 1024) * 10) / 10, ms: Date.now() - started });
      req.destroy();
    };
    const req = request(
      {
        host: u.hostname,
        port: u.port,
        method: 'POST',
        path,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': String(total), ...headers },
        timeout: 60_000,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (body += c));
        res.on('end', () => {
          let key: string | undefined;
          try {
            key = (JSON.parse(body) as { error?: { key?: string } }).error?.key;
          } catch {
            key = undefined;
          }
          finish({ status: res.statusCode ?? 0, ...(key ? { key } : {}) });
        });
      },
    );
    req.on('timeout', () => finish({ status: 'timeout' }));
    req.on('error', (err: NodeJS.ErrnoException) => finish({ status: err.code ?? 'error' }));
    const pump = () => {
      while (!done && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!done) req.end();
    };
    pump();
  });
}
