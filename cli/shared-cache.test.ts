import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisServerAvailable, startRedisServer, type TestRedisServer } from '../core/redis/test-server.ts';
import { ids } from '../core/testing/fixture-space.ts';
import { serviceUrl } from '../core/testing/require-service.ts';
import { type FixtureStack, fixtureStack, type StackProcess } from './testing/fixture-stack.ts';
import { eventually, get, getAs, graphql, logLines, rpc, send } from './testing/http.ts';

const adminUrl = serviceUrl('DATABASE_URL');
const withRedis = redisServerAvailable();

/**
 * Real processes sharing one PostgreSQL database and one Redis (a redis-server this test starts, so that it
 * can stop it): a management process, two public processes and a website process.
 */
describe.runIf(adminUrl && withRedis)('processes sharing Redis', () => {
  let redis: TestRedisServer;
  let stack: FixtureStack;
  let editor: string;
  let operator: string;
  let m: StackProcess;
  let publics: StackProcess[];
  let site: StackProcess;

  beforeAll(async () => {
    redis = await startRedisServer();
    stack = await fixtureStack(adminUrl!, { REDIS_URL: redis.url, CONTROL_API_ALLOWED_IPS: '127.0.0.1' });
    editor = await stack.createKey();
    operator = await stack.createKey([
      '--permissions',
      'space:read,space:write,control,registry:reload',
      '--role',
      'superadmin',
    ]);
    [m, site, ...publics] = await Promise.all([
      stack.serve('management', { SCOPES: 'rpc,control,media' }),
      stack.serve('website'),
      stack.serve('public'),
      stack.serve('public'),
    ]);
  }, 240_000);
  afterAll(async () => {
    await stack?.stop();
    await redis?.stop();
  }, 60_000);

  const titleOf = async (p: StackProcess, id: string) => (await get(`${p.url}/v1/content/${id}`)).body?.title;
  const graphTitleOf = async (p: StackProcess, id: string) =>
    (await graphql(p.url, `{ content(id: "${id}", locale: "en") { title } }`)).body?.data?.content?.title ??
    null;
  const domainKnown = async (host: string) =>
    (await get(`${site.url}/_cms/domain-check?domain=${host}`)).status === 200;
  const redirectPaths = async (p: StackProcess) =>
    ((await get(`${p.url}/v1/redirects?locale=en`)).body.items as Array<{ fromPath: string }>).map(
      (r) => r.fromPath,
    );

  it('a publish through the management API is visible on every public process at once, REST and GraphQL', async () => {
    for (const p of publics) {
      expect(await titleOf(p, ids.about)).toBe('About us');
      expect(await graphTitleOf(p, ids.about)).toBe('About us');
    }
    const published = await rpc(m.url, editor, 'content.publish', { id: ids.about, locale: 'en' });
    expect(published.status).toBe(200);
    for (const p of publics) {
      expect(await titleOf(p, ids.about)).toBe('About us (draft)');
      expect(await graphTitleOf(p, ids.about)).toBe('About us (draft)');
    }
    for (const p of publics) expect(await titleOf(p, ids.hello)).toBe('Hello world');
    expect((await rpc(m.url, editor, 'content.unpublish', { id: ids.news, locale: 'en' })).status).toBe(200);
    for (const p of publics) {
      const gone = await get(`${p.url}/v1/content/${ids.hello}`);
      expect([gone.status, gone.body.error.key]).toEqual([404, 'content.notFound']);
      expect(await graphTitleOf(p, ids.news)).toBeNull();
    }
  });

  it('a mode switch purges domains and redirects:<spaceId> in every process', async () => {
    expect(await redirectPaths(publics[0]!)).toEqual(['/old-about']);
    expect(await domainKnown('direct.fixture.test')).toBe(false);
    // Changed behind the processes' backs: their caches still hold the old answers.
    await stack.db.query(
      `insert into redirects (space_id, locale, from_path, to_path, status, position) values ($1, 'en', '/sneaky', '/about', 301, 9)`,
      [ids.space],
    );
    await stack.db.query(`insert into website_domains (host, space_id) values ('direct.fixture.test', $1)`, [
      ids.space,
    ]);
    expect(await redirectPaths(publics[0]!)).toEqual(['/old-about']);
    expect(await domainKnown('direct.fixture.test')).toBe(false);
    expect((await rpc(m.url, editor, 'plugins.website.settings.set', { mode: 'external' })).body.mode).toBe(
      'external',
    );
    for (const p of publics) expect(await redirectPaths(p)).toEqual(['/old-about', '/sneaky']);
    expect(await domainKnown('direct.fixture.test')).toBe(true);
    expect((await rpc(m.url, editor, 'plugins.website.settings.set', { mode: 'designed' })).status).toBe(200);
  });

  it('a domain change purges domains on the site processes', async () => {
    expect(await domainKnown('fixture.test')).toBe(true);
    await stack.db.query(`insert into website_domains (host, space_id) values ('direct2.fixture.test', $1)`, [
      ids.space,
    ]);
    expect(await domainKnown('direct2.fixture.test')).toBe(false);
    expect(
      (await rpc(m.url, editor, 'plugins.website.domains.create', { host: 'new.fixture.test' })).status,
    ).toBe(200);
    expect(await domainKnown('direct2.fixture.test')).toBe(true);
    expect(await domainKnown('new.fixture.test')).toBe(true);
  });

  it('a design publish bumps the revision and purges design:<spaceId> on the site processes', async () => {
    const robots = async () => (await getAs('fixture.test', `${site.url}/robots.txt`)).text;
    expect(await robots()).not.toMatch(/Disallow: \/\s*$/m);
    await stack.db.query(
      `update space_plugin_settings set settings = jsonb_set(settings, '{indexing}', 'false') where space_id = $1 and environment = 'production'`,
      [ids.space],
    );
    expect(await robots()).not.toMatch(/Disallow: \/\s*$/m);
    const published = await rpc(m.url, editor, 'designs.publishAll', {});
    expect(published.body).toEqual({ revision: 2, published: [] });
    expect(await robots()).toMatch(/Disallow: \/\s*$/m);
  });

  it('a registry reload reaches every process on the database, /readyz and new content types included', async () => {
    for (const p of [...publics, site]) expect((await get(`${p.url}/readyz`)).body.schemaVersion).toBe(1);
    // A content type the running registries have not loaded, with a published document.
    const event = '00000000-0000-4000-8000-0000000000e9';
    await stack.db.query(
      `insert into content_types (space_id, kind, name, title, fields, position) values ($1, 'content', 'event', 'Event', '[]', 9)`,
      [ids.space],
    );
    await stack.db.query(`insert into documents (id, space_id, type, position) values ($1, $2, 'event', 9)`, [
      event,
      ids.space,
    ]);
    await stack.db.query(
      `insert into document_versions (document_id, locale, state, title, slug, published_at) values ($1, 'en', 'published', 'Launch', 'launch', now())`,
      [event],
    );
    for (const p of publics) {
      const unknown = await get(`${p.url}/v1/content/${event}`);
      expect([unknown.status, unknown.body.error.key]).toEqual([404, 'contentType.notFound']);
    }
    const reloaded = await send(`${m.url}/api/v1/contentTypes/reload`, 'POST', operator);
    expect(reloaded.body).toEqual({ schemaVersion: 2 });
    for (const p of [...publics, site]) {
      await eventually(
        async () => (await get(`${p.url}/readyz`)).body.schemaVersion === 2,
        'the reload to arrive',
      );
    }
    for (const p of publics) expect((await get(`${p.url}/v1/content/${event}`)).body.title).toBe('Launch');
  });

  it('rate limits: two public processes share the counter; the N+1st request answers 429 with the headers', async () => {
    const override = await send(`${m.url}/control/v1/spaces/fixture/controls`, 'PATCH', operator, {
      controls: { 'rateLimit.publicApi.points': 4 },
    });
    expect(override.status).toBe(200);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await get(`${publics[i % 2]!.url}/v1/content/${ids.team}`));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(answers[0]!.headers.get('ratelimit-policy')).toBe('4;w=60');
    expect(answers[3]!.headers.get('ratelimit')).toMatch(/^limit=4, remaining=0, reset=\d+$/);
    const refused = await get(`${publics[0]!.url}/v1/content/${ids.team}`);
    expect(refused.status).toBe(429);
    expect(refused.body.error.key).toBe('rateLimit.exceeded');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('ratelimit-policy')).toBe('4;w=60');
    expect((await get(`${publics[1]!.url}/v1/content/${ids.team}`)).status).toBe(429);
    await send(`${m.url}/control/v1/spaces/fixture/controls`, 'PATCH', operator, {
      controls: { 'rateLimit.publicApi.points': null },
    });
    expect((await get(`${publics[1]!.url}/v1/content/${ids.team}`)).status).toBe(200);
  });

  it('Redis killed mid-run: answers from the database, limits let requests through with one warning; back: purges flow', async () => {
    await send(`${m.url}/control/v1/spaces/fixture/controls`, 'PATCH', operator, {
      controls: { 'rateLimit.publicApi.points': 3 },
    });
    const before = publics.map((p) => logLines(p.output()).filter((l) => l.level === 40).length);
    await redis.stop();
    const during = [];
    for (let i = 0; i < 8; i++) {
      for (const p of publics)
        during.push((await get(`${p.url}/v1/content/${[ids.team, ids.home][i % 2]}`)).status);
    }
    expect(during.every((s) => s === 200)).toBe(true);
    // A publish still works (the database is the truth); its purge waits for Redis.
    await stack.db.query(
      `insert into document_versions (document_id, locale, state, title, slug, fields) values ($1, 'en', 'draft', 'Team (new)', 'team', '{}')`,
      [ids.team],
    );
    expect((await rpc(m.url, editor, 'content.publish', { id: ids.team, locale: 'en' })).status).toBe(200);
    // A log line comes through the process's stdout pipe, which may deliver it after the answer that followed it.
    const warningsOf = (p: (typeof publics)[number], i: number) =>
      logLines(p.output())
        .filter((l) => l.level === 40)
        .slice(before[i])
        .map((w) => w.msg);
    for (const [i, p] of publics.entries()) {
      await eventually(() => warningsOf(p, i).length > 0, 'the outage warning', 5_000);
      expect(warningsOf(p, i)).toEqual([expect.stringMatching(/^Redis cannot be reached/)]);
    }
    await redis.start();
    for (const p of [m, ...publics]) {
      await eventually(
        () => p.output().includes('Redis is reachable again'),
        'the processes to reconnect',
        20_000,
      );
    }
    // Limits back to the default while the purges are checked.
    await send(`${m.url}/control/v1/spaces/fixture/controls`, 'PATCH', operator, {
      controls: { 'rateLimit.publicApi.points': null },
    });
    // The purge made during the outage is replayed; new purges flow at once.
    for (const p of publics)
      await eventually(async () => (await titleOf(p, ids.team)) === 'Team (new)', 'the replayed purge');
    expect((await rpc(m.url, editor, 'content.unpublish', { id: ids.team, locale: 'en' })).status).toBe(200);
    for (const p of publics) expect((await get(`${p.url}/v1/content/${ids.team}`)).status).toBe(404);
    // The limiter counts again, in Redis, across both processes (a new rule: a fresh count).
    await send(`${m.url}/control/v1/spaces/fixture/controls`, 'PATCH', operator, {
      controls: { 'rateLimit.publicApi.points': 2 },
    });
    const counted = [];
    for (let i = 0; i < 4; i++)
      counted.push((await get(`${publics[i % 2]!.url}/v1/content/${ids.home}`)).status);
    expect(counted).toEqual([200, 200, 429, 429]);
    for (const p of [m, site, ...publics]) expect(p.output()).not.toMatch(/"level":(50|60)/);
  });
});
