import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { freePort } from '../testing/processes.ts';

/**
 * Whether tests may start their own `redis-server` (to stop and restart it, or to give it odd settings). They
 * run where Redis is configured (`REDIS_URL`); under CI=true a missing binary fails instead of skipping.
 */
export function redisServerAvailable(): boolean {
  if (!process.env.REDIS_URL && process.env.CI !== 'true') {
    process.stderr.write(
      '[skipped] tests that start their own redis-server (REDIS_URL not set); set it to run them\n',
    );
    return false;
  }
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    if (process.env.CI === 'true')
      throw new Error('redis-server must be installed under CI=true: no test may be skipped');
    process.stderr.write('[skipped] tests that start their own redis-server (binary not found)\n');
    return false;
  }
}

export interface TestRedisServer {
  url: string;
  port: number;
  stop(): Promise<void>;
  /** Starts it again on the same port (empty: nothing is saved). */
  start(): Promise<void>;
}

/** A throwaway `redis-server` on a free port, nothing persisted; extra arguments such as `--maxmemory-policy`. */
export async function startRedisServer(extraArgs: string[] = []): Promise<TestRedisServer> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const proc = spawn(
        'redis-server',
        [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--save',
          '',
          '--appendonly',
          'no',
          '--daemonize',
          'no',
          ...extraArgs,
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      child = proc;
      let out = '';
      const onData = (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('Ready to accept connections')) {
          proc.stdout?.off('data', onData);
          proc.stdout?.resume();
          resolve();
        }
      };
      proc.stdout?.on('data', onData);
      proc.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${out.slice(-500)}`)));
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      const proc = child;
      if (!proc || proc.exitCode !== null) return resolve();
      proc.removeAllListeners('exit');
      proc.once('exit', () => resolve());
      proc.kill('SIGKILL');
    });
  await start();
  return { url: `redis://127.0.0.1:${port}`, port, start, stop };
}
