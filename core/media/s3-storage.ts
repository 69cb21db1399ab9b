import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { assertStorageKey, type MediaStorage, storedFileMissing } from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint; unset: AWS. */
  endpoint?: string;
  /** Unset: the AWS credential chain (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle?: boolean;
  /** Folder inside the bucket, e.g. `originals/`. */
  prefix?: string;
}

const missing = (err: unknown): boolean => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
};

/** Originals in an S3-compatible bucket. Variants are still rendered to and served from local disk. */
export function s3Storage(options: S3StorageOptions): MediaStorage & { client: S3Client } {
  const config: S3ClientConfig = {
    region: options.region,
    forcePathStyle: options.forcePathStyle ?? false,
    // Checksums only where S3 requires them: several S3-compatible services reject the newer default headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  if (options.endpoint) config.endpoint = options.endpoint;
  if (options.credentials) config.credentials = options.credentials;
  const client = new S3Client(config);
  const Bucket = options.bucket;
  const keyOf = (key: string) => {
    assertStorageKey(key);
    return `${options.prefix ?? ''}${key}`;
  };
  const head = async (key: string) => {
    try {
      return await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }));
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  };
  return {
    client,
    async put(key, bytes) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: keyOf(key), Body: bytes, ContentLength: bytes.byteLength }),
      );
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
    async get(key) {
      const res = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) })).catch((err) => {
        throw missing(err) ? storedFileMissing(key) : err;
      });
      return Buffer.from(await res.Body!.transformToByteArray());
    },
    has: async (key) => (await head(key)) !== null,
    size: async (key) => {
      const res = await head(key);
      return res ? (res.ContentLength ?? 0) : null;
    },
    async stream(key, range) {
      const res = await client
        .send(
          new GetObjectCommand({
            Bucket,
            Key: keyOf(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        )
        .catch((err) => {
          throw missing(err) ? storedFileMissing(key) : err;
        });
      return res.Body!.transformToWebStream() as ReadableStream<Uint8Array>;
    },
  };
}
