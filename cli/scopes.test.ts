import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, loadConfig, type Scope, type ServerMode } from '../core/config/index.ts';
import { migrate } from '../core/db/migrations.ts';
import { importSpace } from '../core/space-format/import.ts';
import { parseSpaceFile } from '../core/space-format/validate.ts';
import { fixtureSpace, ids } from '../core/testing/fixture-space.ts';
import { buildApp } from './app.ts';
import { allMigrations } from './plugins.ts';
import { closeServices, createServices, type Services } from './services.ts';

/** What a process mounts follows SERVER_MODE and SCOPES (operations.md, "Processes"). */
describe('mounting by mode and scope', () => {
  let services: Services;
  beforeAll(async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'verso-scopes-')), 'data');
    const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'silent' });
    services = await createServices(config);
    await migrate(services.db, allMigrations(services.plugins));
    const { plugins, storage } = services;
    await importSpace(services.db, parseSpaceFile(fixtureSpace(), plugins), {
      baseDir: dataDir,
      storage,
      plugins,
    });
  }, 120_000);
  afterAll(() => closeServices(services));

  const app = (mode: ServerMode, scopes?: Scope[]) => {
    const config: Config = { ...services.config, SERVER_MODE: mode, ...(scopes ? { SCOPES: scopes } : {}) };
    if (!scopes) config.SCOPES = loadConfig({ SERVER_MODE: mode }).SCOPES;
    return buildApp(mode, { ...services, config });
  };
  const errorKey = async (res: Response) => {
    const text = await res.text();
    try {
      return (JSON.parse(text) as { error?: { key: string } }).error?.key;
    } catch {
      return undefined;
    }
  };
  const post = (path: string) => ({
    path,
    init: { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } },
  });
  const answer = async (a: ReturnType<typeof app>, req: { path: string; init?: RequestInit }) => {
    const res = await a.request(req.path, req.init);
    return { status: res.status, key: await errorKey(res) };
  };

  it('management with its default scopes: /rpc and /api/v1, not /control/v1', async () => {
    const a = app('management');
    expect(await answer(a, post('/rpc/redirects.list'))).toEqual({ status: 401, key: 'auth.required' });
    expect(await answer(a, post('/api/v1/contentTypes/reload'))).toEqual({
      status: 401,
      key: 'auth.required',
    });
    expect(await answer(a, { path: '/control/v1/rateLimits' })).toEqual({
      status: 404,
      key: 'route.notFound',
    });
    expect(await answer(a, post(`/upload/${ids.space}`))).toMatchObject({ status: 401 });
  });

  it('scope control mounts /control/v1 (refused to callers outside CONTROL_API_ALLOWED_IPS)', async () => {
    const a = app('management', ['control']);
    expect(await answer(a, { path: '/control/v1/rateLimits' })).toEqual({
      status: 403,
      key: 'control.addressRefused',
    });
    expect(await answer(a, post('/rpc/redirects.list'))).toEqual({ status: 404, key: 'route.notFound' });
  });

  it('media without uploads serves /media and answers 404 to POST /upload/:spaceId', async () => {
    const a = app('management', ['media']);
    expect(await answer(a, post(`/upload/${ids.space}`))).toEqual({ status: 404, key: 'route.notFound' });
    const media = await answer(a, { path: `/media/${ids.image}/dot.png` });
    expect(media.key).not.toBe('route.notFound');
    expect(await answer(a, post('/rpc/redirects.list'))).toEqual({ status: 404, key: 'route.notFound' });
  });

  it('the public mode mounts /graphql only with scope graphql, and never /rpc', async () => {
    expect((await answer(app('public', ['media']), post('/graphql'))).key).toBe('route.notFound');
    expect((await answer(app('public'), post('/graphql'))).key).not.toBe('route.notFound');
    expect((await answer(app('public'), post('/rpc/redirects.list'))).status).not.toBe(401);
    expect((await answer(app('public'), post('/api/v1/contentTypes/reload'))).status).not.toBe(401);
  });

  it('the website mode mounts no management surface', async () => {
    const a = app('website');
    for (const path of ['/rpc/redirects.list', '/api/v1/contentTypes/reload', `/upload/${ids.space}`]) {
      expect((await answer(a, post(path))).status).toBe(404);
    }
    expect((await answer(a, { path: '/control/v1/rateLimits' })).status).toBe(404);
  });

  it('refuses a JSON body past REQUEST_MAX_BYTES with 413 request.tooLarge, before reading it', async () => {
    const config: Config = {
      ...services.config,
      SERVER_MODE: 'management',
      SCOPES: ['rpc', 'auth', 'control'],
      REQUEST_MAX_BYTES: 1024,
    };
    const a = buildApp('management', { ...services, config });
    for (const path of [
      '/rpc/redirects.list',
      '/auth/session',
      '/control/v1/rateLimits',
      '/api/v1/contentTypes/reload',
    ]) {
      let pulled = 0;
      const body = new ReadableStream({
        pull(controller) {
          pulled++;
          controller.enqueue(new Uint8Array(64 * 1024));
        },
      });
      const res = await a.request(path, {
        method: 'POST',
        body,
        duplex: 'half',
        headers: { 'content-type': 'application/json', 'content-length': String(100 * 1024 * 1024) },
      } as RequestInit);
      expect(res.status, path).toBe(413);
      expect(await errorKey(res), path).toBe('request.tooLarge');
      expect(pulled, path).toBeLessThanOrEqual(1);
    }
    // Chunked (no length): refused once the streamed bytes pass the limit.
    const chunked = await a.request('/rpc/redirects.list', {
      method: 'POST',
      body: new ReadableStream({
        pull(controller) {
          controller.enqueue(new Uint8Array(600));
        },
      }),
      duplex: 'half',
      headers: { 'content-type': 'application/json' },
    } as RequestInit);
    expect(chunked.status).toBe(413);
    // Under the limit it is read as before.
    expect((await answer(a, post('/rpc/redirects.list'))).status).toBe(401);
  });
});
