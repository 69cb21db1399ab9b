import type { Queryable } from '../db/types.ts';
import { AppError } from '../errors/app-error.ts';

/** The document and all its descendants (ids), or 404 `content.notFound` when it is not in the space. */
export async function documentSubtree(db: Queryable, spaceId: string, id: string): Promise<string[]> {
  // Walked by the parent index whatever the statistics say (core/db/migrations/0008).
  const res = await db.query<{ id: string }>(
    'select id from verso_subtrees(array(select id from documents where id = $1 and space_id = $2)) as s(id)',
    [id, spaceId],
  );
  if (res.rows.length === 0) throw new AppError('content.notFound');
  return res.rows.map((r) => r.id);
}
