import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDiskStorage } from './local-disk-storage.ts';
import { startLocalS3 } from './local-s3-server.ts';
import { memoryStorage } from './memory-storage.ts';
import { openMediaStorage } from './open-storage.ts';
import { s3Storage } from './s3-storage.ts';
import { isStoredFileMissing, type MediaStorage } from './storage.ts';

const text = async (stream: ReadableStream<Uint8Array>) =>
  Buffer.from(await new Response(stream).arrayBuffer()).toString();

interface Driver {
  name: string;
  open(): Promise<{ storage: MediaStorage; close(): Promise<void> }>;
}

const drivers: Driver[] = [
  { name: 'memory', open: async () => ({ storage: memoryStorage(), close: async () => {} }) },
  {
    name: 'local disk',
    open: async () => ({
      storage: localDiskStorage(mkdtempSync(join(tmpdir(), 'verso-store-'))),
      close: async () => {},
    }),
  },
  {
    name: 's3 (s3rver)',
    async open() {
      const server = await startLocalS3('verso-media');
      const storage = s3Storage({
        bucket: 'verso-media',
        region: 'us-east-1',
        endpoint: server.endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        prefix: 'originals/',
      });
      return { storage, close: server.close };
    },
  },
];

describe.each(drivers)('media storage: $name', ({ open }) => {
  let storage: MediaStorage;
  let close: () => Promise<void>;
  const key = 'ab12cd34ef';
  beforeAll(async () => {
    ({ storage, close } = await open());
  });
  afterAll(() => close());

  it('answers absent keys as absent', async () => {
    expect(await storage.has('ffffffff')).toBe(false);
    expect(await storage.size('ffffffff')).toBeNull();
    // Reads of an absent key reject with the one error the media routes answer 404 for.
    for (const read of [() => storage.get('ffffffff'), () => storage.stream('ffffffff')]) {
      const err = await read().then(
        () => null,
        (e: unknown) => e,
      );
      expect(isStoredFileMissing(err), String(err)).toBe(true);
    }
  });

  it('stores bytes and reads them back whole, by size and as a stream', async () => {
    await storage.put(key, Buffer.from('hello, media world'));
    expect(await storage.has(key)).toBe(true);
    expect(await storage.size(key)).toBe(18);
    expect((await storage.get(key)).toString()).toBe('hello, media world');
    expect(await text(await storage.stream(key))).toBe('hello, media world');
  });

  it('streams an inclusive byte range', async () => {
    await storage.put(key, Buffer.from('hello, media world'));
    expect(await text(await storage.stream(key, { start: 7, end: 11 }))).toBe('media');
    expect(await text(await storage.stream(key, { start: 13, end: 17 }))).toBe('world');
  });

  it('writing the same key twice keeps one file', async () => {
    await storage.put(key, Buffer.from('hello, media world'));
    await storage.put(key, Buffer.from('hello, media world'));
    expect(await storage.size(key)).toBe(18);
  });

  it('removes a file, and an absent key without an error', async () => {
    await storage.put(key, Buffer.from('hello, media world'));
    await storage.remove(key);
    expect(await storage.has(key)).toBe(false);
    expect(await storage.size(key)).toBeNull();
    await expect(storage.remove(key)).resolves.toBeUndefined();
  });

  it('refuses keys that could leave its folder', async () => {
    await expect(storage.put('../escape', Buffer.from('x'))).rejects.toThrow(/bad storage key/);
    await expect(storage.has('a/../../b')).rejects.toThrow(/bad storage key/);
  });
});

describe('the storage setting', () => {
  it('refuses MEDIA_STORAGE=s3 without a bucket, naming the setting', async () => {
    const base = {
      DATA_DIR: '/tmp/x',
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: false,
      S3_BUCKET: undefined,
      S3_ENDPOINT: undefined,
      S3_ACCESS_KEY_ID: undefined,
      S3_SECRET_ACCESS_KEY: undefined,
    };
    await expect(openMediaStorage({ ...base, MEDIA_STORAGE: 's3' })).rejects.toThrow(/S3_BUCKET/);
    await expect(
      openMediaStorage({ ...base, MEDIA_STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' }),
    ).rejects.toThrow(/S3_SECRET_ACCESS_KEY/);
  });
});
