import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { clusterFolder, pgBin, runSync } from './own-postgres.ts';

export interface OwnReplica {
  port: number;
  /** The same database on the replica. */
  urlOf(primaryDatabaseUrl: string): string;
  /** Stops it at once (as a crash would) and removes its folder; a second call does nothing. */
  stop(): void;
}

/**
 * A streaming replica of a cluster started by `startOwnPostgres` (whose initdb `-A trust` lets loopback
 * replication in): `pg_basebackup -R` into a temporary folder, started on `port` as a hot standby that applies
 * each commit `applyDelayMs` after the primary made it, so that a read routed to it too early finds old data.
 */
export function startOwnReplica(primaryPort: number, port: number, applyDelayMs: number): OwnReplica {
  const dir = clusterFolder('verso-own-replica-');
  const data = join(dir, 'data');
  runSync(pgBin('pg_basebackup'), [
    '-h',
    '127.0.0.1',
    '-p',
    String(primaryPort),
    '-U',
    'postgres',
    '-D',
    data,
    '-R',
    '-X',
    'stream',
    '--no-sync',
    // At once: a spread checkpoint (the default) makes the copy wait minutes on an idle primary.
    '--checkpoint=fast',
  ]);
  const options = [
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off`,
    `-c hot_standby=on -c recovery_min_apply_delay=${applyDelayMs}ms`,
  ].join(' ');
  runSync(pgBin('pg_ctl'), ['-D', data, '-o', options, '-w', '-l', join(dir, 'log'), 'start']);
  let stopped = false;
  return {
    port,
    urlOf(url) {
      const u = new URL(url);
      u.port = String(port);
      return u.toString();
    },
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        runSync(pgBin('pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
