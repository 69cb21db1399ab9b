import type { Config } from '../config/index.ts';
import { AppError } from '../errors/app-error.ts';
import { localDiskStorage } from './local-disk-storage.ts';
import type { MediaStorage } from './storage.ts';

type StorageSettings = Pick<
  Config,
  | 'MEDIA_STORAGE'
  | 'DATA_DIR'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ENDPOINT'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
>;

/** The storage driver `MEDIA_STORAGE` names. The S3 client is loaded only when it is chosen. */
export async function openMediaStorage(config: StorageSettings): Promise<MediaStorage> {
  if (config.MEDIA_STORAGE === 'local') return localDiskStorage(config.DATA_DIR);
  if (!config.S3_BUCKET) {
    throw new AppError('config.invalid', {
      message: 'S3_BUCKET: required with MEDIA_STORAGE=s3',
      details: [
        { key: 'config.invalid', path: 'S3_BUCKET', params: { message: 'required with MEDIA_STORAGE=s3' } },
      ],
    });
  }
  if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY)) {
    throw new AppError('config.invalid', {
      message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither',
      details: [
        {
          key: 'config.invalid',
          path: config.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID',
          params: { message: 'set both or neither' },
        },
      ],
    });
  }
  const { s3Storage } = await import('./s3-storage.ts');
  return s3Storage({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
    prefix: 'originals/',
  });
}
