import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Env, Hono } from 'hono';
import { allMigrations, loadPlugins } from '../../cli/plugins.ts';
import { memoryCache } from '../../core/cache/memory-cache.ts';
import type { Db } from '../../core/db/types.ts';
import { errorResponse } from '../../core/http/error-handler.ts';
import { createLogger } from '../../core/log.ts';
import type { AssetRecord } from '../../core/media/asset-record.ts';
import { localDiskStorage } from '../../core/media/local-disk-storage.ts';
import { sharpRenderer, type VariantRenderer } from '../../core/media/render-variant.ts';
import { twoColourImage, wavBytes } from '../../core/media/test-images.ts';
import { uploadAsset } from '../../core/media/upload-asset.ts';
import { variantStore } from '../../core/media/variant-store.ts';
import { importSpace } from '../../core/space-format/import.ts';
import { parseSpaceFile } from '../../core/space-format/validate.ts';
import { migrated, type TestDatabase } from '../../core/testing/databases.ts';
import { fixtureSpace, ids } from '../../core/testing/fixture-space.ts';
import type { MediaDeps } from './media-routes.ts';

export const plugins = loadPlugins({ website: true });
const log = createLogger('silent');

/**
 * The fixture space with real uploaded files for HTTP tests of `/media`: images (wide JPEG, PNG, tall WebP)
 * and a WAV that published content references, and one image nothing references. The renderer is the real
 * one, counted; the secret can be rotated between requests.
 */
export async function mediaWorld(open: TestDatabase['open']) {
  const handle = await migrated(open, allMigrations(plugins));
  const db: Db = handle.db;
  const dataDir = mkdtempSync(join(tmpdir(), 'verso-media-http-'));
  const storage = localDiskStorage(dataDir);
  await importSpace(db, parseSpaceFile(fixtureSpace(), plugins), {
    baseDir: process.cwd(),
    storage,
    plugins,
  });
  const upload = (bytes: Buffer, filename: string) =>
    uploadAsset(
      { db, storage, maxBytes: 10_000_000 },
      { spaceId: ids.space, bytes, filename, alt: filename },
    );
  const assets = {
    wide: await upload(await twoColourImage({ width: 2400, height: 1200, format: 'jpeg' }), 'wide.jpg'),
    png: await upload(await twoColourImage({ width: 1000, height: 800, format: 'png' }), 'square-ish.png'),
    tall: await upload(
      await twoColourImage({ width: 900, height: 1600, format: 'webp', split: 'down' }),
      'tall.webp',
    ),
    wav: await upload(wavBytes(), 'tone.wav'),
    unreferenced: await upload(
      await twoColourImage({ width: 700, height: 700, format: 'png' }),
      'secret.png',
    ),
  } satisfies Record<string, AssetRecord>;
  // The home page (published) shows the first four.
  await db.query(
    `update document_versions set fields = fields || jsonb_build_object('gallery', $2::jsonb)
     where document_id = $1 and locale = 'en' and state = 'published'`,
    [ids.home, JSON.stringify([assets.wide.id, assets.png.id, assets.tall.id, assets.wav.id])],
  );
  const renders: string[] = [];
  const counted: VariantRenderer = (original, args) => {
    renders.push(`${args.preset}.${args.format}`);
    return sharpRenderer(original, args);
  };
  const secrets = { current: 'first-media-secret-of-at-least-32-chars' };
  const deps: MediaDeps & { db: Db; cache: ReturnType<typeof memoryCache> } = {
    db,
    cache: memoryCache({ defaultTtlSeconds: 300 }),
    storage,
    variants: variantStore({ dir: join(dataDir, 'media', 'variants'), storage, render: counted }),
    mediaSecret: () => secrets.current,
  };
  return { db, drop: handle.drop, storage, assets, renders, secrets, deps, dataDir };
}

/** A Hono app around some routes, answering errors as every process does. */
export function appOf<E extends Env>(routes: Hono<E>): Hono {
  const app = new Hono();
  app.route('/', routes);
  app.onError((err, c) => errorResponse(c, err, log));
  return app;
}
