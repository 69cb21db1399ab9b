import { z } from 'zod';
import type { Queryable } from '../db/types.ts';
import { AppError } from '../errors/app-error.ts';
import { avatarUsers, documentsUsingAssets } from '../media/asset-uses.ts';
import { defineProcedure, type ProcedureContext } from '../rpc/procedure.ts';
import { USED_BY_NAMED } from './asset-view.ts';
import { spaceName } from './inputs.ts';

/** What uses an asset, as `assets.uses` answers it and `asset.inUse` names it. */
export interface AssetUses {
  /** Up to `USED_BY_NAMED` documents, published ones first, with their titles. */
  documents: Array<{ id: string; title: string; published: boolean }>;
  documentCount: number;
  users: Array<{ id: string; name: string }>;
  /** What plugins name (the website's designs and settings). */
  other: string[];
}

/** The documents' titles: the published one in the default locale first, else any version's. */
async function titled(db: Queryable, ids: string[], defaultLocale: string) {
  const res = await db.query<{ id: string; title: string }>(
    `select d.id::text as id, coalesce((select v.title from document_versions v where v.document_id = d.id
       order by v.state = 'published' desc, v.locale = $2 desc, v.locale limit 1), '') as title
     from documents d where d.id = any($1::uuid[])`,
    [ids, defaultLocale],
  );
  return new Map(res.rows.map((r) => [r.id, r.title]));
}

/** Everything that uses the asset: documents (drafts included), users' avatars, plugins' data. */
export async function usesOfAsset(db: Queryable, ctx: ProcedureContext, id: string): Promise<AssetUses> {
  const spaceId = ctx.space.id;
  const uses = (await documentsUsingAssets(db, spaceId, [id])).get(id.toLowerCase()) ?? [];
  const users = await avatarUsers(db, spaceId, id);
  const other: string[] = [];
  for (const plugin of ctx.plugins) other.push(...((await plugin.assetUses?.(db, spaceId, id)) ?? []));
  const named = uses.slice(0, USED_BY_NAMED);
  const titles = await titled(
    db,
    named.map((u) => u.id),
    ctx.space.defaultLocale,
  );
  const documents = named.map((u) => ({ id: u.id, title: titles.get(u.id) ?? '', published: u.published }));
  return { documents, documentCount: uses.length, users, other };
}

export const isUnused = (u: AssetUses): boolean =>
  u.documentCount === 0 && u.users.length === 0 && u.other.length === 0;

/**
 * Which documents (with their titles), users and plugin data use an asset: the media library shows it
 * beside the asset, before anyone tries to delete it (`assets.delete` refuses with the same list).
 */
export const assetsUses = defineProcedure({
  name: 'assets.uses',
  permission: 'space:read',
  input: z.strictObject({ space: spaceName, id: z.guid({ message: 'must be a UUID' }) }),
  async run(ctx, input) {
    const found = await ctx.db.query('select 1 from assets where id = $1 and space_id = $2', [
      input.id,
      ctx.space.id,
    ]);
    if (found.rows.length === 0) throw new AppError('asset.notFound');
    return usesOfAsset(ctx.db, ctx, input.id);
  },
});
