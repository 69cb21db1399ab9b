import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../core/auth/api-keys.ts';
import { cacheTags } from '../core/cache/tags.ts';
import { loadConfig, type ServerMode } from '../core/config/index.ts';
import { migrate } from '../core/db/migrations.ts';
import { type FastAnswers, fastAnswersOf } from '../core/http/fast-answers.ts';
import { type Listening, listen } from '../core/http/listen.ts';
import { importSpace } from '../core/space-format/import.ts';
import { parseSpaceFile } from '../core/space-format/validate.ts';
import { freshPostgres } from '../core/testing/databases.ts';
import { demoDir, demoSpace } from '../demo/project.ts';
import { buildApp } from './app.ts';
import { allMigrations } from './plugins.ts';
import { closeServices, createServices, type Services } from './services.ts';
import { header, type Raw, remaining, send, stable } from './testing/raw-http.ts';

/**
 * The fast answers in front of Hono (core/http/fast-answers.ts), as `verso serve` runs them: the apps of the
 * public, website and management modes built by `buildApp` on one set of services (one cache, as one process
 * has), served over real HTTP by `listen`, on the demo space. A repeated request must answer exactly what
 * the slow path answers (status, every header but the request id, rate values and date, the bytes), count
 * against the rate rule, and never outlive what it was made from.
 */
const POST = '/blog/we-moved-into-the-old-tram-depot';
const POST_ID = 'd0c00000-0000-4000-8000-000000000021';
const PERMALINK = `/v1/permalink${POST}?expand=cover,author`;
const LIST = '/v1/content?limit=5&expand=cover';
const LIMIT = 25;

describe('fast answers in front of the app', () => {
  let services: Services;
  let drop = async () => {};
  const servers: Listening[] = [];
  const base: Partial<Record<ServerMode, string>> = {};
  const fast: Partial<Record<ServerMode, FastAnswers>> = {};
  let apiKey: string;
  let client = 0;
  /** A client address of its own (TRUSTED_PROXIES unset: `X-Forwarded-For` names it), so counts start fresh. */
  const newClient = () => ({ 'x-forwarded-for': `198.51.100.${++client}` });

  beforeAll(async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'verso-fast-')), 'data');
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      AUTH_SECRET: 'fast-secret-0123456789-0123456789-0123456789',
      LOG_LEVEL: 'silent',
    };
    if (process.env.DATABASE_URL) {
      const database = await freshPostgres(process.env.DATABASE_URL);
      env.DATABASE_URL = database.url;
      drop = database.drop;
    }
    services = await createServices(loadConfig(env));
    await migrate(services.db, allMigrations(services.plugins));
    const { plugins, storage } = services;
    await importSpace(services.db, parseSpaceFile(await demoSpace(), plugins), {
      baseDir: demoDir,
      storage,
      plugins,
    });
    for (const rule of ['publicApi', 'sitePages'])
      await services.db.query(
        `insert into space_controls (space_id, key, value) select id, $1, $2::jsonb from spaces`,
        [`rateLimit.${rule}.points`, String(LIMIT)],
      );
    const space = await services.db.query<{ id: string }>('select id from spaces');
    apiKey = (await createApiKey(services.db, { role: 'owner', spaceIds: [space.rows[0]!.id] })).token;
    for (const mode of ['public', 'website', 'management'] as const) {
      const config = {
        ...services.config,
        SERVER_MODE: mode,
        SCOPES: loadConfig({ SERVER_MODE: mode }).SCOPES,
      };
      const app: Hono = buildApp(mode, { ...services, config });
      const server = await listen(app, { port: 0, hostname: '127.0.0.1' });
      servers.push(server);
      base[mode] = `http://127.0.0.1:${server.port}`;
      const installed = fastAnswersOf(app);
      if (installed) fast[mode] = installed;
    }
  }, 180_000);
  afterAll(async () => {
    for (const s of servers) await s.close();
    if (services) await closeServices(services);
    await drop();
  }, 60_000);

  const rpc = (name: string, input: Record<string, unknown>) =>
    send(
      base.management!,
      `/rpc/${name}`,
      { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      'POST',
      JSON.stringify({ space: 'demo', ...input }),
    );

  /** The first request (slow path, recorded) and a repeat (fast path), with the fast path's count checked. */
  async function twice(
    mode: 'public' | 'website',
    path: string,
    headers: Record<string, string>,
    method = 'GET',
    body?: string,
  ) {
    const f = fast[mode]!;
    const slow = await send(base[mode]!, path, headers, method, body);
    const hits = f.hits;
    const quick = await send(base[mode]!, path, headers, method, body);
    expect(f.hits).toBe(hits + 1);
    return { slow, quick };
  }

  const same = ({ slow, quick }: { slow: Raw; quick: Raw }) => {
    expect(quick.status).toBe(slow.status);
    expect(stable(quick)).toEqual(stable(slow));
    expect(quick.body.equals(slow.body)).toBe(true);
    expect(header(quick, 'x-request-id')).not.toBe(header(slow, 'x-request-id'));
    expect(remaining(quick)).toBe(remaining(slow) - 1);
  };

  it('is installed for the public and website modes only', () => {
    expect(fast.public).toBeDefined();
    expect(fast.website).toBeDefined();
    expect(fast.management).toBeUndefined();
  });

  it('REST permalink and list: the same status, headers and bytes as the slow path', async () => {
    const who = newClient();
    const permalink = await twice('public', PERMALINK, who);
    expect(permalink.slow.status).toBe(200);
    same(permalink);
    expect(JSON.parse(permalink.quick.body.toString()).title).toBe('We moved into the old tram depot');
    expect(header(permalink.quick, 'access-control-expose-headers')).toBe(
      'ETag, X-Request-Id, RateLimit, RateLimit-Policy',
    );
    const list = await twice('public', LIST, who);
    expect(list.slow.status).toBe(200);
    same(list);
    // A caller's own request id is echoed, as the slow path does.
    const id = { ...who, 'x-request-id': 'caller-id-12345' };
    const echoed = await twice('public', PERMALINK, id);
    expect(header(echoed.quick, 'x-request-id')).toBe('caller-id-12345');
  });

  it('REST 304 and HEAD answer as the slow path does', async () => {
    const who = newClient();
    const first = await send(base.public!, PERMALINK, who);
    const etag = header(first, 'etag')!;
    const revalidated = await twice('public', PERMALINK, { ...who, 'if-none-match': etag });
    expect(revalidated.slow.status).toBe(304);
    same(revalidated);
    expect(revalidated.quick.body.length).toBe(0);
    const head = await twice('public', PERMALINK, who, 'HEAD');
    expect(head.slow.status).toBe(200);
    same(head);
    // Another validator goes through the slow path (which compares weak tags itself).
    const hits = fast.public!.hits;
    const other = await send(base.public!, PERMALINK, { ...who, 'if-none-match': `"x", ${etag}` });
    expect(other.status).toBe(304);
    expect(fast.public!.hits).toBe(hits);
  });

  it('site page, identity and gzip, 304 and HEAD: as the slow path', async () => {
    const who = { ...newClient(), host: 'localhost' };
    const plain = await twice('website', POST, who);
    expect(plain.slow.status).toBe(200);
    expect(header(plain.slow, 'content-encoding')).toBeUndefined();
    same(plain);
    expect(plain.quick.body.toString()).toContain('We moved into the old tram depot');
    expect(header(plain.quick, 'content-security-policy')).toBeTruthy();

    const gzip = await twice('website', POST, { ...who, 'accept-encoding': 'gzip, deflate, br' });
    expect(header(gzip.slow, 'content-encoding')).toBe('gzip');
    same(gzip);
    expect(gunzipSync(gzip.quick.body).equals(plain.quick.body)).toBe(true);

    const etag = header(plain.slow, 'etag')!;
    const revalidated = await twice('website', POST, { ...who, 'if-none-match': etag });
    expect(revalidated.slow.status).toBe(304);
    same(revalidated);
    const head = await twice('website', POST, who, 'HEAD');
    same(head);
  });

  it('a publish through the management API drops the REST and page answers at once', async () => {
    const who = newClient();
    const site = { ...who, host: 'localhost' };
    await twice('public', PERMALINK, who);
    await twice('website', POST, site);
    await services.db.query(
      `insert into document_versions (document_id, locale, state, title, slug, fields, updated_at)
       select document_id, locale, 'draft', 'The tram depot, renamed', slug, fields, now()
       from document_versions where document_id = $1 and locale = 'en' and state = 'published'`,
      [POST_ID],
    );
    expect((await rpc('content.publish', { id: POST_ID, locale: 'en' })).status).toBe(200);
    const api = await send(base.public!, PERMALINK, who);
    expect(JSON.parse(api.body.toString()).title).toBe('The tram depot, renamed');
    const page = await send(base.website!, POST, site);
    expect(page.body.toString()).toContain('The tram depot, renamed');
    // And the new answers are fast again.
    const again = await twice('public', PERMALINK, who);
    expect(JSON.parse(again.quick.body.toString()).title).toBe('The tram depot, renamed');
    const pageAgain = await twice('website', POST, site);
    expect(pageAgain.quick.body.toString()).toContain('The tram depot, renamed');
  });

  it('a site password set through the management API: the next request gets the password form', async () => {
    const who = { ...newClient(), host: 'localhost' };
    await twice('website', POST, who);
    const set = await rpc('plugins.website.settings.set', { password: 'correct horse battery' });
    expect(set.status).toBe(200);
    try {
      const hits = fast.website!.hits;
      const form = await send(base.website!, POST, who);
      expect(form.status).toBe(401);
      expect(form.body.toString()).toContain('password');
      expect((await send(base.website!, POST, who)).status).toBe(401);
      expect(fast.website!.hits).toBe(hits);
    } finally {
      expect((await rpc('plugins.website.settings.set', { password: null })).status).toBe(200);
    }
    expect((await send(base.website!, POST, who)).status).toBe(200);
  });

  it('a share cookie or a form-result parameter goes through the slow path', async () => {
    const who = { ...newClient(), host: 'localhost' };
    await twice('website', POST, who);
    const hits = fast.website!.hits;
    const shared = await send(base.website!, POST, { ...who, cookie: 'cms_share=not-a-valid-token' });
    expect(shared.status).toBe(200);
    for (const query of ['?form-result=x', '?form%2Dresult=x']) {
      await send(base.website!, POST + query, who);
      await send(base.website!, POST + query, who);
    }
    expect(fast.website!.hits).toBe(hits);
  });

  it('still counts every request: the one past the limit is refused with 429', async () => {
    for (const mode of ['public', 'website'] as const) {
      const who = mode === 'public' ? newClient() : { ...newClient(), host: 'localhost' };
      const path = mode === 'public' ? PERMALINK : POST;
      const hits = fast[mode]!.hits;
      const statuses: number[] = [];
      for (let i = 0; i < LIMIT + 1; i++) statuses.push((await send(base[mode]!, path, who)).status);
      expect(statuses).toEqual([...Array(LIMIT).fill(200), 429]);
      // Every allowed one was a replay (the answer was recorded by an earlier client).
      expect(fast[mode]!.hits).toBe(hits + LIMIT);
      const refused = await send(base[mode]!, path, who);
      expect(refused.status).toBe(429);
      expect(header(refused, 'retry-after')).toMatch(/^\d+$/);
      expect(header(refused, 'ratelimit')).toMatch(/remaining=0/);
    }
  });

  it('tags every answer with X-Request-Id: REST, GraphQL, media variants, pages, errors', async () => {
    const who = newClient();
    const answer = await send(base.public!, PERMALINK, who);
    const variant = /\/media\/[^"?]+\.webp\?[^"]+/.exec(answer.body.toString())?.[0];
    expect(variant, 'a variant address in the permalink answer').toBeDefined();
    const media = await send(base.public!, variant!.replaceAll('\\u0026', '&'), who);
    expect(media.status).toBe(200);
    const answers = {
      rest: answer,
      media,
      mediaAgain: await send(base.public!, variant!.replaceAll('\\u0026', '&'), who),
      graphql: await send(
        base.public!,
        '/graphql',
        { ...who, 'content-type': 'application/json' },
        'POST',
        JSON.stringify({ query: '{ __typename }' }),
      ),
      restError: await send(base.public!, '/v1/permalink/nothing-here', who),
      page: await send(base.website!, POST, { ...who, host: 'localhost' }),
    };
    for (const [name, a] of Object.entries(answers)) expect(header(a, 'x-request-id'), name).toMatch(/\S/);
  });

  it('leaves unknown hosts, other methods, credentials and bodies to the slow path', async () => {
    const who = newClient();
    const hits = { public: fast.public!.hits, website: fast.website!.hits };
    for (let i = 0; i < 2; i++) {
      expect((await send(base.website!, POST, { ...who, host: 'unknown.example' })).status).toBe(404);
      expect((await send(base.public!, '/v1/permalink/nothing-here', who)).status).toBe(404);
      // Credentials of another scheme are answered anonymously; a bearer is a preview token (here refused).
      expect((await send(base.public!, PERMALINK, { ...who, authorization: 'Basic eDp5' })).status).toBe(200);
      expect((await send(base.public!, PERMALINK, { ...who, authorization: 'Bearer x' })).status).toBe(401);
      expect((await send(base.public!, PERMALINK, { ...who }, 'POST', '{}')).status).toBe(404);
      expect(
        (await send(base.public!, PERMALINK, { ...who, 'content-length': '2' }, 'GET', '{}')).status,
      ).toBe(200);
    }
    expect({ public: fast.public!.hits, website: fast.website!.hits }).toEqual(hits);
  });

  it('GraphQL by POST and GET: the same answer as the slow path, per Accept, until a publish', async () => {
    const who = newClient();
    const query = 'query Post($p: String!) { contentByPermalink(permalink: $p) { id title } }';
    const variables = { p: POST.slice(1) };
    const body = JSON.stringify({ query, variables });
    const json = { ...who, 'content-type': 'application/json', accept: 'application/graphql-response+json' };
    const posted = await twice('public', '/graphql', json, 'POST', body);
    expect(posted.slow.status).toBe(200);
    same(posted);
    const title = (r: Raw) =>
      (JSON.parse(r.body.toString()) as { data: { contentByPermalink: { title: string } } }).data
        .contentByPermalink.title;
    const before = title(posted.quick);
    const get = `/graphql?query=${encodeURIComponent(query)}&variables=${encodeURIComponent(JSON.stringify(variables))}`;
    const got = await twice('public', get, { ...who, accept: 'application/graphql-response+json' });
    same(got);
    expect(title(got.quick)).toBe(before);
    // Another Accept is another answer (its media type): the slow path makes it first.
    const hits = fast.public!.hits;
    const plain = await send(base.public!, '/graphql', { ...json, accept: 'application/json' }, 'POST', body);
    expect(header(plain, 'content-type')).toMatch(/^application\/json/);
    expect(fast.public!.hits).toBe(hits);
    // Another body is another key.
    const other = JSON.stringify({ query, variables: { p: 'blog/why-we-roast-lighter' } });
    const otherAnswer = await send(base.public!, '/graphql', json, 'POST', other);
    expect(title(otherAnswer)).toBe('Why we roast lighter than you might expect');
    expect(fast.public!.hits).toBe(hits);

    await services.db.query(
      `insert into document_versions (document_id, locale, state, title, slug, fields, updated_at)
       select document_id, locale, 'draft', 'The tram depot, in GraphQL', slug, fields, now()
       from document_versions where document_id = $1 and locale = 'en' and state = 'published'
       on conflict (document_id, locale, state) do update set title = excluded.title`,
      [POST_ID],
    );
    expect((await rpc('content.publish', { id: POST_ID, locale: 'en' })).status).toBe(200);
    const fresh = await send(base.public!, '/graphql', json, 'POST', body);
    expect(title(fresh)).toBe('The tram depot, in GraphQL');
    expect(fast.public!.hits).toBe(hits);
    const again = await twice('public', '/graphql', json, 'POST', body);
    expect(title(again.quick)).toBe('The tram depot, in GraphQL');
  });

  it('a media variant: replayed as sent, never to a Range, and not once its asset is purged', async () => {
    const who = newClient();
    const answer = await send(base.public!, PERMALINK, who);
    const found = /\/media\/([^/"?]+)\/[^"?]+\.webp\?[^"]+/.exec(answer.body.toString());
    expect(found, 'a variant address in the permalink answer').not.toBeNull();
    const variant = found![0].replaceAll('\\u0026', '&');
    const assetId = found![1]!;
    // Rendered once; the next request is recorded, the one after that replayed.
    expect((await send(base.public!, variant, who)).status).toBe(200);
    const media = await twice('public', variant, who);
    expect(media.slow.status).toBe(200);
    same(media);
    expect(header(media.quick, 'content-type')).toBe('image/webp');
    const hits = fast.public!.hits;
    const part = await send(base.public!, variant, { ...who, range: 'bytes=0-9' });
    expect([part.status, part.body.length]).toEqual([206, 10]);
    expect(fast.public!.hits).toBe(hits);
    // A wrong signature is never the recorded address: refused by the slow path.
    expect((await send(base.public!, variant.replace(/s=[^&]+/, 's=AAAA'), who)).status).toBe(403);
    await services.cache.purgeTags([cacheTags.asset(assetId)]);
    const afterPurge = await send(base.public!, variant, who);
    expect(afterPurge.status).toBe(200);
    expect(fast.public!.hits).toBe(hits);
    await twice('public', variant, who);
  });
});
