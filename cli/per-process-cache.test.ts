import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids } from '../core/testing/fixture-space.ts';
import { serviceUrl } from '../core/testing/require-service.ts';
import { type FixtureStack, fixtureStack, type StackProcess } from './testing/fixture-stack.ts';
import { get, rpc } from './testing/http.ts';

const adminUrl = serviceUrl('DATABASE_URL');

/** Real processes on one PostgreSQL database and no Redis: every process has its own cache and counters. */
describe.runIf(adminUrl)('processes without Redis', () => {
  let stack: FixtureStack;
  let editor: string;
  let m: StackProcess;
  let publics: StackProcess[];

  beforeAll(async () => {
    stack = await fixtureStack(adminUrl!, { CACHE_TTL: '3' });
    editor = await stack.createKey();
    // A tight public API rule for the space, in place before the public processes read it.
    await stack.db.query(
      `insert into space_controls (space_id, key, value) values ($1, 'rateLimit.publicApi.points', '4')`,
      [ids.space],
    );
    [m, ...publics] = await Promise.all([
      stack.serve('management', { SCOPES: 'rpc' }),
      stack.serve('public'),
      stack.serve('public'),
    ]);
  }, 240_000);
  afterAll(() => stack?.stop(), 60_000);

  it('keep their cached answers until the lifetime ends, then read the publish', async () => {
    const title = async (p: StackProcess) => (await get(`${p.url}/v1/content/${ids.about}`)).body.title;
    for (const p of publics) expect(await title(p)).toBe('About us');
    expect((await rpc(m.url, editor, 'content.publish', { id: ids.about, locale: 'en' })).status).toBe(200);
    // The purge stayed in the management process: the public processes answer from their own caches.
    for (const p of publics) expect(await title(p)).toBe('About us');
    await new Promise((r) => setTimeout(r, 3200));
    for (const p of publics) expect(await title(p)).toBe('About us (draft)');
  });

  it('count rate limits per process: each allows the limit on its own', async () => {
    // Each process counted 3 of its 4 above; together they are past 4, yet each allows one more.
    const statuses = [];
    for (let i = 0; i < 2; i++) {
      for (const p of publics) statuses.push((await get(`${p.url}/v1/content/${ids.team}`)).status);
    }
    expect(statuses).toEqual([200, 200, 429, 429]);
  });
});
