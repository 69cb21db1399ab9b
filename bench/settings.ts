import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The options of `npm run bench` (bench/run.ts) and what every part of it shares: CPU pinning, logging, databases. */
export interface CannonResult {
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
  requests: { average: number };
  latency: { p50: number; p99: number };
}
export interface CannonOptions {
  url: string;
  connections: number;
  duration: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}
// autocannon ships no types.
export const autocannon = createRequire(import.meta.url)('autocannon') as (
  o: CannonOptions,
) => Promise<CannonResult>;

export const args = process.argv.slice(2);
export const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
export const SECONDS = option('seconds', 14);
/** `--sizes 1000,10000`: the size curve's generated sizes (all three by default). */
export const SIZES = args.includes('--sizes')
  ? args[args.indexOf('--sizes') + 1]!.split(',').map(Number)
  : [1_000, 10_000, 100_000];
/**
 * Alternations of Verso and the bare server per hot path, `ROUND_SECONDS` each (see `pair`). Seven: with three,
 * one slow round of either moved a ratio by 0.05-0.1 between two runs of the same code (2026-11-27).
 */
export const ROUNDS = Math.max(1, option('rounds', 7));
export const ROUND_SECONDS = Math.max(1, Math.round(SECONDS / ROUNDS));
/** Seconds of unmeasured requests before each uncached path (one at a time), and before the uncached render. */
export const UNCACHED_WARM_UP = option('uncached-warm-up', 15);
// A fresh website process at 10 connections spent 3431, 1662, 1395, 1360, 1196, 1167, 1221 µs of CPU per uncached
// page in consecutive 4 s windows (2026-11-27): V8 settles after about 20 s, some 15,000 renders.
export const RENDER_WARM_UP = option('render-warm-up', 30);
export const CONNECTIONS = option('connections', 10);
export const RENDERS = option('renders', 500);
export const OUT = args.includes('--out') ? args[args.indexOf('--out') + 1]! : 'bench/results.md';
/** `--only a,b`: the hot paths whose name contains one of the words (case-insensitive); undefined: all. */
export const ONLY = args.includes('--only')
  ? args[args.indexOf('--only') + 1]!.toLowerCase().split(',').filter(Boolean)
  : undefined;
export const chosen = (path: string) => !ONLY || ONLY.some((word) => path.toLowerCase().includes(word));
export const root = fileURLToPath(new URL('..', import.meta.url));
export const demoFile = join(root, 'demo/space.json');

export const hasTaskset = (() => {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return cpus().length >= 2;
  } catch {
    return false;
  }
})();
/** Debian's `wrk`, when installed, is the load generator; else autocannon (bench/wrk.ts says why). */
export const hasWrk = (() => {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (err) {
    // `wrk --version` prints its version and exits 1.
    return (err as { status?: number }).status === 1;
  }
})();

/** Pins a process and all its threads to one CPU. */
export const pin = (pid: number, cpu: number) => {
  if (hasTaskset) execFileSync('taskset', ['-a', '-cp', String(cpu), String(pid)], { stdio: 'ignore' });
};

export const log = (line: string) => process.stderr.write(`bench: ${line}\n`);

/**
 * DATABASE_URL and REDIS_URL as given. Children get exactly the databases `setUp` makes, and Redis only where a
 * part says so (the edge and publish benches' processes share it; the others run without).
 */
export const adminUrl = process.env.DATABASE_URL;
export const redisUrl = process.env.REDIS_URL;
delete process.env.DATABASE_URL;
delete process.env.REDIS_URL;
