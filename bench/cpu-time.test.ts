import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { cpuTally, postgresSpent, processMicros, schedstatNanos } from './cpu-time.ts';

/**
 * Keeps the CPU busy until this process has spent about `ms` of CPU time: counted by the process's own clock,
 * not the wall's, so that a loaded machine that takes the CPU away now and then does not shorten it.
 */
function spin(ms: number): void {
  const cpu = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  const end = cpu() + ms;
  let x = 0;
  while (cpu() < end) for (let i = 0; i < 1000; i++) x += Math.sqrt(x + 1);
  expect(x).toBeGreaterThan(0);
}

// Linux only, as the bench's figures are (/proc).
describe('CPU time for the bench', () => {
  it('reads the nanoseconds of a schedstat line', () => {
    expect(schedstatNanos('192049970 108297729 489\n')).toBe(192049970);
    expect(schedstatNanos('')).toBe(0);
    expect(schedstatNanos('garbage')).toBe(0);
  });

  it("counts PostgreSQL's growth per process: an ended backend is left out, a new one counted whole", () => {
    const before = new Map([
      [10, 5_000],
      [11, 90_000],
    ]);
    const after = new Map([
      [10, 7_000],
      [12, 300],
    ]);
    expect(postgresSpent(before, after)).toBe(2_300);
  });

  it("counts a process's busy time, in µs, and 0 for one that is gone", async () => {
    const before = processMicros(process.pid);
    spin(60);
    const spent = processMicros(process.pid) - before;
    expect(spent).toBeGreaterThan(40_000);
    expect(spent).toBeLessThan(1_000_000);
    const child = spawn(process.execPath, ['-e', '0']);
    await once(child, 'exit');
    expect(processMicros(child.pid!)).toBe(0);
  });

  it('divides a batch between the server, PostgreSQL and the client by requests', async () => {
    // A child busy for about 150 ms of its own CPU time plays the server (by its CPU clock: a wall-clock spin got
    // 33 ms of CPU on a loaded machine); this process, busy for about 50 ms, the client.
    const child = spawn(process.execPath, [
      '-e',
      'const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; }; process.stdin.once("data", () => { const e = cpu() + 150; while (cpu() < e); process.stdout.write("done"); })',
    ]);
    const tally = cpuTally(child.pid!);
    await tally.measure(10, async () => {
      child.stdin.write('go');
      spin(50);
      await once(child.stdout, 'data');
    });
    child.kill();
    const split = tally.perRequest()!;
    expect(split.server).toBeGreaterThan(8_000);
    expect(split.client).toBeGreaterThan(4_000);
    expect(split.client).toBeLessThan(100_000);
    expect(split.postgres).toBeGreaterThanOrEqual(0);
  });

  it('has nothing to say without a server or requests', async () => {
    const tally = cpuTally(undefined);
    expect(await tally.measure(5, async () => 7)).toBe(7);
    expect(tally.perRequest()).toBeUndefined();
  });
});
