import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import type { ServerMode } from '../../core/config/index.ts';
import { freshPostgres } from '../../core/testing/databases.ts';
import { freePort, type Running, runVerso, startVerso } from '../../core/testing/processes.ts';
import { serviceUrl } from '../../core/testing/require-service.ts';

export const demoFile = fileURLToPath(new URL('../../demo/space.json', import.meta.url));

/**
 * Whether PostgreSQL and Redis are configured, for `describe.skipIf(!servicesConfigured())`: locally
 * without them the journeys are skipped with a printed reason; under CI=true a missing one throws.
 */
export function servicesConfigured(): boolean {
  return Boolean(serviceUrl('DATABASE_URL')) && Boolean(serviceUrl('REDIS_URL'));
}

/** The same process under another host name (`de.localhost`, …): `*.localhost` is loopback to Chromium. */
export function hostUrl(base: string, host: string, path = ''): string {
  const url = new URL(base);
  url.hostname = host;
  return `${url.origin}${path}`;
}

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
  // Its pool opens no connection until used; `drop()` closes it and drops the database.
  const database = await freshPostgres(adminUrl);
  const env: Record<string, string> = {
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    // Stacks of one run share the Redis server and import the same demo ids: each keeps its own keys.
    REDIS_KEY_PREFIX: `verso-e2e-${randomBytes(4).toString('hex')}`,
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
      await dropRedisKeys(redisUrl, env.REDIS_KEY_PREFIX!);
    },
  };
}

/** Calls a management procedure (`POST /rpc/<name>`) with the stack's key, as an editor's tool does. */
export async function rpc(
  stack: Stack,
  name: string,
  input: Record<string, unknown>,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${stack.urls.management[0]}/rpc/${name}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${stack.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
  });
  return { status: response.status, body: await response.json() };
}

/** Deletes a stack's Redis keys (tag purge times live ten days). */
async function dropRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url);
  try {
    const stream = redis.scanStream({ match: `${prefix}:*`, count: 500 });
    for await (const keys of stream as AsyncIterable<string[]>) if (keys.length) await redis.unlink(...keys);
  } finally {
    await redis.quit();
  }
}
