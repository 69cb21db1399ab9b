import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { srcsetCandidates } from '../../core/media/srcset.ts';
import { testDatabases } from '../../core/testing/databases.ts';
import { ids } from '../../core/testing/fixture-space.ts';
import type { PublicApi } from '../public-api/index.ts';
import { build, json, origin, secret } from '../rest/rest-test-kit.ts';
import { Asset } from '../rest/schemas.ts';
import { appOf, mediaWorld } from './media-test-kit.ts';
import { publicMediaRoutes } from './public-media.ts';

// The srcset REST answers, followed: every candidate is an absolute signed address the media route serves at
// the width the candidate names.
describe.each(testDatabases())('REST srcset on $kind', ({ open }) => {
  let world: Awaited<ReturnType<typeof mediaWorld>>;
  let api: PublicApi;
  let media: ReturnType<typeof appOf>;
  let close: () => Promise<void>;

  beforeAll(async () => {
    world = await mediaWorld(open);
    world.secrets.current = secret;
    const built = await build(world.db);
    api = built.api;
    close = () => built.cache.close();
    media = appOf(publicMediaRoutes({ ...world.deps, spaceOf: async () => ids.space }));
  });
  afterAll(async () => {
    await close();
    await world.drop();
  });

  const assetOf = async (id: string) => {
    const r = await json(api, `/v1/assets/${id}`);
    expect(r.status).toBe(200);
    return Asset.parse(r.body);
  };

  it('answers per format the listed widths up to the image’s, served 200 at those widths, immutable', async () => {
    const { png } = world.assets;
    const asset = await assetOf(png.id);
    expect(asset.width).toBe(1000);
    const srcset = asset.variants.srcset!;
    expect(Object.keys(srcset)).toEqual(['webp', 'avif', 'jpeg']);
    for (const format of ['webp', 'avif', 'jpeg'] as const) {
      const candidates = srcsetCandidates(srcset[format]);
      expect(candidates.map((c) => c.width)).toEqual([320, 480, 640, 960, 1000]);
      for (const [i, c] of candidates.entries()) {
        const url = new URL(c.url);
        expect(url.origin).toBe(origin);
        const name = `w${[320, 480, 640, 960, 1280][i]}.${format}`;
        expect(url.pathname).toBe(`/media/${png.id}/${name}`);
        expect(url.searchParams.get('s')).toMatch(/^[\w-]{22}$/);
        const res = await media.request(url.pathname + url.search);
        expect(res.status).toBe(200);
        expect(res.headers.get('Content-Type')).toBe(`image/${format}`);
        expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
        const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
        expect(meta.width).toBe(c.width);
        expect(meta.height).toBe(Math.round((800 * c.width) / 1000));
      }
    }
  });

  it('labels a wide image’s candidates with the listed widths, up to 2560', async () => {
    const asset = await assetOf(world.assets.wide.id);
    const candidates = srcsetCandidates(asset.variants.srcset!.jpeg);
    expect(candidates.map((c) => c.width)).toEqual([320, 480, 640, 960, 1280, 1920, 2400]);
    const last = new URL(candidates.at(-1)!.url);
    expect(last.pathname).toMatch(/\/w2560\.jpeg$/);
    const res = await media.request(last.pathname + last.search);
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(2400);
  });

  it('has no srcset for a file that is not an image', async () => {
    expect((await assetOf(world.assets.wav.id)).variants.srcset).toBeNull();
  });

  it('serves no width outside the list, and no listed width without its signature', async () => {
    const { png } = world.assets;
    const c = new URL(srcsetCandidates((await assetOf(png.id)).variants.srcset!.webp)[1]!.url);
    const s = c.searchParams.get('s');
    const refused = [
      [`/media/${png.id}/w500.webp?s=${s}`, 404, 'media.notFound'],
      [`/media/${png.id}/w480.gif?s=${s}`, 404, 'media.notFound'],
      [`/media/${png.id}/w480.webp`, 403, 'media.signatureInvalid'],
      [`/media/${png.id}/w640.webp?s=${s}`, 403, 'media.signatureInvalid'],
      [`/media/${png.id}/w480.avif?s=${s}`, 403, 'media.signatureInvalid'],
    ] as const;
    const renders = world.renders.length;
    for (const [path, status, key] of refused) {
      const res = await media.request(path);
      expect(res.status, path).toBe(status);
      expect((await res.json()).error.key).toBe(key);
    }
    expect(world.renders.length).toBe(renders);
  });
});
