import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMigrations } from '../../cli/plugins.ts';
import { errorResponse } from '../../core/http/error-handler.ts';
import { twoColourImage } from '../../core/media/test-images.ts';
import { type RpcHarness, rpcHarness } from '../../core/rpc/test-harness.ts';
import { testDatabases } from '../../core/testing/databases.ts';
import { plugins } from './media-test-kit.ts';
import { uploadRoutes } from './upload.ts';

// The studio's media library uploads with its session cookie: accepted from the management origin itself,
// refused from another site (no CSRF), and refused without `space:write`, through the real sign-in route.

const secret = 'upload-session-secret-0123456789-0123456789';
const origin = 'http://admin.localhost';

describe.each(testDatabases())('POST /upload/:spaceId with the studio session on $kind', ({ open }) => {
  let h: RpcHarness;
  beforeAll(async () => {
    h = await rpcHarness({
      open,
      procedures: [],
      plugins,
      migrations: allMigrations(plugins),
      authSecret: secret,
    });
    const uploads = uploadRoutes({
      db: h.db,
      storage: h.storage,
      maxBytes: 1_000_000,
      mediaSecret: () => 'm'.repeat(32),
      log: h.captured.log,
      sessionSecret: () => secret,
    });
    h.app.route('/', uploads);
    h.app.onError((err, c) => errorResponse(c, err, h.captured.log));
  });
  afterAll(() => h.close());

  const sessionOf = async (role: 'owner' | 'viewer') => {
    const res = await h.app.request(
      `${origin}/auth/session`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({ key: await h.key({ role }) }),
      },
      { incoming: { socket: { remoteAddress: '10.0.0.9' } } },
    );
    return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  };
  const upload = async (cookie: string, headers: Record<string, string>) => {
    const form = new FormData();
    const png = await twoColourImage({ width: 40, height: 20, format: 'png' });
    form.append('file', new File([new Uint8Array(png)], 'from-studio.png', { type: 'image/png' }));
    return h.app.request(`${origin}/upload/fixture`, {
      method: 'POST',
      body: form,
      headers: { cookie, ...headers },
    });
  };

  it('accepts the session from the management origin and refuses it from another site or without space:write', async () => {
    const owner = await sessionOf('owner');
    expect(owner).toMatch(/^verso_session=/);
    const ok = await upload(owner, { origin });
    expect(ok.status).toBe(201);
    expect(((await ok.json()) as { filename: string }).filename).toBe('from-studio.png');

    const cross = await upload(owner, { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' });
    expect([cross.status, ((await cross.json()) as any).error.key]).toEqual([403, 'auth.crossOrigin']);
    const viewer = await upload(await sessionOf('viewer'), { origin });
    expect(viewer.status).toBe(403);
    const stored = await h.db.query("select 1 from assets where filename = 'from-studio.png'");
    expect(stored.rows).toHaveLength(1);
  });
});
