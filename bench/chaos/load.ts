import { Agent, request } from 'node:http';

/** One kind of request the steady load sends, to one of its targets (a second target is the failover). */
export interface Target {
  name: string;
  /** Cached paths must never fail; uncached ones may answer 503 while the database is down. */
  cached: boolean;
  urls: () => string[];
  path: () => string;
  host?: string;
}

export interface Outcome {
  at: number;
  target: string;
  cached: boolean;
  /** HTTP status, or a connection error code. */
  status: string;
  /** The error body's key of a 5xx, when it had one. */
  key?: string;
  retried: boolean;
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

function once(
  url: string,
  path: string,
  host: string | undefined,
): Promise<{ status: string; key?: string }> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const req = request(
      {
        agent,
        host: u.hostname,
        port: u.port,
        path,
        headers: host ? { host } : {},
        timeout: 10_000,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => {
          if (status >= 500) chunks.push(c);
        });
        res.on('end', () => {
          let key: string | undefined;
          if (status >= 500) {
            try {
              key = (JSON.parse(Buffer.concat(chunks).toString()) as { error?: { key?: string } }).error?.key;
            } catch {
              key = undefined;
            }
          }
          resolve({ status: String(status), ...(key ? { key } : {}) });
        });
        res.on('error', () => resolve({ status: 'ERESET' }));
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEOUT' })));
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ status: err.code ?? 'EERROR' }));
    req.end();
  });
}

const CONNECTION_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ERESET', 'EPIPE']);

/**
 * Steady load: `workers` loops, each sending one request after another until stopped. A request that could not
 * reach its process (refused or reset connection) is sent once more to the next target, as a load balancer
 * with `proxy_next_upstream error` would; only what fails then counts as failed.
 */
export function steadyLoad(targets: Target[], workers: number) {
  const outcomes: Outcome[] = [];
  let running = true;
  let n = 0;
  const loop = async () => {
    while (running) {
      const target = targets[n++ % targets.length]!;
      const urls = target.urls();
      const first = urls[Math.floor(Math.random() * urls.length)]!;
      const path = target.path();
      let answer = await once(first, path, target.host);
      let retried = false;
      if (CONNECTION_ERRORS.has(answer.status) && urls.length > 1) {
        retried = true;
        const other = urls.find((u) => u !== first)!;
        answer = await once(other, path, target.host);
      }
      outcomes.push({ at: Date.now(), target: target.name, cached: target.cached, retried, ...answer });
      // Keep the record bounded over a long soak: old outcomes are summarised by the caller per phase.
      if (outcomes.length > 2_000_000) outcomes.splice(0, 1_000_000);
    }
  };
  const loops = Array.from({ length: workers }, loop);
  return {
    /** Outcomes between two instants. */
    between: (from: number, to: number) => outcomes.filter((o) => o.at >= from && o.at <= to),
    async stop() {
      running = false;
      await Promise.all(loops);
      agent.destroy();
    },
  };
}

export interface Tally {
  requests: number;
  retried: number;
  failed: Record<string, number>;
  cachedFailed: number;
  uncachedFailed: number;
  /** 503 answers that carried the error body (`database.unavailable`, …), by key. */
  unavailable: Record<string, number>;
}

/** A request failed when it is neither 2xx/3xx/404 nor a 503 with the error body on an uncached path. */
export function tally(outcomes: Outcome[]): Tally {
  const t: Tally = {
    requests: outcomes.length,
    retried: 0,
    failed: {},
    cachedFailed: 0,
    uncachedFailed: 0,
    unavailable: {},
  };
  for (const o of outcomes) {
    if (o.retried) t.retried++;
    const code = Number(o.status);
    const fine = code >= 200 && code < 500;
    if (fine) continue;
    if (!o.cached && code === 503 && o.key) {
      t.unavailable[o.key] = (t.unavailable[o.key] ?? 0) + 1;
      continue;
    }
    t.failed[o.status] = (t.failed[o.status] ?? 0) + 1;
    if (o.cached) t.cachedFailed++;
    else t.uncachedFailed++;
  }
  return t;
}
