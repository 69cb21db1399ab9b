import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisServerAvailable, startRedisServer } from '../core/redis/test-server.ts';
import { freshPostgres } from '../core/testing/databases.ts';
import { freePort, runVerso, startVerso } from '../core/testing/processes.ts';
import { serviceUrl } from '../core/testing/require-service.ts';
import { logLines } from './testing/http.ts';

// PostgreSQL where there is one (as production runs; a new embedded cluster's initdb and each start's load of
// it were most of this file's time in CI), else the embedded database in the data directory.
let databaseUrl = '';
const production = (dataDir: string) => ({
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  REDIS_URL: '',
  NODE_ENV: 'production',
  AUTH_SECRET: 'startup-secret-0123456789-0123456789-0123',
  SERVER_MODE: 'public',
});

describe('verso serve at startup', () => {
  let dataDir: string;
  let database: Awaited<ReturnType<typeof freshPostgres>> | undefined;
  beforeAll(async () => {
    dataDir = join(mkdtempSync(join(tmpdir(), 'verso-startup-')), 'data');
    const adminUrl = serviceUrl('DATABASE_URL');
    database = adminUrl ? await freshPostgres(adminUrl) : undefined;
    databaseUrl = database?.url ?? '';
    const migrated = await runVerso(['migrate'], { ...production(dataDir), NODE_ENV: 'development' });
    expect(migrated.code).toBe(0);
    // Its teardown: dropped once the file's tests are done.
    return async () => {
      await database?.drop();
    };
  }, 120_000);

  it.each(['10.0.0.0/33', '10.0.0', 'proxy.internal', '10.0.0.1, ::1, nonsense'])(
    'stops on a malformed TRUSTED_PROXIES entry (%s) with config.server.trustedProxyInvalid',
    async (value) => {
      const result = await runVerso(['serve'], { ...production(dataDir), TRUSTED_PROXIES: value, PORT: '0' });
      expect(result.code).not.toBe(0);
      expect(result.stderr).toContain('config.server.trustedProxyInvalid');
      expect(result.stderr).toContain('TRUSTED_PROXIES');
    },
    120_000,
  );

  it('logs one warning at start in production when TRUSTED_PROXIES is unset, none when it is set', async () => {
    const warnings = async (env: Record<string, string>) => {
      const proc = await startVerso(
        ['serve'],
        { ...production(dataDir), PORT: String(await freePort()), ...env },
        /"msg":"listening"/,
      );
      await proc.stop();
      return logLines(proc.output()).filter((l) => l.level === 40 && /TRUSTED_PROXIES/.test(l.msg));
    };
    expect(await warnings({})).toHaveLength(1);
    expect(await warnings({ TRUSTED_PROXIES: 'none' })).toHaveLength(0);
    expect(await warnings({ TRUSTED_PROXIES: '10.0.0.0/8, 2001:db8::/32' })).toHaveLength(0);
  }, 120_000);

  describe.runIf(redisServerAvailable())('with a Redis it cannot use', () => {
    const servers: Array<{ stop(): Promise<void> }> = [];
    afterAll(async () => {
      for (const s of servers) await s.stop();
    });

    it('refuses a Redis without Lua scripting, saying why', async () => {
      const redis = await startRedisServer(['--rename-command', 'EVAL', '']);
      servers.push(redis);
      const result = await runVerso(['serve'], {
        ...production(dataDir),
        TRUSTED_PROXIES: 'none',
        REDIS_URL: redis.url,
        PORT: '0',
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/REDIS_URL: Lua scripting \(EVAL\) is not available/);
    }, 120_000);

    it('starts with a warning for the job queue when the eviction policy is not noeviction', async () => {
      const redis = await startRedisServer(['--maxmemory-policy', 'allkeys-lru']);
      servers.push(redis);
      const proc = await startVerso(
        ['serve'],
        {
          ...production(dataDir),
          TRUSTED_PROXIES: 'none',
          REDIS_URL: redis.url,
          PORT: String(await freePort()),
        },
        /"msg":"listening"/,
      );
      await proc.stop();
      // (This database has no space yet: the public API says so too.)
      const warnings = logLines(proc.output()).filter(
        (l) => l.level === 40 && !l.msg.startsWith('public API:'),
      );
      expect(warnings.map((w) => w.msg)).toEqual([
        expect.stringMatching(/maxmemory-policy is "allkeys-lru"/),
      ]);
    }, 120_000);
  });
});
