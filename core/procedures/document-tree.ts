import type { Queryable } from '../db/types.ts';
import { AppError } from '../errors/app-error.ts';

/** The document and all its descendants (ids), or 404 `content.notFound` when it is not in the space. */
export async function documentSubtree(db: Queryable, spaceId: string, id: string): Promise<string[]> {
  const res = await db.query<{ id: string }>(
    `with recursive tree as (
       select id from documents where id = $1 and space_id = $2
       union all
       select d.id from documents d join tree on d.parent_id = tree.id
     )
     select id from tree`,
    [id, spaceId],
  );
  if (res.rows.length === 0) throw new AppError('content.notFound');
  return res.rows.map((r) => r.id);
}
