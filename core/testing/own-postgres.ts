import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A PostgreSQL cluster of its own (initdb in a temporary folder, trust on loopback, a free port): for the chaos
 * run, which stops and restarts it, and for tests that create cluster-wide things (roles) by their literal names.
 */

export function pgBin(name: string): string {
  const root = '/usr/lib/postgresql';
  const version = existsSync(root) ? readdirSync(root).sort().at(-1) : undefined;
  if (!version)
    throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql (apt-get install postgresql)');
  return join(root, version, 'bin', name);
}

/** initdb and pg_ctl refuse root: run them as the `postgres` user when this process is root. */
export function asPostgres(bin: string, args: string[]): [string, string[]] {
  const root = process.getuid?.() === 0;
  return root ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
}

export function runSync(bin: string, args: string[]): void {
  const [file, argv] = asPostgres(bin, args);
  execFileSync(file, argv, { stdio: 'pipe' });
}

/** Without blocking the event loop: the load keeps running while PostgreSQL restarts. */
function run(bin: string, args: string[]): Promise<void> {
  const [file, argv] = asPostgres(bin, args);
  return new Promise((resolve, reject) => execFile(file, argv, (err) => (err ? reject(err) : resolve())));
}

/**
 * Lets other users pass through `dir` (not list it): the cluster runs as `postgres`, and a test run's temporary
 * root (core/testing/temp-root.ts) is private to the user that made it.
 */
export function reachableByOthers(dir: string): void {
  const { mode } = statSync(dir);
  if ((mode & 0o001) === 0) chmodSync(dir, (mode & 0o7777) | 0o001);
}

/** A temporary folder for a cluster, private to the user the cluster runs as (`postgres` when this is root). */
export function clusterFolder(prefix: string): string {
  reachableByOthers(tmpdir());
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o700);
  if (process.getuid?.() === 0) {
    const ids = execFileSync('id', ['-u', 'postgres']).toString().trim();
    const gid = execFileSync('id', ['-g', 'postgres']).toString().trim();
    chownSync(dir, Number(ids), Number(gid));
  }
  return dir;
}

export interface OwnPostgres {
  url: string;
  restart(): Promise<void>;
  stop(): void;
}

export function startOwnPostgres(port: number): OwnPostgres {
  const dir = clusterFolder('verso-own-pg-');
  const data = join(dir, 'data');
  runSync(pgBin('initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off`;
  const ctl = (args: string[]) => ['-D', data, '-o', options, '-w', ...args];
  runSync(pgBin('pg_ctl'), ctl(['-l', join(dir, 'log'), 'start']));
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: () => run(pgBin('pg_ctl'), ctl(['-l', join(dir, 'log'), '-m', 'fast', 'restart'])),
    stop() {
      try {
        runSync(pgBin('pg_ctl'), ctl(['-m', 'immediate', 'stop']));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
