import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Load with Debian's `wrk` (one thread, pinned to CPU 1 when `taskset` is there): written in C, it leaves the
 * server the whole of its CPU where autocannon (JavaScript, in the bench process) runs out of CPU itself near
 * the ceiling, which made the bare server's figure, and so every ratio, move by half between runs.
 */
export interface WrkLoad {
  url: string;
  connections: number;
  seconds: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface WrkResult {
  rps: number;
  p50: number;
  p99: number;
  /** Answers outside 2xx and 3xx, socket errors and timeouts, as wrk counts them. */
  failures: number;
}

const luaString = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;

/** The Lua script that sets the method, headers and body of every request. */
function script(load: WrkLoad): string {
  const lines = [`wrk.method = ${luaString(load.method ?? 'GET')}`];
  for (const [name, value] of Object.entries(load.headers ?? {})) {
    // wrk fills in `Host` from the URL under that spelling: replaced, not sent twice.
    const key = name.toLowerCase() === 'host' ? 'Host' : name;
    lines.push(`wrk.headers[${luaString(key)}] = ${luaString(value)}`);
  }
  if (load.body !== undefined) lines.push(`wrk.body = ${luaString(load.body)}`);
  return `${lines.join('\n')}\n`;
}

/** Milliseconds from one of wrk's durations (`812.00us`, `1.20ms`, `2.01s`). */
function ms(value: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(value);
  if (!m) return Number.NaN;
  const n = Number(m[1]);
  return m[2] === 'us' ? n / 1000 : m[2] === 'ms' ? n : m[2] === 's' ? n * 1000 : n * 60_000;
}

export function parseWrk(out: string): WrkResult {
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const p50 = ms(/^\s+50%\s+(\S+)/m.exec(out)?.[1] ?? '');
  const p99 = ms(/^\s+99%\s+(\S+)/m.exec(out)?.[1] ?? '');
  const non = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const errors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  if (!Number.isFinite(rps)) throw new Error(`wrk printed no rate:\n${out}`);
  return { rps, p50, p99, failures: non + errors };
}

export function wrk(load: WrkLoad, pinned: boolean): Promise<WrkResult> {
  const file = join(mkdtempSync(join(tmpdir(), 'verso-wrk-')), 'request.lua');
  writeFileSync(file, script(load));
  const wrkArgs = ['-t1', `-c${load.connections}`, `-d${load.seconds}s`, '--latency', '-s', file, load.url];
  const [command, argv] = pinned ? ['taskset', ['-c', '1', 'wrk', ...wrkArgs]] : ['wrk', wrkArgs];
  return new Promise((resolve, reject) => {
    execFile(command, argv as string[], { encoding: 'utf8' }, (err, stdout, stderr) => {
      if (err) return reject(new Error(`wrk failed: ${stderr || err.message}`));
      try {
        resolve(parseWrk(stdout));
      } catch (parseError) {
        reject(parseError);
      }
    });
  });
}
