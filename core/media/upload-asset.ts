import { createHash, randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { Queryable } from '../db/types.ts';
import { AppError } from '../errors/app-error.ts';
import { ASSET_COLUMNS, type AssetRecord, toAssetRecord } from './asset-record.ts';
import type { MediaStorage } from './storage.ts';
import { uploadTypes } from './upload-types.ts';

export { uploadTypes };

const MAX_IMAGE_PIXELS = 100_000_000;

export interface UploadDeps {
  db: Queryable;
  storage: MediaStorage;
  maxBytes: number;
}

export interface UploadArgs {
  spaceId: string;
  bytes: Uint8Array;
  /** The client's name for the file; kept for downloads, its extension replaced by the sniffed type's. */
  filename: string;
  alt?: string;
}

/** `audio/ogg; codecs=opus` and `audio/ogg` are one type to the allow-list. */
async function sniff(bytes: Uint8Array): Promise<string | undefined> {
  const found = await fileTypeFromBuffer(bytes);
  return found ? found.mime.split(';')[0]!.trim() : undefined;
}

/** A plain, short file name: no folders, no control characters, the sniffed extension. */
export function cleanFilename(name: string, ext: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed here.
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .replace(/\.[^.]*$/, '')
    .slice(0, 120);
  return `${base || 'upload'}.${ext}`;
}

async function imageSize(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  try {
    const meta = await sharp(bytes, { autoOrient: true, limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
    const upright = meta.autoOrient ?? { width: meta.width, height: meta.height };
    if (!upright.width || !upright.height || upright.width * upright.height > MAX_IMAGE_PIXELS)
      throw new Error('no size');
    // Reading the header is not enough for a damaged file: decode a tiny thumbnail to prove the pixels are there.
    await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).resize(8, 8, { fit: 'inside' }).toBuffer();
    return { width: upright.width, height: upright.height };
  } catch (cause) {
    throw new AppError('upload.unreadable', { message: 'The image is damaged or too large to read.', cause });
  }
}

/**
 * Checks a file and records it as an asset of the space: size, type by its bytes, image dimensions. A refused
 * file leaves nothing behind: every check runs before the bytes are stored or a row is written.
 */
export async function uploadAsset(deps: UploadDeps, args: UploadArgs): Promise<AssetRecord> {
  const size = args.bytes.byteLength;
  if (size > deps.maxBytes) {
    throw new AppError('upload.tooLarge', {
      message: `The file has ${size} bytes; at most ${deps.maxBytes} are accepted.`,
      details: [{ key: 'upload.tooLarge', params: { maxBytes: deps.maxBytes }, path: 'file' }],
    });
  }
  if (size === 0) throw new AppError('upload.unreadable', { message: 'The file is empty.' });
  const mimeType = await sniff(args.bytes);
  const ext = mimeType ? uploadTypes[mimeType] : undefined;
  if (!mimeType || !ext) {
    throw new AppError('upload.typeNotAllowed', {
      details: [
        {
          key: 'upload.typeNotAllowed',
          params: { detected: mimeType ?? null, allowed: Object.keys(uploadTypes) },
          path: 'file',
        },
      ],
    });
  }
  const dims = mimeType.startsWith('image/') ? await imageSize(args.bytes) : null;
  const sha256 = createHash('sha256').update(args.bytes).digest('hex');
  if (!(await deps.storage.has(sha256))) await deps.storage.put(sha256, args.bytes);
  const res = await deps.db.query<Parameters<typeof toAssetRecord>[0]>(
    `insert into assets (id, space_id, filename, mime_type, size, width, height, alt, storage_key, sha256, position)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9,
       coalesce((select max(position) + 1 from assets where space_id = $2), 0))
     returning ${ASSET_COLUMNS}`,
    [
      randomUUID(),
      args.spaceId,
      cleanFilename(args.filename, ext),
      mimeType,
      size,
      dims?.width ?? null,
      dims?.height ?? null,
      (args.alt ?? '').trim().slice(0, 1000),
      sha256,
    ],
  );
  return toAssetRecord(res.rows[0]!);
}
