import { type ChildProcess, spawn } from 'node:child_process';

/**
 * The chaos run's own Redis server on a free loopback port (its own PostgreSQL cluster is
 * core/testing/own-postgres.ts): the faults stop and restart these, never the machine's own services.
 */
export { type OwnPostgres, startOwnPostgres } from '../../core/testing/own-postgres.ts';

export interface OwnRedis {
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function ownRedis(port: number): OwnRedis {
  let child: ChildProcess | undefined;
  return {
    url: `redis://127.0.0.1:${port}`,
    start() {
      return new Promise((resolve, reject) => {
        const started = spawn(
          'redis-server',
          ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
          { stdio: ['ignore', 'pipe', 'pipe'] },
        );
        child = started;
        let out = '';
        started.stdout?.on('data', (d) => {
          out += d;
          if (out.includes('Ready to accept connections')) resolve();
        });
        started.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${out}`)));
      });
    },
    stop() {
      return new Promise((resolve) => {
        const running = child;
        if (!running || running.exitCode !== null) return resolve();
        running.removeAllListeners('exit');
        running.once('exit', () => resolve());
        running.kill('SIGKILL');
      });
    },
  };
}
