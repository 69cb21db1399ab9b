import type { Queryable } from '../db/types.ts';

/** Ids of pending actions whose time has come (database clock), earliest first. */
export async function dueActions(db: Queryable, limit: number): Promise<string[]> {
  const res = await db.query<{ id: string }>(
    'select id::text as id from scheduled_actions where failed_at is null and at <= now() order by at limit $1',
    [limit],
  );
  return res.rows.map((r) => r.id);
}

/** Milliseconds until the next pending action (0 when one is due), or null when none is pending. */
export async function msUntilNextAction(db: Queryable): Promise<number | null> {
  const res = await db.query<{ ms: number | null }>(
    `select greatest(0, extract(epoch from min(at) - now()) * 1000)::float8 as ms
     from scheduled_actions where failed_at is null`,
  );
  const ms = res.rows[0]?.ms;
  return ms === null || ms === undefined ? null : Number(ms);
}
