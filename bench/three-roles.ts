import { randomUUID } from 'node:crypto';
import { freePort, type Running, startVerso } from '../core/testing/processes.ts';

export interface ThreeRoles {
  /** The shared environment the processes run with (its own Redis key prefix). */
  env: Record<string, string>;
  management: number;
  website: number;
  public: number;
  stop(): Promise<void>;
}

/**
 * A management, a website and a public `verso serve` on one database and Redis, as an operator scales by role,
 * under a Redis key prefix of their own (`name`): the publishing benches' processes.
 */
export async function threeRoles(env: Record<string, string>, name: string): Promise<ThreeRoles> {
  const shared = { ...env, REDIS_KEY_PREFIX: `bench-${name}-${randomUUID().slice(0, 8)}`, LOG_LEVEL: 'warn' };
  const started: Running[] = [];
  const stop = async () => {
    for (const s of started) await s.stop();
  };
  const serve = async (mode: string) => {
    const port = await freePort();
    started.push(
      await startVerso(
        ['serve'],
        { ...shared, SERVER_MODE: mode, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' },
        /"msg":"listening"/,
      ),
    );
    return port;
  };
  try {
    const management = await serve('management');
    const website = await serve('website');
    const publicApi = await serve('public');
    return { env: shared, management, website, public: publicApi, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
