import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../core/auth/api-keys.ts';
import { loadConfig } from '../core/config/index.ts';
import { type Listening, listen } from '../core/http/listen.ts';
import { serviceUrl } from '../core/testing/require-service.ts';
import { buildApp } from './app.ts';
import { startBackground } from './background.ts';
import { closeServices, type Services } from './services.ts';
import { demoServices } from './testing/demo-services.ts';
import { get, rpc as rpcOf } from './testing/http.ts';

const BLOG = 'd0c00000-0000-4000-8000-000000000020';
/** The promise: a scheduled change is delivered within this long after its time. */
const PROMISE_MS = 2000;

const redisUrl = serviceUrl('REDIS_URL');
/** Both ways in one run: without Redis even when REDIS_URL is set (the services are built without it). */
const modes = [
  { name: 'without Redis (the database polled)', redisUrl: undefined },
  ...(redisUrl ? [{ name: 'with Redis (bullmq delayed jobs)', redisUrl }] : []),
];

/** A management process as `verso serve` runs it (its background work included), plus a public one for REST. */
interface Running {
  services: Services;
  base: { public: string; management: string };
  stop(): Promise<void>;
}

async function startProcess(services: Services): Promise<Running> {
  const servers: Listening[] = [];
  const base = { public: '', management: '' };
  for (const mode of ['public', 'management'] as const) {
    const config = {
      ...services.config,
      SERVER_MODE: mode,
      SCOPES: loadConfig({ SERVER_MODE: mode }).SCOPES,
    };
    const server = await listen(buildApp(mode, { ...services, config }), { port: 0, hostname: '127.0.0.1' });
    servers.push(server);
    base[mode] = `http://127.0.0.1:${server.port}`;
  }
  const stopBackground = await startBackground(['management'], services);
  return {
    services,
    base,
    async stop() {
      for (const s of servers) await s.close();
      await stopBackground();
    },
  };
}

/**
 * Scheduled publishing end to end, over real HTTP, on PostgreSQL with DATABASE_URL, else PGlite, on the demo
 * space: `content.publish {publishAt}` and `content.unpublish {unpublishAt}` change nothing until their time and
 * are delivered by REST within 2 s after it; cancelled and rescheduled ones follow the last word; a restart of
 * the process that scheduled them loses none, and one that came due while it was down runs at once.
 */
describe.each(modes)('scheduled publishing over HTTP, $name', ({ redisUrl: redis }) => {
  let demo: Awaited<ReturnType<typeof demoServices>>;
  let running: Running;
  let key: string;

  beforeAll(async () => {
    demo = await demoServices({
      name: 'scheduled',
      secret: 'scheduled-secret-0123456789-0123456789-0123',
      databaseUrl: process.env.DATABASE_URL,
      redisUrl: redis,
    });
    key = (await createApiKey(demo.services.db, { role: 'editor' })).token;
    running = await startProcess(demo.services);
  }, 180_000);
  afterAll(async () => {
    if (running) {
      await running.stop();
      const r = running.services.redis;
      if (r) {
        const keys = await r.client.keys(`${r.prefix}:*`);
        if (keys.length) await r.client.del(...keys);
      }
      await closeServices(running.services);
    }
    await demo?.drop();
  }, 60_000);

  const rpc = async (name: string, input: Record<string, unknown>) => {
    const res = await rpcOf(running.base.management, key, name, { space: 'demo', ...input });
    expect(res.status, `${name}: ${res.text}`).toBe(200);
    return res.body;
  };
  const draft = async (title: string): Promise<string> =>
    (await rpc('content.create', { type: 'blog-post', parentId: BLOG, locale: 'en', title })).id;
  const status = async (id: string) => (await get(`${running.base.public}/v1/content/${id}`)).status;
  /** What a failed expectation says of a document: REST's answer now, what is scheduled, what is published. */
  const state = async (id: string) =>
    JSON.stringify({
      rest: await status(id),
      scheduled: (await rpc('content.scheduled', { id })).items,
      published: (await rpc('content.get', { id })).locales.en?.published?.publishedAt ?? null,
    });
  const at = (msAhead: number) => new Date(Date.now() + msAhead).toISOString();

  /**
   * Polls REST for each document until every expected change shows (or `untilMs` passes) and answers, per
   * document, when the change was first seen: the answer's end (so a change is never seen before it happened).
   */
  async function watch(
    want: Record<string, number>,
    untilMs: number,
  ): Promise<Record<string, number | null>> {
    const seen: Record<string, number | null> = Object.fromEntries(Object.keys(want).map((id) => [id, null]));
    while (Date.now() < untilMs && Object.entries(seen).some(([id, t]) => t === null && want[id] !== 0)) {
      await Promise.all(
        Object.keys(want).map(async (id) => {
          if (seen[id] !== null) return;
          if ((await status(id)) === want[id]) seen[id] = Date.now();
        }),
      );
      await new Promise((r) => setTimeout(r, 50));
    }
    return seen;
  }

  it('publishes and unpublishes at their times; a cancelled one never runs, a rescheduled one runs at its new time', async () => {
    const [publish, cancel, reschedule, unpublish] = await Promise.all([
      draft('Scheduled launch'),
      draft('Cancelled launch'),
      draft('Moved launch'),
      draft('Expiring offer'),
    ]);
    await rpc('content.publish', { id: unpublish, locale: 'en' });
    expect(await status(unpublish)).toBe(200);

    const time = at(1500);
    const later = at(2500);
    const scheduled = await rpc('content.publish', { id: publish, locale: 'en', publishAt: time });
    expect(scheduled).toEqual({
      id: publish,
      locale: 'en',
      status: 'scheduled',
      action: 'publish',
      at: time,
    });
    await rpc('content.publish', { id: cancel, locale: 'en', publishAt: time });
    await rpc('content.publish', { id: reschedule, locale: 'en', publishAt: time });
    await rpc('content.unpublish', { id: unpublish, locale: 'en', unpublishAt: time });
    expect(await rpc('content.unschedule', { id: cancel, locale: 'en' })).toMatchObject({
      unscheduled: [{ action: 'publish', at: time }],
    });
    await rpc('content.publish', { id: reschedule, locale: 'en', publishAt: later });
    // Earliest first (two at one time in either order).
    const listed = await rpc('content.scheduled', {});
    const items = listed.items.map((i: { id: string; action: string; at: string }) => [i.id, i.action, i.at]);
    expect(items.slice(0, 2)).toEqual(
      expect.arrayContaining([
        [publish, 'publish', time],
        [unpublish, 'unpublish', time],
      ]),
    );
    expect(items.slice(2)).toEqual([[reschedule, 'publish', later]]);
    // Nothing has changed yet.
    expect([await status(publish), await status(reschedule), await status(unpublish)]).toEqual([
      404, 404, 200,
    ]);

    const t = Date.parse(time);
    const t2 = Date.parse(later);
    const seen = await watch(
      { [publish]: 200, [unpublish]: 404, [reschedule]: 200, [cancel]: 0 },
      t2 + PROMISE_MS + 1000,
    );
    for (const [id, due] of [
      [publish, t],
      [unpublish, t],
      [reschedule, t2],
    ] as const) {
      if (seen[id] === null) expect.fail(`${id} did not change in time: ${await state(id)}`);
      expect(seen[id]!, id).toBeGreaterThanOrEqual(due);
      expect(seen[id]! - due, id).toBeLessThanOrEqual(PROMISE_MS);
    }
    // Past its time and then some: the cancelled one was never published.
    expect(await status(cancel)).toBe(404);
    expect((await rpc('content.scheduled', {})).items).toEqual([]);
  }, 30_000);

  it('survives a restart of the process that scheduled: an action due while it was down runs at once', async () => {
    const [soon, after] = await Promise.all([draft('Due while down'), draft('Due after the restart')]);
    const soonAt = at(600);
    const afterAt = at(2500);
    await rpc('content.publish', { id: soon, locale: 'en', publishAt: soonAt });
    await rpc('content.publish', { id: after, locale: 'en', publishAt: afterAt });

    await running.stop();
    await closeServices(running.services);
    const wait = Date.parse(soonAt) + 200 - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    running = await startProcess(await demo.reopen());
    const started = Date.now();

    const seen = await watch({ [soon]: 200, [after]: 200 }, Date.parse(afterAt) + PROMISE_MS + 1000);
    if (seen[soon] === null) expect.fail(`due while down, not run: ${await state(soon)}`);
    expect(seen[soon]! - started).toBeLessThanOrEqual(PROMISE_MS);
    const due = Math.max(Date.parse(afterAt), started);
    if (seen[after] === null) expect.fail(`due after the restart, not run: ${await state(after)}`);
    expect(seen[after]!).toBeGreaterThanOrEqual(Date.parse(afterAt));
    expect(seen[after]! - due).toBeLessThanOrEqual(PROMISE_MS);
  }, 60_000);
});
