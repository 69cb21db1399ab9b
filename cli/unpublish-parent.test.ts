import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../core/auth/api-keys.ts';
import { loadConfig } from '../core/config/index.ts';
import { type Listening, listen } from '../core/http/listen.ts';
import { serviceUrl } from '../core/testing/require-service.ts';
import { demoIds } from '../demo/ids.ts';
import { buildApp } from './app.ts';
import { closeServices, type Services } from './services.ts';
import { demoServices } from './testing/demo-services.ts';

/**
 * Unpublishing a parent takes it down alone (docs/management-api.md, `content.unpublish`): the management,
 * public and website apps as `verso serve` builds them, on one set of services (one database, one cache),
 * over real HTTP, with the demo space. The blog page is unpublished and published again; at each step REST,
 * GraphQL, the designed site and the sitemap must agree on every post, and the posts' own versions (a newer
 * draft included) must be untouched.
 */
const { blog, depotPost, pourOverPost, harvestPost, lighterPost, enOnlyPost } = demoIds.documents;
const posts = [depotPost, pourOverPost, harvestPost, lighterPost, enOnlyPost];

interface Raw {
  status: number;
  text: string;
  json: any;
}

interface Init {
  host?: string;
  method?: string;
  body?: string;
  key?: string;
}

function send(base: string, path: string, init: Init = {}) {
  return new Promise<Raw>((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (init.host) headers.host = init.host;
    if (init.key) headers.authorization = `Bearer ${init.key}`;
    const req = request(`${base}${path}`, { method: init.method ?? 'GET', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => {
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, text, json });
      });
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

const databases = [
  { kind: 'pglite' as const },
  ...(serviceUrl('DATABASE_URL') ? [{ kind: 'pg' as const }] : []),
];

describe.each(databases)('unpublishing a parent on $kind: REST, GraphQL, site and sitemap', ({ kind }) => {
  let services: Services;
  let drop = async () => {};
  const servers: Listening[] = [];
  const base = { public: '', website: '', management: '' };
  let apiKey = '';

  beforeAll(async () => {
    ({ services, drop } = await demoServices({
      name: 'unpublish',
      secret: 'unpublish-secret-0123456789-0123456789-0123',
      databaseUrl: kind === 'pg' ? serviceUrl('DATABASE_URL') : undefined,
    }));
    apiKey = (await createApiKey(services.db, { role: 'editor', spaceIds: [demoIds.space] })).token;
    for (const mode of ['public', 'website', 'management'] as const) {
      const config = {
        ...services.config,
        SERVER_MODE: mode,
        SCOPES: loadConfig({ SERVER_MODE: mode }).SCOPES,
      };
      const server = await listen(buildApp(mode, { ...services, config }), {
        port: 0,
        hostname: '127.0.0.1',
      });
      servers.push(server);
      base[mode] = `http://127.0.0.1:${server.port}`;
    }
  }, 180_000);
  afterAll(async () => {
    for (const s of servers) await s.close();
    if (services) await closeServices(services);
    await drop();
  }, 60_000);

  const rpc = (name: string, input: Record<string, unknown>) =>
    send(base.management, `/rpc/${name}`, {
      method: 'POST',
      body: JSON.stringify({ space: 'demo', ...input }),
      key: apiKey,
    });

  /** Every version of the posts, as stored (the drafts must come through untouched). */
  const stored = async () =>
    (
      await services.db.query(
        `select document_id, locale, state, title, slug, fields, published_at, updated_at from document_versions
         where document_id = any($1::uuid[]) order by document_id, locale, state`,
        [posts],
      )
    ).rows;

  /** What each surface answers about the blog and its posts in one locale. */
  async function seen(locale: 'en' | 'de') {
    const host = locale === 'en' ? 'localhost' : 'de.localhost';
    const rest: Record<string, Raw> = {};
    const permalinks: Record<string, string> = {};
    for (const id of [blog, ...posts]) {
      rest[id] = await send(base.public, `/v1/content/${id}?locale=${locale}`);
      if (rest[id]!.status === 200) permalinks[id] = rest[id]!.json.permalink;
    }
    const list = await send(base.public, `/v1/content?type=blog-post&locale=${locale}&limit=100`);
    const under = await send(base.public, `/v1/content?under=${blog}&locale=${locale}&limit=100`);
    const gql = await send(base.public, '/graphql', {
      method: 'POST',
      body: JSON.stringify({
        query: `{ ${[blog, ...posts]
          .map(
            (id, i) =>
              `d${i}: content(id: "${id}", locale: "${locale}") { id title slug permalink publishedAt updatedAt }`,
          )
          .join(
            ' ',
          )} list: contents(type: "blog-post", locale: "${locale}", limit: 100) { total items { id } } }`,
      }),
    });
    const sitemap = await send(base.website, '/sitemap.xml', { host });
    // Compared as data: the answer's key order follows which resolver finished first (graphql-tools' executor).
    return { host, rest, permalinks, list, under, gql: { status: gql.status, json: gql.json }, sitemap };
  }

  const page = (host: string, permalink: string) => send(base.website, `/${permalink}`, { host });
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

  it('takes the blog page down alone and brings every post back, unchanged, when it is published again', async () => {
    const versionsBefore = await stored();
    // The demo's pour-over post has a newer English draft; the depot post gets one too.
    expect(versionsBefore.filter((v) => v.state === 'draft').map((v) => v.document_id)).toEqual([
      pourOverPost,
    ]);
    await services.db.query(
      `insert into document_versions (document_id, locale, state, title, slug, fields, updated_at)
       select document_id, locale, 'draft', title || ' (draft)', slug, fields, '2026-11-01T00:00:00Z'
       from document_versions where document_id = $1 and locale = 'en' and state = 'published'`,
      [depotPost],
    );
    const versions = await stored();
    const before = { en: await seen('en'), de: await seen('de') };
    const pagesBefore: Record<string, string> = {};
    for (const id of [blog, ...posts]) {
      expect(before.en.rest[id]!.status, id).toBe(200);
      const res = await page('localhost', before.en.permalinks[id]!);
      expect(res.status, id).toBe(200);
      pagesBefore[id] = res.text;
    }
    expect(pagesBefore[depotPost]).toContain('We moved into the old tram depot');
    const enList = (before.en.list.json.items as { id: string }[]).map((d) => d.id);
    expect(enList).toEqual(expect.arrayContaining(posts));
    expect(before.en.gql.json.data.list.total).toBe(posts.length);
    for (const id of [blog, ...posts])
      expect(locs(before.en.sitemap.text)).toContain(`http://localhost/${before.en.permalinks[id]}`);

    // Down: the blog alone is unpublished; every delivered post is named as hidden.
    const down = await rpc('content.unpublish', { id: blog, locale: 'en' });
    expect(down.status, down.text).toBe(200);
    expect(down.json).toEqual({
      id: blog,
      locale: 'en',
      status: 'unpublished',
      unpublished: [blog],
      hidden: expect.arrayContaining(posts),
    });
    expect(down.json.hidden).toHaveLength(posts.length);
    // The posts' versions, drafts included, are exactly as they were.
    expect(await stored()).toEqual(versions);

    const hidden = await seen('en');
    for (const id of [blog, ...posts]) {
      expect([hidden.rest[id]!.status, hidden.rest[id]!.json.error.key], id).toEqual([
        404,
        'content.notFound',
      ]);
      expect((await send(base.public, `/v1/permalink/${before.en.permalinks[id]}?locale=en`)).status).toBe(
        404,
      );
      expect((await page('localhost', before.en.permalinks[id]!)).status, id).toBe(404);
      expect(locs(hidden.sitemap.text)).not.toContain(`http://localhost/${before.en.permalinks[id]}`);
    }
    expect(hidden.list.json).toMatchObject({ items: [], total: 0 });
    expect(hidden.under.json).toMatchObject({ items: [], total: 0 });
    expect(hidden.gql.json.errors).toBeUndefined();
    for (let i = 0; i <= posts.length; i++) expect(hidden.gql.json.data[`d${i}`]).toBeNull();
    expect(hidden.gql.json.data.list).toEqual({ total: 0, items: [] });
    // German is another locale: untouched, but for the English alternates its sitemap entries and its REST
    // documents lose (the English versions have no address now: the German answers were purged for it).
    const de = await seen('de');
    const lostEnglish = (at: Awaited<ReturnType<typeof seen>>) => {
      const answers = {
        ...at,
        sitemap: null,
        rest: mapRest(at.rest),
        list: { status: at.list.status, json: at.list.json },
        under: { status: at.under.status, json: at.under.json },
      };
      const json = JSON.stringify(answers, (key, value) =>
        key === 'alternates' ? { ...value, en: undefined } : value,
      );
      return JSON.parse(json);
    };
    const mapRest = (rest: Record<string, Raw>) =>
      Object.fromEntries(Object.entries(rest).map(([id, r]) => [id, { status: r.status, json: r.json }]));
    expect(lostEnglish(de)).toEqual(lostEnglish(before.de));
    const germanPost = de.rest[lighterPost]!.json;
    expect(germanPost.alternates).not.toHaveProperty('en');
    expect(before.de.rest[lighterPost]!.json.alternates).toHaveProperty('en');
    for (const id of [blog, ...posts].filter((p) => before.de.permalinks[p]))
      expect(locs(de.sitemap.text)).toContain(`http://de.localhost/${before.de.permalinks[id]}`);
    for (const id of [blog, depotPost])
      expect((await page('de.localhost', before.de.permalinks[id]!)).status).toBe(200);

    // Up again: every post answers as before, on every surface, with its draft still a draft.
    const up = await rpc('content.publish', { id: blog, locale: 'en' });
    expect(up.status, up.text).toBe(200);
    expect(await stored()).toEqual(versions);
    const after = await seen('en');
    for (const id of posts) expect(after.rest[id]!.json, id).toEqual(before.en.rest[id]!.json);
    // The blog's own version went through a draft and was published anew: only its dates move.
    const dates = { publishedAt: null, updatedAt: null };
    expect({ ...after.rest[blog]!.json, ...dates }).toEqual({ ...before.en.rest[blog]!.json, ...dates });
    expect(after.list.json).toEqual(before.en.list.json);
    expect(after.under.json.items.map((d: { id: string }) => d.id)).toEqual(
      before.en.under.json.items.map((d: { id: string }) => d.id),
    );
    expect({ ...after.gql.json.data, d0: null }).toEqual({ ...before.en.gql.json.data, d0: null });
    expect(after.sitemap.text).toBe(before.en.sitemap.text);
    for (const id of posts) {
      const res = await page('localhost', before.en.permalinks[id]!);
      expect(res.status, id).toBe(200);
      expect(res.text, id).toBe(pagesBefore[id]);
    }
    expect(await seen('de')).toEqual(before.de);
  });
});
