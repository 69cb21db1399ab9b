import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../core/auth/api-keys.ts';
import { redisServerAvailable, startRedisServer, type TestRedisServer } from '../core/redis/test-server.ts';
import { serviceUrl } from '../core/testing/require-service.ts';
import { type FixtureStack, fixtureStack, type StackProcess } from './testing/fixture-stack.ts';
import { eventually, logLines } from './testing/http.ts';

const adminUrl = serviceUrl('DATABASE_URL');
const withRedis = redisServerAvailable();

/** Two management processes and a public one on one database and one Redis. */
describe.runIf(adminUrl && withRedis)('housekeeping across processes', () => {
  let redis: TestRedisServer;
  let stack: FixtureStack;
  let managers: StackProcess[];
  let reader: StackProcess;

  beforeAll(async () => {
    redis = await startRedisServer();
    stack = await fixtureStack(adminUrl!, { REDIS_URL: redis.url });
    await createApiKey(stack.db, { name: 'expired', expiresAt: new Date(Date.now() - 60_000) });
    await createApiKey(stack.db, { name: 'current', expiresAt: new Date(Date.now() + 3_600_000) });
    await stack.db.query(
      `insert into workflow_runs (workflow, status, started_at)
       select w, 'done', now() - make_interval(mins => g) from generate_series(1, 230) g, unnest(array['publish', 'import']) w`,
    );
    managers = await Promise.all([stack.serve('management'), stack.serve('management')]);
    reader = await stack.serve('public');
  }, 240_000);
  afterAll(async () => {
    await stack?.stop();
    await redis?.stop();
  }, 60_000);

  const runs = (p: StackProcess, job: string) =>
    logLines(p.output()).filter((l) => l.msg === 'housekeeping job ran' && l.job === job);

  it('runs each job once across the management processes: expired keys go, workflow runs are trimmed to 200', async () => {
    await eventually(async () => {
      const keys = await stack.db.query<{ name: string }>('select name from api_keys order by name');
      return keys.rows.every((k) => k.name !== 'expired');
    }, 'the expired key to be deleted');
    await eventually(async () => {
      const res = await stack.db.query<{ n: number }>('select count(*)::int as n from workflow_runs');
      return res.rows[0]!.n === 400;
    }, 'the workflow runs to be trimmed');
    const counts = await stack.db.query<{ workflow: string; n: number }>(
      'select workflow, count(*)::int as n from workflow_runs group by workflow order by workflow',
    );
    expect(counts.rows).toEqual([
      { workflow: 'import', n: 200 },
      { workflow: 'publish', n: 200 },
    ]);
    expect(
      (await stack.db.query<{ name: string }>('select name from api_keys where name <> $1', [''])).rows.map(
        (r) => r.name,
      ),
    ).toContain('current');
    // Give a second run the chance it must not take.
    await new Promise((r) => setTimeout(r, 1500));
    for (const job of ['expired-api-keys', 'workflow-runs']) {
      const all = managers.flatMap((p) => runs(p, job));
      expect(all).toHaveLength(1);
    }
    expect(
      runs(managers[0]!, 'expired-api-keys').concat(runs(managers[1]!, 'expired-api-keys'))[0],
    ).toMatchObject({ deleted: 1 });
    // Public instances run no maintenance.
    expect(reader.output()).not.toContain('housekeeping');
  });
});
