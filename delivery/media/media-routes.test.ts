import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheTags } from '../../core/cache/tags.ts';
import {
  originalPath,
  type VariantFormat,
  type VariantPreset,
  variantPath,
  variantPresets,
} from '../../core/media/signing.ts';
import { testDatabases } from '../../core/testing/databases.ts';
import { ids } from '../../core/testing/fixture-space.ts';
import { managementMediaRoutes } from './management-media.ts';
import { appOf, mediaWorld } from './media-test-kit.ts';
import { publicMediaRoutes } from './public-media.ts';

const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe.each(testDatabases())('/media on $kind', ({ open }) => {
  let world: Awaited<ReturnType<typeof mediaWorld>>;
  let pub: ReturnType<typeof appOf>;
  let mgmt: ReturnType<typeof appOf>;
  const signed = (id: string, preset: VariantPreset, format: VariantFormat = 'webp') =>
    variantPath(world.secrets.current, id, preset, format);

  beforeAll(async () => {
    world = await mediaWorld(open);
    pub = appOf(publicMediaRoutes({ ...world.deps, spaceOf: async () => ids.space }));
    mgmt = appOf(managementMediaRoutes(world.deps));
  });
  afterAll(() => world.drop());

  it('serves an original with its type, size, a strong ETag and an hour of public caching; 304 when unchanged', async () => {
    const { wide } = world.assets;
    const res = await pub.request(originalPath(wide.id));
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/jpeg');
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=3600');
    expect(res.headers.get('ETag')).toBe(`"${wide.sha256}"`);
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    const body = await bytesOf(res);
    expect(body.equals(await world.storage.get(wide.storageKey))).toBe(true);
    expect(res.headers.get('Content-Length')).toBe(String(body.length));
    const again = await pub.request(originalPath(wide.id), {
      headers: { 'If-None-Match': `"${wide.sha256}"` },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('serves every preset in every format, at the preset width, immutable with a strong ETag', async () => {
    const { wide, png, tall } = world.assets;
    for (const asset of [wide, png, tall]) {
      for (const preset of Object.keys(variantPresets) as VariantPreset[]) {
        for (const format of ['webp', 'avif', 'jpeg', 'png'] as VariantFormat[]) {
          const res = await pub.request(signed(asset.id, preset, format));
          expect(res.status).toBe(200);
          expect(res.headers.get('Content-Type')).toBe(`image/${format}`);
          expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
          expect(res.headers.get('ETag')).toMatch(/^"[A-Za-z0-9_-]+"$/);
          const meta = await sharp(await bytesOf(res)).metadata();
          expect(meta.width).toBe(Math.min(variantPresets[preset], asset.width!));
          expect(meta.format).toBe(format === 'avif' ? 'heif' : format);
        }
      }
    }
  });

  it('answers a matching If-None-Match on a variant with 304', async () => {
    const path = signed(world.assets.png.id, 'card');
    const first = await pub.request(path);
    const etag = first.headers.get('ETag')!;
    const again = await pub.request(path, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('ETag')).toBe(etag);
  });

  it('refuses tampered and unsigned addresses with 403 before any image work', async () => {
    const { tall } = world.assets;
    const rendersBefore = world.renders.length;
    const good = signed(tall.id, 'hero', 'avif');
    const signature = new URL(good, 'http://x').searchParams.get('s')!;
    const tampered = [
      `/media/${tall.id}/hero.avif`,
      `/media/${tall.id}/hero.avif?s=`,
      `/media/${tall.id}/hero.avif?s=${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      `/media/${tall.id}/card.avif?s=${signature}`,
      `/media/${tall.id}/hero.webp?s=${signature}`,
      `/media/${world.assets.wide.id}/hero.avif?s=${signature}`,
    ];
    for (const path of tampered) {
      const res = await pub.request(path);
      expect(res.status).toBe(403);
      expect((await res.json()).error.key).toBe('media.signatureInvalid');
    }
    expect(world.renders.length).toBe(rendersBefore);
    expect((await pub.request(good)).status).toBe(200);
  });

  it('invalidates every variant address when the secret rotates', async () => {
    const { png } = world.assets;
    const old = signed(png.id, 'thumb', 'jpeg');
    expect((await pub.request(old)).status).toBe(200);
    const previous = world.secrets.current;
    world.secrets.current = 'second-media-secret-of-at-least-32-chars';
    try {
      expect((await pub.request(old)).status).toBe(403);
      expect((await mgmt.request(old)).status).toBe(403);
      expect((await pub.request(signed(png.id, 'thumb', 'jpeg'))).status).toBe(200);
    } finally {
      world.secrets.current = previous;
    }
  });

  it('renders once for ten concurrent first requests of one variant', async () => {
    const { wide } = world.assets;
    // An editor moves the focal point: the variant is new (its key holds the framing) and not rendered yet.
    await world.db.query(`update assets set focal_point = '{"x": 0.8, "y": 0.5}' where id = $1`, [wide.id]);
    await world.deps.cache.purgeTags([cacheTags.asset(wide.id)]);
    const path = signed(wide.id, 'hero', 'png');
    const before = world.renders.filter((r) => r === 'hero.png').length;
    const answers = await Promise.all(Array.from({ length: 10 }, () => pub.request(path)));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    const bodies = await Promise.all(answers.map(bytesOf));
    expect(new Set(bodies.map((b) => b.toString('base64'))).size).toBe(1);
    expect(world.renders.filter((r) => r === 'hero.png').length).toBe(before + 1);
  });

  it('serves on the public API only what published content references; management serves every asset', async () => {
    const { unreferenced } = world.assets;
    const original = await pub.request(originalPath(unreferenced.id));
    expect(original.status).toBe(404);
    expect((await original.json()).error.key).toBe('media.notFound');
    expect((await pub.request(signed(unreferenced.id, 'card'))).status).toBe(404);
    expect((await pub.request(originalPath(ids.orphanImage))).status).toBe(404);
    expect((await mgmt.request(originalPath(unreferenced.id))).status).toBe(200);
    expect((await mgmt.request(signed(unreferenced.id, 'card'))).status).toBe(200);
    // An asset the fixture's published pages reference (hero field, blocks).
    expect((await pub.request(originalPath(ids.image))).status).toBe(200);
  });

  it('serves no asset of another space on a public instance', async () => {
    const other = appOf(
      publicMediaRoutes({ ...world.deps, spaceOf: async () => '00000000-0000-4000-8000-00000000ffff' }),
    );
    expect((await other.request(originalPath(world.assets.wide.id))).status).toBe(404);
    const none = appOf(publicMediaRoutes({ ...world.deps, spaceOf: async () => null }));
    expect((await none.request(originalPath(world.assets.wide.id))).status).toBe(404);
  });

  it('answers 404 for unknown ids, ids that are not ids, unknown presets and variants of non-images', async () => {
    const { wav } = world.assets;
    for (const path of [
      originalPath('00000000-0000-4000-8000-00000000dead'),
      '/media/not-an-id/original',
      `/media/${world.assets.wide.id}/poster.webp?s=x`,
      `/media/${world.assets.wide.id}/card.gif?s=x`,
      signed(wav.id, 'card'),
    ]) {
      expect((await pub.request(path)).status).toBe(404);
    }
  });

  it('answers 404 for an asset whose original is missing from storage, for the original and a new variant', async () => {
    const { unreferenced } = world.assets;
    await world.storage.remove(unreferenced.storageKey);
    const original = await mgmt.request(originalPath(unreferenced.id));
    expect(original.status).toBe(404);
    expect((await original.json()).error.key).toBe('media.notFound');
    const variant = await mgmt.request(signed(unreferenced.id, 'thumb', 'avif'));
    expect(variant.status).toBe(404);
    expect((await variant.json()).error.key).toBe('media.notFound');
  });

  it('answers byte ranges of audio with 206, outside the file with 416', async () => {
    const { wav } = world.assets;
    const whole = await world.storage.get(wav.storageKey);
    const part = await pub.request(originalPath(wav.id), { headers: { Range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('Content-Type')).toBe('audio/wav');
    expect(part.headers.get('Content-Range')).toBe(`bytes 100-199/${whole.length}`);
    expect(part.headers.get('Content-Length')).toBe('100');
    expect((await bytesOf(part)).equals(whole.subarray(100, 200))).toBe(true);
    const tail = await pub.request(originalPath(wav.id), { headers: { Range: 'bytes=-44' } });
    expect((await bytesOf(tail)).equals(whole.subarray(whole.length - 44))).toBe(true);
    const open = await pub.request(originalPath(wav.id), {
      headers: { Range: `bytes=${whole.length - 10}-` },
    });
    expect(open.headers.get('Content-Range')).toBe(
      `bytes ${whole.length - 10}-${whole.length - 1}/${whole.length}`,
    );
    const outside = await pub.request(originalPath(wav.id), { headers: { Range: `bytes=${whole.length}-` } });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('Content-Range')).toBe(`bytes */${whole.length}`);
    expect((await outside.json()).error.key).toBe('media.rangeNotSatisfiable');
    const stale = await pub.request(originalPath(wav.id), {
      headers: { Range: 'bytes=0-9', 'If-Range': '"other"' },
    });
    expect(stale.status).toBe(200);
    expect((await bytesOf(stale)).length).toBe(whole.length);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await pub.request(originalPath(world.assets.wav.id), { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('Content-Length'))).toBe(world.assets.wav.size);
    expect(await res.text()).toBe('');
  });

  it('answers a hot variant from memory with the same headers and bytes: 200, 304, ranges, HEAD', async () => {
    const { tall } = world.assets;
    const path = signed(tall.id, 'thumb', 'png');
    const first = await pub.request(path); // rendered now, then kept in memory
    const firstBytes = await bytesOf(first);
    const { rm } = await import('node:fs/promises');
    const { join } = await import('node:path');
    // Without the files on disk, only memory can answer (a process would otherwise render again).
    await rm(join(world.dataDir, 'media', 'variants'), { recursive: true, force: true });
    const rendersBefore = world.renders.length;
    const hot = await pub.request(path);
    expect(hot.status).toBe(200);
    expect([...hot.headers].sort()).toEqual([...first.headers].sort());
    expect((await bytesOf(hot)).equals(firstBytes)).toBe(true);
    const etag = hot.headers.get('ETag')!;
    const notModified = await pub.request(path, { headers: { 'If-None-Match': etag } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('ETag')).toBe(etag);
    expect(notModified.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(await notModified.text()).toBe('');
    const part = await pub.request(path, { headers: { Range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('Content-Range')).toBe(`bytes 10-19/${firstBytes.length}`);
    expect((await bytesOf(part)).equals(firstBytes.subarray(10, 20))).toBe(true);
    const head = await pub.request(path, { method: 'HEAD' });
    expect(head.headers.get('Content-Length')).toBe(String(firstBytes.length));
    expect(await head.text()).toBe('');
    expect(world.renders.length).toBe(rendersBefore);
    // A signature verified before is remembered for its own address only.
    const signature = new URL(path, 'http://x').searchParams.get('s')!;
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    for (const wrong of [
      `/media/${tall.id}/thumb.png?s=${flipped}`,
      `/media/${tall.id}/thumb.webp?s=${signature}`,
      `/media/${tall.id}/card.png?s=${signature}`,
      `/media/${world.assets.wide.id}/thumb.png?s=${signature}`,
    ]) {
      expect((await pub.request(wrong)).status).toBe(403);
    }
  });

  it("serves new bytes after an asset's framing changes and drops the old ones from memory", async () => {
    const { png } = world.assets;
    const path = signed(png.id, 'card', 'webp');
    const before = await pub.request(path);
    const beforeBytes = await bytesOf(before);
    const kept = world.deps.variants.memoryUse();
    await world.db.query(
      `update assets set crop = '{"x": 0, "y": 0, "width": 0.5, "height": 1}' where id = $1`,
      [png.id],
    );
    await world.deps.cache.purgeTags([cacheTags.asset(png.id)]);
    const after = await pub.request(path);
    expect(after.status).toBe(200);
    expect(after.headers.get('ETag')).not.toBe(before.headers.get('ETag'));
    const afterBytes = await bytesOf(after);
    expect(afterBytes.equals(beforeBytes)).toBe(false);
    expect((await sharp(afterBytes).metadata()).width).toBe(500);
    // The png's earlier variants left memory; only the new one is kept for it.
    const now = world.deps.variants.memoryUse();
    expect(now.files).toBeLessThan(kept.files);
    expect(
      (await pub.request(path, { headers: { 'If-None-Match': before.headers.get('ETag')! } })).status,
    ).toBe(200);
  });
});
