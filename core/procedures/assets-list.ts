import { z } from 'zod';
import { AppError } from '../errors/app-error.ts';
import { defineProcedure } from '../rpc/procedure.ts';
import { ASSET_VIEW_COLUMNS, type AssetRow, assetViews } from './asset-view.ts';
import { LIST_LIMIT_MAX, likePattern } from './content-list.ts';
import { spaceName } from './inputs.ts';

/** The cursor is the last row's place (position, id), opaque to callers. */
const encodeCursor = (r: AssetRow) => Buffer.from(JSON.stringify([r.position, r.id])).toString('base64url');

const anyId = z.guid();

function decodeCursor(cursor: string): [number, string] {
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(v) && v.length === 2 && Number.isInteger(v[0]) && anyId.safeParse(v[1]).success)
      return v as [number, string];
  } catch {}
  throw new AppError('validation.failed', {
    details: [
      { key: 'validation.invalid', path: 'cursor', params: { message: 'not a cursor of this list' } },
    ],
  });
}

/**
 * The space's assets, newest first (the order uploads and the space file add them), for the studio's media
 * library: `search` matches file names and alt texts. Each names the documents that use it (`usedBy`).
 */
export const assetsList = defineProcedure({
  name: 'assets.list',
  permission: 'space:read',
  input: z.strictObject({
    space: spaceName,
    search: z.string().trim().min(1).max(200).optional(),
    cursor: z.string().min(1).max(500).optional(),
    limit: z.number().int().min(1).max(LIST_LIMIT_MAX).default(50),
  }),
  async run(ctx, input) {
    const after = input.cursor ? decodeCursor(input.cursor) : null;
    const res = await ctx.db.query<AssetRow>(
      `select ${ASSET_VIEW_COLUMNS} from assets
       where space_id = $1
         and ($2::text is null or filename ilike $2 or alt ilike $2)
         and ($3::int is null or (position, id) < ($3::int, $4::uuid))
       order by position desc, id desc
       limit $5`,
      [
        ctx.space.id,
        input.search ? likePattern(input.search) : null,
        after?.[0] ?? null,
        after?.[1] ?? null,
        input.limit + 1,
      ],
    );
    const rows = res.rows.slice(0, input.limit);
    return {
      items: await assetViews(ctx.db, ctx.space.id, rows),
      nextCursor: res.rows.length > input.limit ? encodeCursor(rows[rows.length - 1]!) : null,
    };
  },
});
