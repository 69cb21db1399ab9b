import { fileURLToPath } from 'node:url';
import type { ServerMode } from '../../core/config/index.ts';
import { freshPostgres } from '../../core/testing/databases.ts';
import { freePort, type Running, runVerso, startVerso } from '../../core/testing/processes.ts';
import { serviceUrl } from '../../core/testing/require-service.ts';

export const demoFile = fileURLToPath(new URL('../../demo/space.json', import.meta.url));

export interface Stack {
  env: Record<string, string>;
  /** Base URL per started process, e.g. `website[0]`, `public[0]`, `management[0]`. */
  urls: Record<ServerMode, string[]>;
  apiKey: string;
  stop(): Promise<void>;
}

/**
 * A stack as an operator runs it: a fresh PostgreSQL database, migrated, the demo imported, and `verso
 * serve` processes by role sharing Redis. Needs DATABASE_URL and REDIS_URL (skipped with a reason
 * locally without them; required under CI=true).
 */
export async function startStack(
  roles: Partial<Record<ServerMode, number>>,
  extraEnv: Record<string, string> = {},
): Promise<Stack | undefined> {
  const adminUrl = serviceUrl('DATABASE_URL');
  const redisUrl = serviceUrl('REDIS_URL');
  if (!adminUrl || !redisUrl) return undefined;
  const database = await freshPostgres(adminUrl);
  await database.db.close();
  const env: Record<string, string> = {
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    NODE_ENV: 'production',
    AUTH_SECRET: 'e2e-secret-0123456789-0123456789-0123456789',
    TRUSTED_PROXIES: 'none',
    LOG_LEVEL: 'warn',
    DATA_DIR: fileURLToPath(new URL(`../../.verso/e2e-${process.pid}`, import.meta.url)),
    ...extraEnv,
  };
  const must = async (args: string[]) => {
    const r = await runVerso(args, env);
    if (r.code !== 0) throw new Error(`verso ${args.join(' ')} failed:\n${r.stderr}`);
    return r.stdout;
  };
  await must(['migrate']);
  await must(['import', demoFile]);
  const apiKey = (
    await must([
      'keys',
      'create',
      '--space',
      'demo',
      '--permissions',
      'space:read,space:write,website:code',
      '--role',
      'owner',
    ])
  ).trim();
  const running: Running[] = [];
  const urls: Record<ServerMode, string[]> = { management: [], public: [], website: [] };
  for (const [mode, count] of Object.entries(roles) as Array<[ServerMode, number]>) {
    for (let i = 0; i < count; i++) {
      const port = await freePort();
      running.push(
        await startVerso(
          ['serve'],
          { ...env, SERVER_MODE: mode, PORT: String(port), LOG_LEVEL: 'info' },
          /"msg":"listening"/,
        ),
      );
      urls[mode].push(`http://localhost:${port}`);
    }
  }
  return {
    env,
    urls,
    apiKey,
    async stop() {
      await Promise.all(running.map((r) => r.stop()));
      await database.drop();
    },
  };
}
