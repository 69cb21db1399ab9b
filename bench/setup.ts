import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../core/config/index.ts';
import { openDb } from '../core/db/open.ts';
import { freshPostgres } from '../core/testing/databases.ts';
import { runVerso } from '../core/testing/processes.ts';
import { raiseRateRules } from './publish.ts';
import { adminUrl, demoFile, log } from './settings.ts';

/** The database of a bench run as an operator makes it: migrate, import the demo, raise its rate rules. */
export async function setUp(): Promise<{ env: Record<string, string>; cleanup(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'verso-bench-'));
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    AUTH_SECRET: 'bench-secret-0123456789-0123456789-0123456789',
    TRUSTED_PROXIES: 'none',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
  };
  let drop = async () => {};
  if (adminUrl) {
    // Its own pool is closed by drop().
    const database = await freshPostgres(adminUrl);
    env.DATABASE_URL = database.url;
    drop = database.drop;
  }
  const must = async (argv: string[]) => {
    const r = await runVerso(argv, env);
    if (r.code !== 0) throw new Error(`verso ${argv.join(' ')} failed:\n${r.stderr}`);
  };
  await must(['migrate']);
  await must(['import', demoFile]);
  // Raise the demo's rate rules for the load (the rules still count every request).
  const db = await openDb(loadConfig(env));
  await raiseRateRules(db);
  await db.close();
  return {
    env,
    cleanup: async () => {
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The paths before wrote much (imports, thousands of cached and uncached answers): a checkpoint PostgreSQL would
 * start on its own schedule during the 50 publishes makes one commit wait for the disk, and with 50 samples that
 * one is the p99 (505 ms in a run of 2026-11-25, 12 ms p50). Flushing first measures the publish, not the
 * checkpoint's timing; docs/performance.md says so. Needs a role allowed to CHECKPOINT; else the run goes on.
 */
export async function checkpointed(
  env: Record<string, string>,
  before = 'the publish timings',
): Promise<void> {
  const db = await openDb(loadConfig(env));
  try {
    await db.query('checkpoint');
  } catch (err) {
    log(`no checkpoint before ${before}: ${(err as Error).message}`);
  } finally {
    await db.close();
  }
}
