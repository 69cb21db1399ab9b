import { mkdtempSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMigrations } from '../../cli/plugins.ts';
import { createApiKey } from '../../core/auth/api-keys.ts';
import type { Db } from '../../core/db/types.ts';
import { localDiskStorage } from '../../core/media/local-disk-storage.ts';
import { verifyVariantSignature } from '../../core/media/signing.ts';
import { twoColourImage, wavBytes } from '../../core/media/test-images.ts';
import { importSpace } from '../../core/space-format/import.ts';
import { parseSpaceFile } from '../../core/space-format/validate.ts';
import { captureLog } from '../../core/testing/capture-log.ts';
import { migrated, testDatabases } from '../../core/testing/databases.ts';
import { fixtureSpace, ids } from '../../core/testing/fixture-space.ts';
import { appOf, plugins } from './media-test-kit.ts';
import { uploadRoutes } from './upload.ts';

const secret = 'upload-test-media-secret-of-32-chars!';
const maxBytes = 200_000;

async function filesUnder(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).length;
}

const noisePng = (width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();

/** An ID3 tag and three MPEG-1 layer III frame headers (128 kbit/s, 44.1 kHz) with silent frames. */
function mp3Bytes(): Buffer {
  const frame = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x00]), Buffer.alloc(413)]);
  return Buffer.concat([Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'), frame, frame, frame]);
}

describe.each(testDatabases())('POST /upload/:spaceId on $kind', ({ open }) => {
  let db: Db;
  let drop: () => Promise<void>;
  let dataDir: string;
  let app: ReturnType<typeof appOf>;
  let owner: string;

  const post = (body: FormData, token: string | null = owner, space: string = ids.space) =>
    app.request(`http://api.test/upload/${space}`, {
      method: 'POST',
      body,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  const form = (bytes: Uint8Array, name: string, alt?: string) => {
    const f = new FormData();
    f.set('file', new File([new Uint8Array(bytes)], name));
    if (alt !== undefined) f.set('alt', alt);
    return f;
  };
  const counts = async () => ({
    rows: (await db.query<{ n: number }>('select count(*)::int as n from assets')).rows[0]!.n,
    files: await filesUnder(join(dataDir, 'media', 'originals')),
  });

  beforeAll(async () => {
    ({ db, drop } = await migrated(open, allMigrations(plugins)));
    dataDir = mkdtempSync(join(tmpdir(), 'verso-upload-'));
    const storage = localDiskStorage(dataDir);
    await importSpace(db, parseSpaceFile(fixtureSpace(), plugins), {
      baseDir: process.cwd(),
      storage,
      plugins,
    });
    app = appOf(uploadRoutes({ db, storage, maxBytes, mediaSecret: () => secret, log: captureLog().log }));
    owner = (await createApiKey(db, { role: 'owner' })).token;
  });
  afterAll(() => drop());

  it('records an image by its bytes, not its name, and answers 201 with the REST asset', async () => {
    const before = await counts();
    const jpeg = await twoColourImage({ width: 1200, height: 800, format: 'jpeg' });
    const res = await post(form(jpeg, 'holiday.png', '  Two colours  '));
    expect(res.status).toBe(201);
    const asset = await res.json();
    expect(asset).toMatchObject({
      filename: 'holiday.jpg',
      mimeType: 'image/jpeg',
      width: 1200,
      height: 800,
      alt: 'Two colours',
      focalPoint: null,
      crop: null,
      url: `http://api.test/media/${asset.id}/original`,
    });
    expect(res.headers.get('Location')).toBe(asset.url);
    for (const preset of ['thumb', 'card', 'hero'] as const) {
      const url = new URL(asset.variants[preset]);
      expect(url.pathname).toBe(`/media/${asset.id}/${preset}.webp`);
      expect(
        verifyVariantSignature(secret, asset.id, preset, 'webp', url.searchParams.get('s') ?? undefined),
      ).toBe(true);
    }
    const row = await db.query<{ size: string; position: number; sha256: string }>(
      'select size, position, sha256 from assets where id = $1',
      [asset.id],
    );
    expect(Number(row.rows[0]!.size)).toBe(jpeg.length);
    const max = await db.query<{ m: number }>(
      'select max(position)::int as m from assets where space_id = $1 and id <> $2',
      [ids.space, asset.id],
    );
    expect(row.rows[0]!.position).toBe(max.rows[0]!.m + 1);
    expect(await counts()).toEqual({ rows: before.rows + 1, files: before.files + 1 });
  });

  it('records an assets.changed webhook event for a hook that wants it', async () => {
    await db.query(
      `insert into webhooks (space_id, url, events, secret) values ($1, 'http://127.0.0.1:9/', '{assets.changed}', 'whsec_eA==')`,
      [ids.space],
    );
    const res = await post(
      form(await twoColourImage({ width: 40, height: 30, format: 'png' }), 'dot.png', ''),
    );
    expect(res.status).toBe(201);
    const asset = await res.json();
    const sent = await db.query<{ event: string; body: string }>(
      'select event, body from webhook_deliveries',
    );
    expect(sent.rows.map((r) => r.event)).toEqual(['assets.changed']);
    expect(JSON.parse(sent.rows[0]!.body)).toMatchObject({
      type: 'assets.changed',
      data: { id: asset.id, change: 'created', filename: 'dot.png', mimeType: 'image/png' },
    });
    await db.query('delete from webhooks');
  });

  it('accepts the allowed kinds: PNG, WebP, GIF, WAV, MP3, PDF, WOFF2', async () => {
    const samples: Array<[Uint8Array, string, string]> = [
      [await twoColourImage({ width: 300, height: 200, format: 'png' }), 'a.png', 'image/png'],
      [await twoColourImage({ width: 300, height: 200, format: 'webp' }), 'a.webp', 'image/webp'],
      [
        await sharp({ create: { width: 10, height: 10, channels: 3, background: '#0f0' } })
          .gif()
          .toBuffer(),
        'a.gif',
        'image/gif',
      ],
      [wavBytes(), 'tone', 'audio/wav'],
      [mp3Bytes(), 'song.mp3', 'audio/mpeg'],
      [Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'), 'doc.pdf', 'application/pdf'],
      [
        Buffer.concat([Buffer.from('wOF2\x00\x01\x00\x00', 'latin1'), Buffer.alloc(64)]),
        'font.woff2',
        'font/woff2',
      ],
    ];
    for (const [bytes, name, mime] of samples) {
      const res = await post(form(bytes, name));
      expect(res.status, name).toBe(201);
      const asset = await res.json();
      expect(asset.mimeType).toBe(mime);
      if (!mime.startsWith('image/')) expect([asset.width, asset.height]).toEqual([null, null]);
    }
  });

  it('stores content once however often it is uploaded', async () => {
    const png = await twoColourImage({ width: 333, height: 222, format: 'png' });
    const before = await counts();
    expect((await post(form(png, 'one.png'))).status).toBe(201);
    expect((await post(form(png, 'two.png'))).status).toBe(201);
    expect(await counts()).toEqual({ rows: before.rows + 2, files: before.files + 1 });
  });

  it('refuses bad files with a clear 4xx and stores nothing', async () => {
    const jpeg = await twoColourImage({ width: 400, height: 300, format: 'jpeg' });
    const cases: Array<[FormData, number, string]> = [
      [
        form(
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          'logo.svg',
        ),
        415,
        'upload.typeNotAllowed',
      ],
      [
        form(Buffer.from('<!doctype html><script>alert(1)</script>'), 'page.jpg'),
        415,
        'upload.typeNotAllowed',
      ],
      [
        form(Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(200)]), 'setup.png'),
        415,
        'upload.typeNotAllowed',
      ],
      [form(jpeg.subarray(0, 200), 'cut.jpg'), 422, 'upload.unreadable'],
      [form(new Uint8Array(0), 'empty.jpg'), 422, 'upload.unreadable'],
      // Over the limit but inside the envelope allowance: refused after parsing, by the file's size.
      [form(await noisePng(280, 280), 'big.png'), 413, 'upload.tooLarge'],
      // Far over: refused by the body limit before the body is parsed.
      [form(await noisePng(600, 600), 'bigger.png'), 413, 'upload.tooLarge'],
      [new FormData(), 422, 'upload.fileMissing'],
    ];
    const before = await counts();
    for (const [body, status, key] of cases) {
      const res = await post(body);
      expect(res.status, key).toBe(status);
      const { error } = await res.json();
      expect(error.key).toBe(key);
      // Every detail carries params (operations.md's error body), `{}` when the key needs none.
      for (const detail of error.details) expect(detail.params, key).toBeTypeOf('object');
      if (key === 'upload.fileMissing')
        expect(error.details).toEqual([{ key: 'upload.fileMissing', path: 'file', params: {} }]);
    }
    expect(await counts()).toEqual(before);
  });

  it('needs an API key that may write the space', async () => {
    const png = await twoColourImage({ width: 50, height: 50, format: 'png' });
    const before = await counts();
    const otherSpace = (await createApiKey(db, { spaceIds: ['00000000-0000-4000-8000-00000000ffff'] })).token;
    const readOnly = (await createApiKey(db, { permissions: ['content:read'] })).token;
    const viewer = (await createApiKey(db, { role: 'viewer' })).token;
    const expired = (await createApiKey(db, { expiresAt: new Date(Date.now() - 1000) })).token;
    const refusals: Array<[string | null, number, string]> = [
      [null, 401, 'auth.required'],
      ['vso_000000000000_notarealsecretatallnope', 401, 'auth.invalid'],
      [`${owner.slice(0, -2)}xx`, 401, 'auth.invalid'],
      [expired, 401, 'auth.invalid'],
      [otherSpace, 403, 'auth.spaceForbidden'],
      [readOnly, 403, 'auth.forbidden'],
      [viewer, 403, 'auth.forbidden'],
    ];
    for (const [token, status, key] of refusals) {
      const res = await post(form(png, 'x.png'), token);
      expect(res.status, key).toBe(status);
      expect((await res.json()).error.key).toBe(key);
    }
    expect(await counts()).toEqual(before);
    const writer = (
      await createApiKey(db, { role: 'editor', permissions: ['space:write'], spaceIds: [ids.space] })
    ).token;
    expect((await post(form(png, 'x.png'), writer)).status).toBe(201);
    expect((await post(form(png, 'x.png'), owner, 'fixture')).status).toBe(201);
    expect((await post(form(png, 'x.png'), owner, 'no-such-space')).status).toBe(404);
  });
});
