import { z } from 'zod';
import { cacheTags } from '../cache/tags.ts';
import type { Queryable } from '../db/types.ts';
import { AppError } from '../errors/app-error.ts';
import { defineProcedure, type ProcedureContext } from '../rpc/procedure.ts';
import { cropSchema, focalPointSchema } from '../space-format/schema.ts';
import { emitWebhookEvent } from '../webhooks/events.ts';
import { isUnused, usesOfAsset } from './asset-uses.ts';
import { ASSET_VIEW_COLUMNS, type AssetRow, assetViews } from './asset-view.ts';
import './errors.ts';
import { spaceName } from './inputs.ts';

/** Asset ids as the space file takes them (any GUID). */
const assetId = z.guid({ message: 'must be a UUID' });

/** As uploads keep it (they cut it to 1000 characters; a procedure refuses longer instead). */
export const ALT_MAX = 1000;

/**
 * Changes an asset's alt text, focal point or crop (`null` clears the last two), checked as `verso import`
 * checks them: fractions 0..1. Pages and answers that show the asset carry `asset:<id>`: that tag is purged (a
 * new focal point or crop also makes new variant files, core/media/variant-store.ts). The `assets.changed`
 * event commits with the change.
 */
export const assetsUpdate = defineProcedure({
  name: 'assets.update',
  permission: 'space:write',
  input: z
    .strictObject({
      space: spaceName,
      id: assetId,
      alt: z.string().max(ALT_MAX).optional(),
      focalPoint: focalPointSchema.nullable().optional(),
      crop: cropSchema.nullable().optional(),
    })
    .refine((i) => i.alt !== undefined || i.focalPoint !== undefined || i.crop !== undefined, {
      message: 'give alt, focalPoint or crop',
    }),
  async run(ctx, input) {
    const spaceId = ctx.space.id;
    const row = await ctx.db.transaction(async (tx) => {
      const res = await tx.query<AssetRow & { mime_type: string }>(
        `update assets set
           alt = case when $3 then $4 else alt end,
           focal_point = case when $5 then $6::jsonb else focal_point end,
           crop = case when $7 then $8::jsonb else crop end
         where id = $1 and space_id = $2
         returning ${ASSET_VIEW_COLUMNS}`,
        [
          input.id,
          spaceId,
          input.alt !== undefined,
          input.alt ?? null,
          input.focalPoint !== undefined,
          input.focalPoint ? JSON.stringify(input.focalPoint) : null,
          input.crop !== undefined,
          input.crop ? JSON.stringify(input.crop) : null,
        ],
      );
      const updated = res.rows[0];
      if (!updated) throw new AppError('asset.notFound');
      await emitWebhookEvent({ db: tx }, spaceId, 'assets.changed', {
        id: updated.id,
        change: 'updated',
        filename: updated.filename,
        mimeType: updated.mime_type,
      });
      return updated;
    });
    await ctx.cache.purgeTags([cacheTags.asset(row.id)]);
    ctx.audit.target = row.id;
    ctx.audit.details = { changed: ['alt', 'focalPoint', 'crop'].filter((k) => k in input) };
    return (await assetViews(ctx.db, spaceId, [row]))[0];
  },
});

/** 409 `asset.inUse` naming what uses the asset, or nothing when nothing does. */
async function assertUnused(tx: Queryable, ctx: ProcedureContext, id: string): Promise<void> {
  const uses = await usesOfAsset(tx, ctx, id);
  if (isUnused(uses)) return;
  const { documents, documentCount, users, other } = uses;
  const names = [
    ...documents.map((d) => `"${d.title}"${d.published ? '' : ' (draft)'}`),
    ...users.map((u) => `the avatar of ${u.name}`),
    ...other,
  ];
  const more =
    documentCount > documents.length ? ` and ${documentCount - documents.length} more documents` : '';
  throw new AppError('asset.inUse', {
    message: `The asset is used by ${names.join(', ')}${more}; remove it from them first.`,
    details: [{ key: 'asset.inUse', path: 'id', params: { documents, documentCount, users, other } }],
  });
}

/**
 * Deletes an asset and, when no other asset (of any space) has the same bytes, its stored file. Refused with
 * 409 `asset.inUse` while anything uses it: a document's published version or draft (a draft is published
 * later as it is, and the space's export must import again), a user's avatar, or a plugin's data (the
 * website's designs and settings). The `assets.changed` event commits with the delete.
 */
export const assetsDelete = defineProcedure({
  name: 'assets.delete',
  permission: 'space:write',
  input: z.strictObject({ space: spaceName, id: assetId }),
  async run(ctx, input) {
    const spaceId = ctx.space.id;
    const gone = await ctx.db.transaction(async (tx) => {
      const found = await tx.query<{ id: string; storage_key: string; filename: string; mime_type: string }>(
        `select id::text as id, storage_key, filename, mime_type from assets
         where id = $1 and space_id = $2 for update`,
        [input.id, spaceId],
      );
      const asset = found.rows[0];
      if (!asset) throw new AppError('asset.notFound');
      await assertUnused(tx, ctx, asset.id);
      await tx.query('delete from assets where id = $1', [asset.id]);
      await emitWebhookEvent({ db: tx }, spaceId, 'assets.changed', {
        id: asset.id,
        change: 'deleted',
        filename: asset.filename,
        mimeType: asset.mime_type,
      });
      return asset;
    });
    await ctx.cache.purgeTags([cacheTags.asset(gone.id)]);
    ctx.audit.target = gone.id;
    ctx.audit.details = { filename: gone.filename };
    return { id: gone.id, deleted: true, fileRemoved: await removeFile(ctx, gone.storage_key) };
  },
});

/**
 * Removes the stored file once no asset row refers to it (files are named by their bytes, so two assets may
 * share one). A failure is logged: the asset is gone, and an unreferenced file harms nothing.
 */
async function removeFile(ctx: ProcedureContext, key: string): Promise<boolean> {
  if (!ctx.storage) return false;
  try {
    const still = await ctx.db.query('select 1 from assets where storage_key = $1 limit 1', [key]);
    if (still.rows.length > 0) return false;
    await ctx.storage.remove(key);
    return true;
  } catch (err) {
    ctx.log.error({ err, key }, 'stored file of a deleted asset not removed');
    return false;
  }
}
