import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { type Context, Hono } from 'hono';
import { AppError } from '../../core/errors/app-error.ts';
import { dependOn, replayable } from '../../core/http/fast-answers.ts';
import type { AssetRecord } from '../../core/media/asset-record.ts';
import {
  hasVariants,
  parseVariantName,
  SIGNATURE_LENGTH,
  type VariantFormat,
  type VariantName,
  verifyVariantSignature,
} from '../../core/media/signing.ts';
import { type ByteRange, isStoredFileMissing, type MediaStorage } from '../../core/media/storage.ts';
import type { VariantStore } from '../../core/media/variant-store.ts';
import { sendFile } from './send-file.ts';

/** What every `/media` surface is built from. */
export interface MediaDeps {
  storage: MediaStorage;
  variants: VariantStore;
  /** `MEDIA_SIGNING_SECRET`, else `AUTH_SECRET`; read per request so a rotation needs no rebuild. */
  mediaSecret: () => string;
}

/** An asset this request may see; `private` answers `private, no-store` (password-protected sites, share previews). */
export interface MediaGrant {
  asset: AssetRecord;
  private: boolean;
  /**
   * Holds while the grant does (its cache entry is still the one it was read from). With it, a public variant
   * kept in memory may be replayed by the fast path in front of Hono (core/http/fast-answers.ts).
   */
  still?: () => boolean;
}

/** The visibility rule of one surface: the asset if this request may see it, else null (answered 404). */
export type FindMedia = (c: Context, assetId: string) => Promise<MediaGrant | null>;

export const cacheControls = {
  /** An original's address is its asset id, whose visibility can change (unpublish): caches keep it an hour. */
  original: 'public, max-age=3600',
  /** A variant's address never names other bytes (the key holds the original's hash and the framing). */
  variant: 'public, max-age=31536000, immutable',
  private: 'private, no-store',
} as const;

/** Types a browser may show inline from our origin; anything else is sent as a download. */
const INLINE =
  /^(image\/(jpeg|png|webp|avif|gif)|video\/(mp4|webm)|audio\/(mpeg|ogg|wav)|application\/pdf|font\/(woff2?))$/;

function disposition(asset: AssetRecord, inline: boolean): string {
  const ascii = asset.filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(asset.filename)}`;
}

const openFile = async (path: string, range?: ByteRange) =>
  Readable.toWeb(createReadStream(path, range ?? {})) as ReadableStream<Uint8Array>;

/** The id the request-id middleware gave this request (undefined where none runs). */
const requestIdOf = (c: Context): string | undefined => c.get('requestId' as never) as string | undefined;

async function original(c: Context, deps: MediaDeps, grant: MediaGrant): Promise<Response> {
  const { asset } = grant;
  const size = await deps.storage.size(asset.storageKey);
  if (size === null) throw new AppError('media.notFound');
  const svg = asset.mimeType === 'image/svg+xml';
  const inline = INLINE.test(asset.mimeType) || svg;
  return sendFile(
    c.req.raw,
    {
      size,
      etag: `"${asset.sha256}"`,
      contentType: inline ? asset.mimeType : 'application/octet-stream',
      cacheControl: grant.private ? cacheControls.private : cacheControls.original,
      open: (range) => deps.storage.stream(asset.storageKey, range),
      headers: {
        'content-disposition': disposition(asset, inline),
        // Imported SVGs may carry script; sandboxed, they render as images only.
        ...(svg
          ? { 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox" }
          : {}),
      },
    },
    requestIdOf(c),
  );
}

/**
 * Variant signatures already verified, by address, with the secret they were valid for: a repeated request
 * skips the HMAC. Only valid signatures are remembered, so a wrong one always takes the constant-time check,
 * and a rotated secret no longer matches what was remembered under the old one. Bounded, oldest out first.
 */
function verifiedSignatures(max = 10_000) {
  const valid = new Map<string, string>();
  return (
    secret: string,
    id: string,
    variant: { preset: VariantName; format: VariantFormat },
    s?: string,
  ) => {
    if (s === undefined) return false;
    // Remembered signatures have the fixed length and name and format come from fixed lists without `.`
    // or `/`: the parts of the address cannot run into each other.
    const address = `${s}${variant.preset}.${variant.format}/${id}`;
    if (s.length === SIGNATURE_LENGTH && valid.get(address) === secret) return true;
    if (!verifyVariantSignature(secret, id, variant.preset, variant.format, s)) return false;
    if (valid.size >= max) valid.delete(valid.keys().next().value!);
    valid.set(address, secret);
    return true;
  };
}

/**
 * `GET /media/<id>/original` and `GET /media/<id>/<name>.<format>?s=<signature>` (a preset or a listed width,
 * `w480.avif`) over one visibility rule.
 * A variant's signature is checked before anything is looked up or rendered.
 */
export function mediaRoutes(deps: MediaDeps, find: FindMedia): Hono {
  const app = new Hono();
  const signatureValid = verifiedSignatures();
  app.get('/media/:id/:name', async (c) => {
    const id = c.req.param('id');
    const name = c.req.param('name');
    if (name === 'original') {
      const grant = await find(c, id);
      if (!grant) throw new AppError('media.notFound');
      return original(c, deps, grant);
    }
    const variant = parseVariantName(name);
    if (!variant) throw new AppError('media.notFound');
    if (!signatureValid(deps.mediaSecret(), id, variant, c.req.query('s'))) {
      throw new AppError('media.signatureInvalid');
    }
    const grant = await find(c, id);
    if (!grant || !hasVariants(grant.asset.mimeType)) throw new AppError('media.notFound');
    const file = await deps.variants.file(grant.asset, variant.preset, variant.format).catch((err) => {
      // A record whose original is not in storage: nothing to render, as for an absent original.
      throw isStoredFileMissing(err) ? new AppError('media.notFound') : err;
    });
    const { still } = grant;
    if (still && file.bytes && !grant.private) {
      // A rotated secret makes the address invalid, as the slow path would find.
      const secret = deps.mediaSecret();
      dependOn(c, () => still() && deps.mediaSecret() === secret);
      replayable(c);
    }
    return sendFile(
      c.req.raw,
      {
        size: file.size,
        etag: file.etag,
        contentType: `image/${variant.format}`,
        cacheControl: grant.private ? cacheControls.private : cacheControls.variant,
        open: (range) => openFile(file.path, range),
        // Buffers from fs and sharp are backed by plain ArrayBuffers.
        ...(file.bytes ? { bytes: file.bytes as Uint8Array<ArrayBuffer> } : {}),
      },
      requestIdOf(c),
    );
  });
  return app;
}
