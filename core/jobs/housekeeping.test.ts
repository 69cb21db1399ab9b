import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMigrations, loadPlugins } from '../../cli/plugins.ts';
import { createApiKey } from '../auth/api-keys.ts';
import type { Db } from '../db/types.ts';
import { connectRedis, type RedisHandle } from '../redis/connection.ts';
import { captureLog } from '../testing/capture-log.ts';
import { migrated, testDatabases } from '../testing/databases.ts';
import { ids } from '../testing/fixture-space.ts';
import { serviceUrl } from '../testing/require-service.ts';
import { startHousekeeping } from './housekeeping.ts';
import {
  deleteExpiredApiKeys,
  type HousekeepingJob,
  trimDeliveryJournal,
  trimWebhookDeliveries,
  trimWorkflowRuns,
} from './housekeeping-tasks.ts';

const plugins = loadPlugins({ website: true });
const redisUrl = serviceUrl('REDIS_URL');

async function addRuns(db: Db, workflow: string, n: number) {
  await db.query(
    `insert into workflow_runs (workflow, status, started_at)
     select $1, 'done', timestamptz '2026-01-01' + make_interval(mins => g) from generate_series(1, $2) g`,
    [workflow, n],
  );
}

describe.each(testDatabases())('housekeeping tasks on $kind', ({ open }) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await migrated(open, allMigrations(plugins)));
  });
  afterAll(() => drop());

  it('deletes API keys past their expiry, and only those', async () => {
    await createApiKey(db, { name: 'expired', expiresAt: new Date(Date.now() - 1000) });
    await createApiKey(db, { name: 'later', expiresAt: new Date(Date.now() + 3_600_000) });
    await createApiKey(db, { name: 'forever' });
    expect(await deleteExpiredApiKeys(db)).toBe(1);
    const left = await db.query<{ name: string }>('select name from api_keys order by name');
    expect(left.rows.map((r) => r.name)).toEqual(['forever', 'later']);
  });

  it('trims workflow runs to the newest 200 per workflow', async () => {
    await addRuns(db, 'publish', 250);
    await addRuns(db, 'import', 10);
    expect(await trimWorkflowRuns(db)).toBe(50);
    const counts = await db.query<{ workflow: string; n: number; oldest: Date }>(
      'select workflow, count(*)::int as n, min(started_at) as oldest from workflow_runs group by workflow order by workflow',
    );
    expect(counts.rows.map((r) => [r.workflow, r.n])).toEqual([
      ['import', 10],
      ['publish', 200],
    ]);
    // The newest stay: minutes 51 to 250.
    expect(counts.rows[1]!.oldest.toISOString()).toBe('2026-01-01T00:51:00.000Z');
    expect(await trimWorkflowRuns(db)).toBe(0);
  });

  it('deletes webhook deliveries that ended more than 30 days ago, keeping pending ones', async () => {
    await db.query(
      `insert into spaces (id, name, title, default_locale, locales) values ($1, 'hooks', 'Hooks', 'en', '{en}') on conflict do nothing`,
      [ids.space],
    );
    const hook = await db.query<{ id: string }>(
      `insert into webhooks (space_id, url, events, secret) values ($1, 'https://example.com/', '{assets.changed}', 'whsec_eA==')
       returning id`,
      [ids.space],
    );
    await db.query(
      `insert into webhook_deliveries (webhook_id, event, body, status, created_at)
       select $1, 'assets.changed', '{}', s, now() - make_interval(days => d)
       from (values ('delivered', 31), ('failed', 40), ('pending', 35), ('delivered', 29)) v(s, d)`,
      [hook.rows[0]!.id],
    );
    expect(await trimWebhookDeliveries(db)).toBe(2);
    const left = await db.query<{ status: string }>('select status from webhook_deliveries order by status');
    expect(left.rows.map((r) => r.status)).toEqual(['delivered', 'pending']);
  });

  it('deletes delivery journal rows older than 90 days', async () => {
    await db.query(
      `insert into delivery_journal (document_id, locale, space_id, type, delivered, changed_at)
       select gen_random_uuid(), 'en', $1, 'page', d % 2 = 0, now() - make_interval(days => d)
       from unnest(array[1, 89, 91, 120]) d`,
      [ids.space],
    );
    expect(await trimDeliveryJournal(db)).toBe(2);
    const left = await db.query<{ n: number }>('select count(*)::int as n from delivery_journal');
    expect(left.rows[0]!.n).toBe(2);
  });
});

describe('housekeeping schedules', () => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await migrated(testDatabases()[0]!.open, allMigrations(plugins)));
  });
  afterAll(() => drop());

  const countingJobs = (everyMs: number): HousekeepingJob[] => [
    { id: 'expired-api-keys', everyMs, run: deleteExpiredApiKeys },
    { id: 'workflow-runs', everyMs, run: (d) => trimWorkflowRuns(d) },
  ];

  it('without Redis, each process runs every job on its own timer, the first time at start', async () => {
    const runs: string[][] = [[], []];
    const processes = [0, 1].map((i) =>
      startHousekeeping({
        db,
        log: captureLog().log,
        jobs: countingJobs(60_000),
        onRun: (r) => runs[i]!.push(r.job),
      }),
    );
    for (let i = 0; i < 100 && runs.some((r) => r.length < 2); i++)
      await new Promise((r) => setTimeout(r, 20));
    for (const p of processes) await p.stop();
    expect(runs.map((r) => [...r].sort())).toEqual([
      ['expired-api-keys', 'workflow-runs'],
      ['expired-api-keys', 'workflow-runs'],
    ]);
  });

  it.runIf(redisUrl)(
    'with Redis, two management processes run each scheduled job once between them',
    async () => {
      const prefix = `verso-test-${randomBytes(4).toString('hex')}`;
      const handles: RedisHandle[] = [];
      for (let i = 0; i < 2; i++)
        handles.push(await connectRedis({ url: redisUrl!, log: captureLog().log, prefix }));
      const runs: Array<{ process: number; job: string; runId: string }> = [];
      const processes = handles.map((redis, i) =>
        startHousekeeping({
          db,
          redis,
          log: captureLog().log,
          jobs: countingJobs(400),
          onRun: (r) => runs.push({ process: i, ...r }),
        }),
      );
      await new Promise((r) => setTimeout(r, 2100));
      for (const p of processes) await p.stop();
      const ids = runs.map((r) => r.runId);
      // Every scheduled run (one id per job and slot) ran exactly once, whichever process took it ...
      expect(new Set(ids).size).toBe(ids.length);
      for (const job of ['expired-api-keys', 'workflow-runs']) {
        const slots = runs.filter((r) => r.job === job).map((r) => Number(r.runId.split(':').pop()));
        expect(slots.length).toBeGreaterThanOrEqual(3);
        // ... one slot per interval, never two runs for the same interval.
        const sorted = [...slots].sort((a, b) => a - b);
        for (let i = 1; i < sorted.length; i++) expect(sorted[i]! - sorted[i - 1]!).toBe(400);
      }
      const keys = await handles[0]!.client.keys(`${prefix}:*`);
      if (keys.length) await handles[0]!.client.del(...keys);
      for (const h of handles) await h.close();
    },
  );
});
