import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMigrations, loadPlugins } from '../../cli/plugins.ts';
import { coreProcedures } from '../procedures/index.ts';
import { type RpcHarness, rpcHarness } from '../rpc/test-harness.ts';
import { captureLog } from '../testing/capture-log.ts';
import { testDatabases } from '../testing/databases.ts';
import { ids } from '../testing/fixture-space.ts';
import { startPolledSchedule } from './polled-schedule.ts';

const plugins = loadPlugins({ website: true });
const instance = {
  authSecret: () => 'a'.repeat(32),
  siteOrigin: (host: string) => `http://${host}`,
  allowPrivateWebhooks: true,
};

interface Json {
  [k: string]: unknown;
}

/**
 * Scheduling through the procedures, and the runs of the database-polled runner (the bullmq one and the timing
 * over real HTTP are in cli/scheduled-publishing.test.ts). Runs are made due by moving a row's time back in the
 * database, so these tests wait for nothing but the runner.
 */
describe.each(testDatabases())('scheduled publishing on $kind', ({ open }) => {
  let h: RpcHarness;
  let key: string;
  beforeAll(async () => {
    h = await rpcHarness({
      open,
      procedures: coreProcedures,
      plugins,
      migrations: allMigrations(plugins),
      instance,
    });
    key = await h.key({ role: 'owner', name: 'planner' });
  });
  afterAll(() => h.close());

  const call = async (name: string, body: Json, token = key) => {
    const res = await h.call(name, { space: 'fixture', ...body }, token);
    return { status: res.status, body: (await res.json()) as Json & { error: Json & { details: Json[] } } };
  };
  const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();
  const rows = async () =>
    (
      await h.db.query<{ document_id: string; locale: string; action: string }>(
        'select document_id, locale, action from scheduled_actions order by document_id, action',
      )
    ).rows;
  const versions = async (id: string) =>
    (
      await h.db.query<{ state: string; locale: string }>(
        'select locale, state from document_versions where document_id = $1 order by locale, state',
        [id],
      )
    ).rows;
  /** Makes every pending action due now. */
  const comeDue = () => h.db.query(`update scheduled_actions set at = now() - interval '1 second'`);

  it('refuses a past or offset-less time, a foreign locale and a missing version, storing nothing', async () => {
    const format = 'must be an ISO 8601 time with seconds and an offset';
    const future = 'must be in the future';
    const cases: Array<[string, Json, string, string]> = [
      ['content.publish', { id: ids.hidden, locale: 'en', publishAt: inSeconds(-1) }, 'publishAt', future],
      [
        'content.publish',
        { id: ids.hidden, locale: 'en', publishAt: '2099-01-01T10:00:00' },
        'publishAt',
        format,
      ],
      ['content.publish', { id: ids.hidden, locale: 'en', publishAt: 'tomorrow' }, 'publishAt', format],
      [
        'content.unpublish',
        { id: ids.hello, locale: 'en', unpublishAt: inSeconds(-60) },
        'unpublishAt',
        future,
      ],
      [
        'content.publish',
        { id: ids.hidden, locale: 'fr', publishAt: inSeconds(60) },
        'locale',
        expect.any(String),
      ],
    ];
    for (const [name, input, path, message] of cases) {
      const res = await call(name, input);
      expect([res.status, res.body.error.key], JSON.stringify(input)).toEqual([422, 'validation.failed']);
      expect(res.body.error.details).toEqual([
        expect.objectContaining({ key: 'validation.invalid', path, params: { message } }),
      ]);
    }
    const noVersion = await call('content.publish', {
      id: ids.hidden,
      locale: 'de',
      publishAt: inSeconds(60),
    });
    expect([noVersion.status, noVersion.body.error.key]).toEqual([404, 'content.notFound']);
    const noDocument = await call('content.publish', {
      id: '00000000-0000-4000-8000-00000000ffff',
      locale: 'en',
      publishAt: inSeconds(60),
    });
    expect(noDocument.status).toBe(404);
    const viewer = await h.key({ role: 'viewer' });
    const forbidden = await call(
      'content.publish',
      { id: ids.hidden, locale: 'en', publishAt: inSeconds(60) },
      viewer,
    );
    expect(forbidden.status).toBe(403);
    expect(await rows()).toEqual([]);
    expect((await call('content.unschedule', { id: ids.hidden, locale: 'en' })).body.error.key).toBe(
      'content.notScheduled',
    );
  });

  it('schedules without changing anything now, lists it, replaces it when scheduled again, and cancels it', async () => {
    const at = inSeconds(3600);
    const before = await versions(ids.hidden);
    h.cache.takePurged();
    const res = await call('content.publish', { id: ids.hidden, locale: 'en', publishAt: at });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: ids.hidden, locale: 'en', status: 'scheduled', action: 'publish', at });
    expect(await versions(ids.hidden)).toEqual(before);
    expect(h.cache.takePurged()).toEqual([]);
    const audit = await h.db.query<{ action: string; details: Json }>(
      `select action, details from audit_entries where target = $1 order by id desc limit 1`,
      [ids.hidden],
    );
    expect(audit.rows[0]).toEqual({ action: 'content.publish', details: { locale: 'en', publishAt: at } });

    const offset = '2099-06-01T11:00:00+02:00';
    const unpublish = await call('content.unpublish', {
      id: ids.hello,
      locale: 'de',
      unpublishAt: offset,
      withDescendants: true,
    });
    expect(unpublish.body).toEqual({
      id: ids.hello,
      locale: 'de',
      status: 'scheduled',
      action: 'unpublish',
      at: '2099-06-01T09:00:00.000Z',
      withDescendants: true,
    });
    const listed = await call('content.scheduled', {});
    expect(listed.body.items).toEqual([
      {
        id: ids.hidden,
        type: 'page',
        title: 'Unpublished',
        locale: 'en',
        action: 'publish',
        at,
        status: 'scheduled',
        scheduledBy: expect.stringMatching(/^apiKey:.+ \(planner\)$/),
        scheduledAt: expect.any(String),
      },
      expect.objectContaining({
        id: ids.hello,
        title: 'Hallo Welt',
        action: 'unpublish',
        withDescendants: true,
      }),
    ]);
    // Pages of one item at a time, then nothing more.
    const items = listed.body.items as Json[];
    const first = await call('content.scheduled', { limit: 1 });
    expect(first.body.items).toEqual([items[0]]);
    const second = await call('content.scheduled', { limit: 1, cursor: first.body.nextCursor });
    expect([second.body.items, second.body.nextCursor]).toEqual([[items[1]], null]);
    expect((await call('content.scheduled', { cursor: 'nonsense' })).status).toBe(422);
    expect((await call('content.scheduled', { id: ids.hello })).body.items).toHaveLength(1);

    const later = inSeconds(7200);
    await call('content.publish', { id: ids.hidden, locale: 'en', publishAt: later });
    const replaced = await call('content.scheduled', { id: ids.hidden });
    expect((replaced.body.items as Json[]).map((i) => [i.action, i.at])).toEqual([['publish', later]]);

    const cancelled = await call('content.unschedule', { id: ids.hidden, locale: 'en', action: 'publish' });
    expect(cancelled.body).toEqual({
      id: ids.hidden,
      locale: 'en',
      unscheduled: [{ action: 'publish', at: later }],
    });
    const again = await call('content.unschedule', { id: ids.hidden, locale: 'en' });
    expect([again.status, again.body.error.key]).toEqual([404, 'content.notScheduled']);
    // Without `action`, every action of the document in the locale.
    const all = await call('content.unschedule', { id: ids.hello, locale: 'de' });
    expect(all.body.unscheduled).toEqual([{ action: 'unpublish', at: '2099-06-01T09:00:00.000Z' }]);
    expect(await rows()).toEqual([]);
  });

  it('runs each due action once across two processes, as content.publish/unpublish do, audited as the scheduler', async () => {
    const hook = await call('webhooks.create', {
      url: 'http://127.0.0.1:9/hook',
      events: ['content.published', 'content.unpublished'],
    });
    expect(hook.status).toBe(200);
    await call('content.publish', { id: ids.hidden, locale: 'en', publishAt: inSeconds(60) });
    await call('content.unpublish', { id: ids.englishOnly, locale: 'en', unpublishAt: inSeconds(60) });
    await comeDue();
    h.cache.takePurged();
    const log = captureLog();
    const deps = { db: h.db, cache: h.cache, log: log.log, pollMs: 1000 };
    const runners = await Promise.all([startPolledSchedule(deps), startPolledSchedule(deps)]);
    try {
      for (let i = 0; i < 200 && (await rows()).length > 0; i++) await new Promise((r) => setTimeout(r, 20));
    } finally {
      for (const r of runners) await r.stop();
    }
    expect(await rows()).toEqual([]);
    expect(await versions(ids.hidden)).toEqual([{ locale: 'en', state: 'published' }]);
    expect(await versions(ids.englishOnly)).toEqual([{ locale: 'en', state: 'draft' }]);
    expect(h.cache.takePurged().sort()).toEqual(
      [
        `doc:${ids.hidden}`,
        `lists:${ids.space}`,
        // The publish names its lists (a page without descendants, in English); the unpublish does not.
        `lists:${ids.space}:page:en`,
        `doc:${ids.englishOnly}`,
        `lists:${ids.space}`,
      ].sort(),
    );
    const events = await h.db.query<{ event: string; body: string }>(
      'select event, body from webhook_deliveries where webhook_id = $1 order by event',
      [hook.body.id],
    );
    expect(events.rows.map((e) => [e.event, (JSON.parse(e.body) as { data: Json }).data.id])).toEqual([
      ['content.published', ids.hidden],
      ['content.unpublished', ids.englishOnly],
    ]);
    const audit = await h.db.query<{ actor: string; action: string; target: string; details: Json }>(
      `select actor, action, target, details from audit_entries where actor like 'system:%' order by action`,
    );
    expect(audit.rows).toEqual([
      {
        actor: 'system:scheduler',
        action: 'content.publish',
        target: ids.hidden,
        details: expect.objectContaining({ locale: 'en', scheduledBy: expect.stringContaining('planner') }),
      },
      {
        actor: 'system:scheduler',
        action: 'content.unpublish',
        target: ids.englishOnly,
        details: expect.objectContaining({ unpublished: [ids.englishOnly], hidden: [] }),
      },
    ]);
    expect(log.lines().filter((l) => l.msg === 'scheduled action ran')).toHaveLength(2);
  });

  it('marks an action failed when its document lost the version to publish, and lists it so', async () => {
    await call('content.publish', { id: ids.englishOnly, locale: 'en', publishAt: inSeconds(60) });
    // The only version (a draft since the last test) goes: nothing is left to publish in the locale.
    expect((await call('content.discardDraft', { id: ids.englishOnly, locale: 'en' })).status).toBe(200);
    await comeDue();
    const log = captureLog();
    const runner = await startPolledSchedule({ db: h.db, cache: h.cache, log: log.log, pollMs: 1000 });
    try {
      for (let i = 0; i < 200 && log.warnings().length === 0; i++)
        await new Promise((r) => setTimeout(r, 20));
    } finally {
      await runner.stop();
    }
    expect(log.warnings()).toEqual([
      expect.objectContaining({
        msg: 'scheduled action failed',
        error: 'content.notFound',
        action: 'publish',
      }),
    ]);
    const listed = await call('content.scheduled', { id: ids.englishOnly });
    expect(listed.body.items).toEqual([
      expect.objectContaining({
        status: 'failed',
        error: 'The document has no version in locale "en".',
        failedAt: expect.any(String),
      }),
    ]);
    expect((await call('content.unschedule', { id: ids.englishOnly, locale: 'en' })).status).toBe(200);
    expect(await rows()).toEqual([]);
  });
});
