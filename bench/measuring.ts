import { mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FixedAnswer } from './bare-server.ts';
import { type Child, child } from './child-processes.ts';
import {
  autocannon,
  type CannonOptions,
  CONNECTIONS,
  chosen,
  hasTaskset,
  hasWrk,
  log,
  ROUND_SECONDS,
  ROUNDS,
} from './settings.ts';
import { wrk } from './wrk.ts';

/** Measuring a hot path: warm-up, rounds alternating Verso and the bare server answering the same bytes. */

export interface Row {
  path: string;
  detail: string;
  verso: Measured;
  bare?: Measured;
  /** Verso ÷ bare req/s of each round. */
  ratios?: number[];
  /** The least ratio to bare (issues 10 and 14). */
  target?: number;
  /** The least Verso req/s, for a path no bare server compares with (issue 14: uncached page). */
  rpsTarget?: number;
}

export type Measured = { rps: number; p50: number; p99: number };
/** What is loaded: address, method, headers, body (the duration and connections are the run's). */
export type Target = Omit<CannonOptions, 'duration' | 'connections'>;

/** Checks the answer's status, then loads the path unmeasured for `warmUp` seconds. */
export async function warm(name: string, options: Target, expect: number, warmUp: number): Promise<void> {
  if (hasWrk) {
    // Checked before: the answer has the expected status (capture); wrk counts anything outside 2xx/3xx.
    const probe = await request(options.url, options);
    if (probe.status !== expect) throw new Error(`${name}: answered ${probe.status}, not ${expect}`);
    await wrk({ ...options, connections: CONNECTIONS, seconds: warmUp }, hasTaskset);
    return;
  }
  await autocannon({ ...options, connections: CONNECTIONS, duration: warmUp }); // and the first, uncached answer
}

export async function measure(
  name: string,
  options: Target,
  expect: number,
  seconds: number,
): Promise<Measured> {
  if (hasWrk) {
    const r = await wrk({ ...options, connections: CONNECTIONS, seconds }, hasTaskset);
    if (r.failures > 0) throw new Error(`${name}: ${r.failures} failed requests under load`);
    log(`${name}: ${r.rps.toFixed(0)} req/s (wrk)`);
    return { rps: r.rps, p50: r.p50, p99: r.p99 };
  }
  const r = await autocannon({ ...options, connections: CONNECTIONS, duration: seconds });
  const other = Object.entries(r.statusCodeStats ?? {}).filter(([code]) => Number(code) !== expect);
  if (r.errors > 0 || r.timeouts > 0 || other.length > 0)
    throw new Error(
      `${name}: ${r.errors} errors, ${r.timeouts} timeouts, statuses ${JSON.stringify(r.statusCodeStats)}`,
    );
  log(`${name}: ${r.requests.average.toFixed(0)} req/s`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The median of each figure over the rounds. */
export const medianOf = (runs: Measured[]): Measured => ({
  rps: median(runs.map((r) => r.rps)),
  p50: median(runs.map((r) => r.p50)),
  p99: median(runs.map((r) => r.p99)),
});

export const skipHeaders = new Set([
  'content-length',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
]);

/** One request over node:http (fetch would not send a `Host` header of our choosing). */
export function request(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; headers: Record<string, string>; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: init.method ?? 'GET', headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers as Record<string, string>,
          bytes: Buffer.concat(chunks),
        }),
      );
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

/** An answer as a client sees it, for the bare server to send unchanged. */
export async function capture(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  expect = 200,
): Promise<FixedAnswer> {
  const res = await request(url, init);
  if (res.status !== expect)
    throw new Error(`${url} answered ${res.status}: ${res.bytes.toString().slice(0, 300)}`);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) if (!skipHeaders.has(name)) headers[name] = value;
  // A compressed body is bytes, whatever its type.
  const text = !headers['content-encoding'] && /json|^text\//.test(headers['content-type'] ?? '');
  return { status: res.status, headers, body: res.bytes.toString(text ? 'utf8' : 'base64'), base64: !text };
}

export const withoutBody = (a: FixedAnswer) => {
  const { 'content-type': _t, ...rest } = a.headers;
  return a.status === 304 ? a.headers : rest;
};

export async function bareFor(answers: Record<string, FixedAnswer>): Promise<Child> {
  const file = join(mkdtempSync(join(tmpdir(), 'verso-bench-bare-')), 'answers.json');
  writeFileSync(file, JSON.stringify(answers));
  return child('bench/bare-server.ts', [file], {});
}

/**
 * Verso and the bare server on one path: each warmed, then measured in `--rounds` alternations of
 * `--seconds / --rounds` each. The ratio is the median of the rounds' ratios: on a shared machine the speed of
 * both drifts over seconds, and a ratio of one long run each moved by ±0.3 between runs.
 */
export async function pair(
  rows: Row[],
  row: Omit<Row, 'verso' | 'bare' | 'ratios'>,
  verso: Target,
  bare: Target | undefined,
  expect = 200,
  warmUp = 2,
) {
  if (!chosen(row.path)) return;
  await warm(`verso ${row.path}`, verso, expect, warmUp);
  if (bare) await warm(`bare ${row.path}`, bare, expect, 2);
  const v: Measured[] = [];
  const b: Measured[] = [];
  // Every other round the bare server goes first, so that neither always follows the other.
  for (let i = 0; i < ROUNDS; i++) {
    if (bare && i % 2 === 1) b.push(await measure(`bare ${row.path}`, bare, expect, ROUND_SECONDS));
    v.push(await measure(`verso ${row.path}`, verso, expect, ROUND_SECONDS));
    if (bare && i % 2 === 0) b.push(await measure(`bare ${row.path}`, bare, expect, ROUND_SECONDS));
  }
  rows.push({
    ...row,
    verso: medianOf(v),
    ...(bare ? { bare: medianOf(b), ratios: v.map((m, i) => m.rps / b[i]!.rps) } : {}),
  });
}
