import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../core/config/index.ts';
import { migrate } from '../../core/db/migrations.ts';
import { importSpace } from '../../core/space-format/import.ts';
import { parseSpaceFile } from '../../core/space-format/validate.ts';
import { freshPostgres } from '../../core/testing/databases.ts';
import { demoDir, demoSpace } from '../../demo/project.ts';
import { allMigrations } from '../plugins.ts';
import { createServices, type Services } from '../services.ts';

/**
 * One process's services on a new database (a fresh PostgreSQL database when `databaseUrl` is given, else the
 * embedded one in a new folder), migrated, with the demo space imported: what the in-process app tests mount
 * `buildApp` on. With `redisUrl` the services connect to Redis as `verso serve` does, under a key prefix of their
 * own. `reopen` creates the services of a restarted process on the same database, folder and prefix (close the
 * previous ones first: the embedded database takes one process). `drop` removes the PostgreSQL database once
 * the caller has closed the services.
 */
export async function demoServices(args: {
  name: string;
  secret: string;
  databaseUrl?: string | undefined;
  redisUrl?: string | undefined;
}): Promise<{ services: Services; drop: () => Promise<void>; reopen: () => Promise<Services> }> {
  const env: Record<string, string> = {
    DATA_DIR: join(mkdtempSync(join(tmpdir(), `verso-${args.name}-`)), 'data'),
    NODE_ENV: 'production',
    AUTH_SECRET: args.secret,
    LOG_LEVEL: 'silent',
  };
  let drop = async () => {};
  if (args.databaseUrl) {
    const database = await freshPostgres(args.databaseUrl);
    env.DATABASE_URL = database.url;
    drop = database.drop;
  }
  if (args.redisUrl) {
    env.REDIS_URL = args.redisUrl;
    env.REDIS_KEY_PREFIX = `verso-test-${randomBytes(4).toString('hex')}`;
  }
  const open = () => createServices(loadConfig(env), { redis: args.redisUrl !== undefined });
  const services = await open();
  await migrate(services.db, allMigrations(services.plugins));
  const { plugins, storage } = services;
  await importSpace(services.db, parseSpaceFile(await demoSpace(), plugins), {
    baseDir: demoDir,
    storage,
    plugins,
  });
  return { services, drop, reopen: open };
}
