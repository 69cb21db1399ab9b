import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Queryable } from '../../core/db/types.ts';
import { AppError } from '../../core/errors/app-error.ts';
import type { Logger } from '../../core/log.ts';
import { originalPath } from '../../core/media/signing.ts';
import type { MediaStorage } from '../../core/media/storage.ts';
import { uploadAsset } from '../../core/media/upload-asset.ts';
import { bearerPrincipal } from '../../core/rpc/bearer.ts';
// Registers `auth.spaceForbidden`, answered as the procedures answer it.
import '../../core/rpc/errors.ts';
import { holds, mayUseSpace } from '../../core/rpc/permissions.ts';
import { findSpace } from '../../core/rpc/spaces.ts';
import { emitAfterCommit } from '../../core/webhooks/events.ts';
import { shapeAsset } from '../reader/shape-asset.ts';

export interface UploadRouteDeps {
  db: Queryable;
  storage: MediaStorage;
  /** `UPLOAD_MAX_BYTES`. */
  maxBytes: number;
  mediaSecret: () => string;
  log: Logger;
  /** With the `auth` scope: the studio's session cookie is accepted as `/rpc` accepts it (same origin only). */
  sessionSecret?: () => string;
}

/** Room for the multipart envelope around the file (boundaries, part headers, the `alt` field). */
const ENVELOPE_BYTES = 64 * 1024;

/**
 * `POST /upload/:spaceId` (scope `uploads`): multipart, field `file` and optional `alt`, with an API key (or
 * the studio's session, with `sessionSecret`) that may write the space (`space:write`, as procedures check it). The key is checked before the body is read; the body
 * is cut off past the size limit. Answers 201 with the asset as `GET /v1/assets/{id}` shows it.
 */
export function uploadRoutes(deps: UploadRouteDeps): Hono {
  const app = new Hono();
  app.post(
    '/upload/:spaceId',
    async (c, next) => {
      // The same key rules as the procedures (core/rpc): a valid key, allowed the space, holding `space:write`.
      const principal = await bearerPrincipal(c, deps.db, deps.sessionSecret);
      const space = await findSpace(deps.db, c.req.param('spaceId'));
      if (!mayUseSpace(principal, space.id)) throw new AppError('auth.spaceForbidden');
      if (!holds(principal, 'space:write')) {
        throw new AppError('auth.forbidden', { message: 'The API key lacks the permission space:write.' });
      }
      c.set('uploadSpaceId' as never, space.id as never);
      await next();
    },
    bodyLimit({
      maxSize: deps.maxBytes + ENVELOPE_BYTES,
      onError: () => {
        throw new AppError('upload.tooLarge', {
          details: [{ key: 'upload.tooLarge', params: { maxBytes: deps.maxBytes }, path: 'file' }],
        });
      },
    }),
    async (c) => {
      const spaceId = c.get('uploadSpaceId' as never) as string;
      let form: FormData;
      try {
        form = await c.req.raw.formData();
      } catch (cause) {
        if (cause instanceof AppError) throw cause;
        throw new AppError('request.malformed', { message: 'The body is not multipart/form-data.', cause });
      }
      const file = form.get('file');
      if (!(file instanceof File)) {
        throw new AppError('upload.fileMissing', {
          details: [{ key: 'upload.fileMissing', path: 'file', params: {} }],
        });
      }
      const alt = form.get('alt');
      const asset = await uploadAsset(deps, {
        spaceId,
        bytes: new Uint8Array(await file.arrayBuffer()),
        filename: file.name,
        alt: typeof alt === 'string' ? alt : '',
      });
      await emitAfterCommit(deps, spaceId, 'assets.changed', {
        id: asset.id,
        change: 'created',
        filename: asset.filename,
        mimeType: asset.mimeType,
      });
      const origin = new URL(c.req.url).origin;
      return c.json(shapeAsset(asset, { secret: deps.mediaSecret(), origin }), 201, {
        Location: origin + originalPath(asset.id),
        'Cache-Control': 'no-store',
      });
    },
  );
  return app;
}
