import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../core/auth/api-keys.ts';
import { loadConfig, type ServerMode } from '../core/config/index.ts';
import { migrate } from '../core/db/migrations.ts';
import { type Listening, listen } from '../core/http/listen.ts';
import { importSpace } from '../core/space-format/import.ts';
import { parseSpaceFile } from '../core/space-format/validate.ts';
import { freshPostgres } from '../core/testing/databases.ts';
import { fixtureSpace, ids } from '../core/testing/fixture-space.ts';
import { serviceUrl } from '../core/testing/require-service.ts';
import { buildApp } from './app.ts';
import { allMigrations } from './plugins.ts';
import { closeServices, createServices, type Services } from './services.ts';
import { get, graphql, rpc } from './testing/http.ts';

/**
 * Preview tokens (docs/delivery-api.md, "Preview"; issue 40 point 4), as `verso serve` runs them: the
 * management and public apps built by `buildApp` on one set of services, over real HTTP, on PGlite and (with
 * DATABASE_URL) PostgreSQL. A token reads drafts on REST and GraphQL, the same address without it the
 * published version, and a revoked, expired or foreign bearer is refused at once, never answered published.
 */
const databaseUrl = serviceUrl('DATABASE_URL');
const kinds = [{ kind: 'pglite' }, ...(databaseUrl ? [{ kind: 'pg' }] : [])];
const HELLO = '/v1/permalink/news/hello';

describe.each(kinds)('preview tokens on $kind', ({ kind }) => {
  let services: Services;
  let drop = async () => {};
  const servers: Listening[] = [];
  const base: Partial<Record<ServerMode, string>> = {};
  let editor: string;
  let viewer: string;
  let token: string;
  let tokenId: string;
  const bearer = (t: string) => ({ authorization: `Bearer ${t}` });
  const call = (name: string, input: Record<string, unknown>, key = editor) =>
    rpc(base.management!, key, name, input);

  beforeAll(async () => {
    const env: Record<string, string> = {
      DATA_DIR: join(mkdtempSync(join(tmpdir(), 'verso-preview-')), 'data'),
      NODE_ENV: 'production',
      AUTH_SECRET: 'preview-secret-0123456789-0123456789-0123456789',
      LOG_LEVEL: 'silent',
    };
    if (kind === 'pg') {
      const database = await freshPostgres(databaseUrl!);
      env.DATABASE_URL = database.url;
      drop = database.drop;
    }
    services = await createServices(loadConfig(env));
    await migrate(services.db, allMigrations(services.plugins));
    const { plugins, storage } = services;
    await importSpace(services.db, parseSpaceFile(fixtureSpace(), plugins), {
      baseDir: process.cwd(),
      storage,
      plugins,
    });
    editor = (await createApiKey(services.db, { name: 'editor', role: 'editor' })).token;
    viewer = (await createApiKey(services.db, { name: 'viewer', role: 'viewer' })).token;
    for (const mode of ['public', 'management'] as const) {
      const config = {
        ...services.config,
        SERVER_MODE: mode,
        SCOPES: loadConfig({ SERVER_MODE: mode }).SCOPES,
        // Pinned: a second space (the last test) leaves the public API's choice alone.
        PUBLIC_SPACE: 'fixture',
      };
      const server = await listen(buildApp(mode, { ...services, config }), {
        port: 0,
        hostname: '127.0.0.1',
      });
      servers.push(server);
      base[mode] = `http://127.0.0.1:${server.port}`;
    }
    // A draft of a published post: the published version stays what the public sees.
    const doc = await call('content.get', { id: ids.hello });
    const saved = await call('content.update', {
      id: ids.hello,
      locale: 'en',
      revision: doc.body.revision,
      title: 'Hello draft',
    });
    expect(saved.status, saved.text).toBe(200);
  }, 180_000);
  afterAll(async () => {
    for (const s of servers) await s.close();
    if (services) await closeServices(services);
    await drop();
  }, 60_000);

  it('previewTokens.create needs space:write, checks the expiry, shows the token once and audits without it', async () => {
    const refused = await call('previewTokens.create', {}, viewer);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain('space:write');
    for (const [input, path] of [
      [{ expiresIn: '400d' }, 'expiresIn'],
      [{ expiresIn: 'soon' }, 'expiresIn'],
      [{ expiresIn: '10s' }, 'expiresIn'],
      [{ expiresAt: '2020-01-01T00:00:00Z' }, 'expiresAt'],
      [{ expiresIn: '1d', expiresAt: '2099-01-01T00:00:00Z' }, 'expiresAt'],
      [{ name: 'x'.repeat(101) }, 'name'],
    ] as const) {
      const bad = await call('previewTokens.create', input);
      expect(bad.status, JSON.stringify(input)).toBe(422);
      expect(bad.body.error.details.map((d: { path: string }) => d.path)).toEqual([path]);
    }
    const stored = await services.db.query('select 1 from preview_tokens');
    expect(stored.rows).toEqual([]);

    const created = await call('previewTokens.create', { name: 'next.js draft mode' });
    expect(created.status, created.text).toBe(200);
    expect(created.body).toMatchObject({ name: 'next.js draft mode', status: 'active', revokedAt: null });
    expect(created.body.createdBy).toMatch(/^apiKey:[0-9a-f-]{36} \(editor\)$/);
    const days = (Date.parse(created.body.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect(created.body.token).toMatch(/^vsp_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    token = created.body.token;
    tokenId = created.body.id;

    const listed = await call('previewTokens.list', {});
    expect(listed.body.items).toEqual([{ ...created.body, token: undefined }].map(({ token: _, ...r }) => r));
    expect(listed.text).not.toContain(token.slice(17));
    const audit = await services.db.query<{ action: string; target: string; details: unknown }>(
      `select action, target, details from audit_entries where action like 'previewTokens.%' order by id`,
    );
    expect(audit.rows.map((r) => [r.action, r.target])).toEqual([
      ['previewTokens.create', tokenId],
      ['previewTokens.list', null],
    ]);
    expect(JSON.stringify(audit.rows)).not.toContain(token.slice(17));
  });

  it('REST: the token reads the draft, private and uncached; the same address without it the published version', async () => {
    const published = await get(`${base.public}${HELLO}`);
    expect(published.body.title).toBe('Hello world');
    expect(published.headers.get('cache-control')).toMatch(/^public, /);
    // Twice: the second anonymous answer is replayed in front of the app; a preview must not be.
    expect((await get(`${base.public}${HELLO}`)).headers.get('etag')).toBe(published.headers.get('etag'));

    const preview = await get(`${base.public}${HELLO}`, bearer(token));
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ id: ids.hello, title: 'Hello draft', draft: true });
    expect(preview.headers.get('cache-control')).toBe('private, no-store');
    expect(preview.headers.get('etag')).toBeNull();

    // A preview first at an address: the anonymous answer after it is still the published one.
    const byId = `${base.public}/v1/content/${ids.hello}`;
    expect((await get(byId, bearer(token))).body.title).toBe('Hello draft');
    const after = await get(byId);
    expect(after.body.title).toBe('Hello world');
    expect(after.body.draft).toBeUndefined();
    // An If-None-Match of the published answer does not make a preview answer 304.
    const conditional = await get(byId, { ...bearer(token), 'if-none-match': after.headers.get('etag')! });
    expect(conditional.status).toBe(200);
    expect(conditional.body.title).toBe('Hello draft');

    const list = `${base.public}/v1/content?type=blog-post`;
    const titles = (a: { body: { items: Array<{ title: string }> } }) => a.body.items.map((d) => d.title);
    expect(titles(await get(list, bearer(token)))).toContain('Hello draft');
    expect(titles(await get(list))).toContain('Hello world');
    expect(titles(await get(list))).not.toContain('Hello draft');
  });

  it('a document that only has a draft is delivered in preview only', async () => {
    const path = `${base.public}/v1/permalink/unpublished`;
    expect((await get(path)).status).toBe(404);
    const preview = await get(path, bearer(token));
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ id: ids.hidden, title: 'Unpublished', draft: true });
    expect((await get(path)).status).toBe(404);
    // "Nothing here" in a preview is private too.
    const none = await get(`${base.public}/v1/permalink/no-such-page`, bearer(token));
    expect(none.status).toBe(404);
    expect(none.headers.get('cache-control')).toBe('private, no-store');
  });

  it('GraphQL: the token reads drafts (status DRAFT), never kept with the published answer', async () => {
    const query = '{ contentByPermalink(permalink: "news/hello") { title status } }';
    const anonymous = await graphql(base.public!, query);
    expect(anonymous.body.data.contentByPermalink).toEqual({ title: 'Hello world', status: 'PUBLISHED' });
    expect(anonymous.headers.get('cache-control')).toMatch(/^public, /);
    const preview = await graphql(base.public!, query, bearer(token));
    expect(preview.body.data.contentByPermalink).toEqual({ title: 'Hello draft', status: 'DRAFT' });
    expect(preview.headers.get('cache-control')).toBe('private, no-store');
    expect(preview.headers.get('etag')).toBeNull();
    expect((await graphql(base.public!, query)).body.data.contentByPermalink.title).toBe('Hello world');
    const hidden = await graphql(
      base.public!,
      '{ contentByPermalink(permalink: "unpublished") { title } }',
      bearer(token),
    );
    expect(hidden.body.data.contentByPermalink).toEqual({ title: 'Unpublished' });
  });

  it('a bearer that is not a live preview token is 401 preview.invalid with WWW-Authenticate, never the published answer', async () => {
    const apiKeyAsBearer = await get(`${base.public}${HELLO}`, bearer(editor));
    for (const header of [
      `Bearer ${token}x`,
      'Bearer vsp_000000000000_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      'Bearer',
      `Bearer ${editor}`,
    ]) {
      const refused = await get(`${base.public}${HELLO}`, { authorization: header });
      expect(refused.status, header).toBe(401);
      expect(refused.body.error).toMatchObject({ key: 'preview.invalid', kind: 'unauthorized', status: 401 });
      expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="preview", error="invalid_token"');
      expect(refused.headers.get('cache-control')).toBe('no-store');
      expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    }
    expect(apiKeyAsBearer.status).toBe(401);
    const gql = await graphql(base.public!, '{ contentByPermalink(permalink: "news/hello") { title } }', {
      authorization: 'Bearer nope',
    });
    expect(gql.status).toBe(401);
    expect(gql.body.error.key).toBe('preview.invalid');
    // Another scheme is not the API's (a password-protecting proxy forwards its Basic credentials): anonymous.
    const basic = await get(`${base.public}${HELLO}`, { authorization: 'Basic dXNlcjpwYXNz' });
    expect(basic.status).toBe(200);
    expect(basic.body.title).toBe('Hello world');
  });

  it('a browser front end may send the token: the preflight allows Authorization', async () => {
    const res = await fetch(`${base.public}${HELLO}`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://front.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    const bare = await fetch(`${base.public}${HELLO}`, { method: 'OPTIONS' });
    expect(bare.headers.get('access-control-allow-headers')).toBe('Content-Type, Authorization');
  });

  it('revoking ends access at once; the list shows it revoked; an unknown id is 404', async () => {
    expect((await get(`${base.public}${HELLO}`, bearer(token))).status).toBe(200);
    const revoked = await call('previewTokens.revoke', { id: tokenId });
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.body).toMatchObject({ id: tokenId, status: 'revoked' });
    expect((await get(`${base.public}${HELLO}`, bearer(token))).status).toBe(401);
    expect(
      (await graphql(base.public!, '{ contentByPermalink(permalink: "") { title } }', bearer(token))).status,
    ).toBe(401);
    expect((await get(`${base.public}${HELLO}`)).body.title).toBe('Hello world');
    const again = await call('previewTokens.revoke', { id: tokenId });
    expect(again.body.revokedAt).toBe(revoked.body.revokedAt);
    const listed = await call('previewTokens.list', {});
    expect(listed.body.items[0]).toMatchObject({ id: tokenId, status: 'revoked' });
    const unknown = await call('previewTokens.revoke', { id: '00000000-0000-4000-8000-00000000ffff' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.key).toBe('previewToken.notFound');
    expect((await call('previewTokens.revoke', { id: 'nope' })).status).toBe(422);
  });

  it('an expired token is refused, and so is a token of another space', async () => {
    const created = await call('previewTokens.create', { expiresIn: '1h' });
    const fresh = created.body.token as string;
    expect((await get(`${base.public}${HELLO}`, bearer(fresh))).status).toBe(200);
    await services.db.query(
      `update preview_tokens set expires_at = now() - interval '1 second' where id = $1`,
      [created.body.id],
    );
    expect((await get(`${base.public}${HELLO}`, bearer(fresh))).status).toBe(401);
    expect((await call('previewTokens.list', {})).body.items[0]).toMatchObject({ status: 'expired' });

    const other = await call('previewTokens.create', {});
    await services.db.query(
      `insert into spaces (id, name, title, default_locale, locales)
       values ('00000000-0000-4000-8000-0000000000ff', 'other', 'Other', 'en', '{en}')`,
    );
    await services.db.query(
      `update preview_tokens set space_id = '00000000-0000-4000-8000-0000000000ff' where id = $1`,
      [other.body.id],
    );
    expect((await get(`${base.public}${HELLO}`, bearer(other.body.token))).status).toBe(401);
  });
});
