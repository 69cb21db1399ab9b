import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMigrations } from '../../cli/plugins.ts';
import { memoryCache } from '../../core/cache/memory-cache.ts';
import type { Db } from '../../core/db/types.ts';
import type { AssetRecord } from '../../core/media/asset-record.ts';
import { startLocalS3 } from '../../core/media/local-s3-server.ts';
import { sharpRenderer } from '../../core/media/render-variant.ts';
import { s3Storage } from '../../core/media/s3-storage.ts';
import { originalPath, variantPath } from '../../core/media/signing.ts';
import { twoColourImage } from '../../core/media/test-images.ts';
import { uploadAsset } from '../../core/media/upload-asset.ts';
import { variantStore } from '../../core/media/variant-store.ts';
import { importSpace } from '../../core/space-format/import.ts';
import { parseSpaceFile } from '../../core/space-format/validate.ts';
import { migrated, testDatabases } from '../../core/testing/databases.ts';
import { fixtureSpace, ids } from '../../core/testing/fixture-space.ts';
import { managementMediaRoutes } from './management-media.ts';
import { appOf, plugins } from './media-test-kit.ts';

const secret = 's3-media-test-secret-of-32-characters';

describe.each(testDatabases())('/media with originals in S3 (s3rver) on $kind', ({ open }) => {
  let db: Db;
  let drop: () => Promise<void>;
  let s3: Awaited<ReturnType<typeof startLocalS3>>;
  let app: ReturnType<typeof appOf>;
  let jpeg: Buffer;
  let asset: AssetRecord;

  beforeAll(async () => {
    ({ db, drop } = await migrated(open, allMigrations(plugins)));
    s3 = await startLocalS3('verso-media');
    const storage = s3Storage({
      bucket: 'verso-media',
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      prefix: 'originals/',
    });
    await importSpace(db, parseSpaceFile(fixtureSpace(), plugins), {
      baseDir: process.cwd(),
      storage,
      plugins,
    });
    jpeg = await twoColourImage({ width: 1500, height: 1000, format: 'jpeg' });
    asset = await uploadAsset(
      { db, storage, maxBytes: 1e7 },
      { spaceId: ids.space, bytes: jpeg, filename: 'bucket.jpg' },
    );
    const dir = join(mkdtempSync(join(tmpdir(), 'verso-s3-variants-')), 'variants');
    app = appOf(
      managementMediaRoutes({
        db,
        cache: memoryCache({ defaultTtlSeconds: 60 }),
        storage,
        variants: variantStore({ dir, storage, render: sharpRenderer }),
        mediaSecret: () => secret,
      }),
    );
  });
  afterAll(async () => {
    await drop();
    await s3.close();
  });

  it('streams the original and byte ranges of it from the bucket', async () => {
    const whole = await app.request(originalPath(asset.id));
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(jpeg)).toBe(true);
    const part = await app.request(originalPath(asset.id), { headers: { Range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(jpeg.subarray(10, 20))).toBe(true);
  });

  it('renders variants from the bucket onto local disk', async () => {
    const res = await app.request(variantPath(secret, asset.id, 'card', 'avif'));
    expect(res.status).toBe(200);
    expect(await sharp(Buffer.from(await res.arrayBuffer())).metadata()).toMatchObject({
      width: 640,
      height: 427,
    });
  });
});
