import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerMode } from '../../core/config/index.ts';
import type { Db } from '../../core/db/types.ts';
import { freshPostgres } from '../../core/testing/databases.ts';
import { fixtureSpace } from '../../core/testing/fixture-space.ts';
import { freePort, type Running, runVerso, startVerso } from '../../core/testing/processes.ts';

export interface StackProcess {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

export interface FixtureStack {
  /** The environment every process shares (database, secret, DATA_DIR; Redis when given). */
  env: Record<string, string>;
  /** The stack's database, for arranging data behind the processes' backs and for checks. */
  db: Db;
  databaseUrl: string;
  /** `verso keys create --space fixture …`: the printed key. */
  createKey(args?: string[]): Promise<string>;
  /** Starts `verso serve` in a mode; resolves once it listens. */
  serve(mode: ServerMode, env?: Record<string, string>): Promise<StackProcess>;
  stop(): Promise<void>;
}

/**
 * A stack as an operator runs it, for tests across real processes: a fresh PostgreSQL database, migrated by
 * `verso migrate`, the fixture space imported by `verso import`, and `verso serve` processes by mode.
 */
export async function fixtureStack(
  adminUrl: string,
  env: Record<string, string> = {},
): Promise<FixtureStack> {
  const database = await freshPostgres(adminUrl);
  const dir = mkdtempSync(join(tmpdir(), 'verso-stack-'));
  const base: Record<string, string> = {
    DATABASE_URL: database.url,
    REDIS_URL: '',
    // Its own keys in a Redis other suites share: their rate counts and purges are not this stack's.
    REDIS_KEY_PREFIX: new URL(database.url).pathname.slice(1),
    NODE_ENV: 'development',
    AUTH_SECRET: 'stack-secret-0123456789-0123456789-0123456789',
    TRUSTED_PROXIES: 'none',
    DATA_DIR: join(dir, 'data'),
    LOG_LEVEL: 'info',
    ...env,
  };
  const must = async (args: string[]) => {
    const r = await runVerso(args, base);
    if (r.code !== 0) throw new Error(`verso ${args.join(' ')} failed:\n${r.stderr}`);
    return r.stdout;
  };
  await must(['migrate']);
  const file = join(dir, 'fixture.json');
  writeFileSync(file, JSON.stringify(fixtureSpace()));
  await must(['import', file]);
  const running: Running[] = [];
  return {
    env: base,
    db: database.db,
    databaseUrl: database.url,
    async createKey(args = ['--permissions', 'space:read,space:write', '--role', 'editor']) {
      return (await must(['keys', 'create', '--space', 'fixture', ...args])).trim();
    },
    async serve(mode, extra = {}) {
      const port = await freePort();
      const proc = await startVerso(
        ['serve'],
        { ...base, SERVER_MODE: mode, PORT: String(port), HOST: '127.0.0.1', ...extra },
        // Ready: listening and warmed up (cli/warm-up.ts), as a load balancer's `/readyz` sees it.
        /"msg":"ready in /,
        120_000,
      );
      running.push(proc);
      return { url: `http://127.0.0.1:${port}`, output: proc.output, stop: proc.stop };
    },
    async stop() {
      await Promise.all(running.map((r) => r.stop()));
      await database.drop();
    },
  };
}
