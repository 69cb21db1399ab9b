import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** The machine's CPU counters (all cores) from /proc/stat: idle and total jiffies. */
function cpuCounters(): { idle: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8')
    .split('\n', 1)[0]!
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return { idle: fields[3]! + fields[4]!, total: fields.reduce((sum, n) => sum + n, 0) };
}

/** The share of all cores that was busy over `ms` (0 to 1). */
export async function busyShare(ms = 1000): Promise<number> {
  const before = cpuCounters();
  await sleep(ms);
  const after = cpuCounters();
  const total = after.total - before.total;
  return total > 0 ? 1 - (after.idle - before.idle) / total : 0;
}

/** The processes using the most CPU right now, one short line each (for a report). */
export function busiestProcesses(count = 5): string {
  const out = execFileSync('ps', ['-eo', 'pcpu,comm,args', '--sort=-pcpu'], { encoding: 'utf8' });
  return out
    .split('\n')
    .slice(1, count + 1)
    .map((line) => line.trim().slice(0, 120))
    .join('; ');
}

/**
 * Waits until the machine is quiet (at most `maxBusy` of all cores busy over a second), for at most
 * `timeoutMs`. Lighthouse's simulated throttling scales the CPU time it observes, so a run taken while
 * another process holds a core measures that process, not the page (Lighthouse's docs/variability.md).
 * Short: 36 runs waiting their longest add 3 minutes to CI, which must finish in 30; a machine busy for
 * longer is named in the report instead.
 */
export async function waitForQuietMachine(
  maxBusy = 0.25,
  timeoutMs = 5_000,
): Promise<{ busy: number; waitedMs: number; busiest?: string }> {
  const started = Date.now();
  for (;;) {
    const busy = await busyShare();
    const waitedMs = Date.now() - started;
    if (busy <= maxBusy) return { busy, waitedMs };
    if (waitedMs >= timeoutMs) return { busy, waitedMs, busiest: busiestProcesses() };
  }
}
