import type { Redis } from 'ioredis';
import { AppError } from '../errors/app-error.ts';
import type { Logger } from '../log.ts';
import './errors.ts';

export interface ServerInfo {
  server: 'redis' | 'valkey';
  version: string;
  maxmemoryPolicy: string | undefined;
}

/** Reads `INFO` output (works where `CONFIG` is disabled, as on most managed services). */
export function parseInfo(text: string): ServerInfo {
  const fields = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0 && !line.startsWith('#')) fields.set(line.slice(0, i), line.slice(i + 1).trim());
  }
  const valkey = fields.get('valkey_version');
  return {
    server: valkey || fields.get('server_name') === 'valkey' ? 'valkey' : 'redis',
    version: valkey ?? fields.get('redis_version') ?? '0',
    maxmemoryPolicy: fields.get('maxmemory_policy'),
  };
}

const atLeast = (version: string, major: number, minor = 0) => {
  const [a = 0, b = 0] = version.split('.').map((n) => Number.parseInt(n, 10) || 0);
  return a > major || (a === major && b >= minor);
};

/** Redis 5.0 or later, or Valkey 7.2 or later (operations.md); the reason when not. */
export function versionProblem(info: ServerInfo): string | undefined {
  if (info.server === 'valkey' && !atLeast(info.version, 7, 2)) {
    return `Valkey ${info.version} is too old: Verso needs Valkey 7.2 or later`;
  }
  if (info.server === 'redis' && !atLeast(info.version, 5)) {
    return `Redis ${info.version} is too old: Verso needs Redis 5.0 or later (6.2 or later recommended)`;
  }
  return undefined;
}

const refuse = (reason: string) => new AppError('redis.unsupported', { message: `REDIS_URL: ${reason}` });

async function checkPubSub(client: Redis): Promise<void> {
  const channel = `verso:check:${process.pid}:${Date.now()}`;
  const subscriber = client.duplicate({ enableOfflineQueue: true, lazyConnect: false });
  subscriber.on('error', () => {});
  try {
    const received = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no message arrived within 3 s')), 3000);
      subscriber.on('message', (ch: string) => {
        if (ch === channel) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    await subscriber.subscribe(channel);
    await client.publish(channel, 'ping');
    await received;
  } finally {
    subscriber.disconnect();
  }
}

/**
 * The startup checks of operations.md: a server too old, or without Lua scripting or pub/sub, is refused with
 * `redis.unsupported` and a message naming the reason; an eviction policy other than `noeviction` is a warning
 * (the job queue may lose jobs under memory pressure).
 */
export async function checkRedis(client: Redis, log: Logger): Promise<ServerInfo> {
  const info = parseInfo(`${await client.info('server')}\n${await client.info('memory')}`);
  const old = versionProblem(info);
  if (old) throw refuse(old);
  try {
    const one = await client.eval('return 1', 0);
    if (Number(one) !== 1) throw new Error(`unexpected answer ${String(one)}`);
  } catch (err) {
    throw refuse(
      `Lua scripting (EVAL) is not available (${(err as Error).message}); rate limits and the job queue need it`,
    );
  }
  try {
    await checkPubSub(client);
  } catch (err) {
    throw refuse(
      `pub/sub is not available (${(err as Error).message}); cache purges between processes need it`,
    );
  }
  if (info.maxmemoryPolicy && info.maxmemoryPolicy !== 'noeviction') {
    log.warn(
      { maxmemoryPolicy: info.maxmemoryPolicy },
      `Redis maxmemory-policy is "${info.maxmemoryPolicy}": the job queue needs "noeviction" or it may lose jobs`,
    );
  }
  return info;
}
