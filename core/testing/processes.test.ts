import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('processes a test starts', () => {
  it('are killed when the test process exits without stopping them', () => {
    const dir = mkdtempSync(join(tmpdir(), 'verso-leftover-'));
    writeFileSync(join(dir, '_headers'), '');
    const script = fileURLToPath(new URL('./leaves-a-server.ts', import.meta.url));
    const runTs = fileURLToPath(new URL('../../bin/run-ts.mjs', import.meta.url));
    const run = spawnSync(process.execPath, [runTs, script, dir], { encoding: 'utf8', timeout: 60_000 });
    expect(run.status, run.stderr).toBe(0);
    const pid = Number(run.stdout.trim());
    expect(pid).toBeGreaterThan(0);
    // SIGKILL is delivered at once; the kernel may take a moment to reap.
    const until = Date.now() + 5000;
    while (alive(pid) && Date.now() < until) spawnSync('sleep', ['0.05']);
    expect(alive(pid)).toBe(false);
  });
});
