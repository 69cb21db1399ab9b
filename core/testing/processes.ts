import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * The command a test starts: the run's bundle of it (build/test-bin.ts, a global setup), which starts in about a
 * second less CPU than the sources through tsx, else bin/verso.mjs.
 */
const bin = process.env.VERSO_TEST_BIN ?? fileURLToPath(new URL('../../bin/verso.mjs', import.meta.url));

/** A free TCP port on loopback (listen on 0, read it, close). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The processes this test process started and that still run. A suite whose `beforeAll` fails part of the way
 * through never learns of those it had started (its stack object was never returned); they are killed when the
 * test process exits, so no run leaves servers behind.
 */
const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

function tracked<T extends ChildProcess>(child: T): T {
  live.add(child);
  child.once('exit', () => live.delete(child));
  return child;
}

/** Runs `verso <args>` to completion as a real process; `under` prefixes a command (`/usr/bin/time -f …`). */
export function runVerso(
  args: string[],
  env: Record<string, string | undefined> = {},
  under: string[] = [],
): Promise<RunResult> {
  const [command, ...before] = [...under, process.execPath];
  return new Promise((resolve) => {
    const child = tracked(
      spawn(command!, [...before, bin, ...args], {
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export interface Running {
  child: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

/** Starts a long-running `verso <args>` and resolves once its output matches `ready` (or rejects on exit). */
export function startVerso(
  args: string[],
  env: Record<string, string | undefined>,
  ready: RegExp,
  timeoutMs = 60_000,
): Promise<Running> {
  return new Promise((resolve, reject) => {
    const child = tracked(
      spawn(process.execPath, [bin, ...args], {
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    let out = '';
    const stop = () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      });
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`verso ${args.join(' ')} was not ready in ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    const onData = (d: Buffer) => {
      out += d;
      if (ready.test(out)) {
        clearTimeout(timer);
        resolve({ child, output: () => out, stop });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`verso ${args.join(' ')} exited with ${code}:\n${out}`));
    });
  });
}
