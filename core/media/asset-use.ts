import { cacheTags } from '../cache/tags.ts';
import type { Queryable } from '../db/types.ts';
import { isUuid } from './asset-record.ts';

/**
 * What a change of published versions does to the public rule of assets (visibility.ts: an asset is public while
 * published content names it, or names a user whose avatar it is). Answers that apply the rule carry
 * `cacheTags.assetUse(id)`; a publish, unpublish or delete purges exactly the tags of the assets whose use it may
 * have changed, so that a page, which names its own assets (public by the rule itself), is never purged for it.
 */

/** Every id-shaped string of a version's fields, at any depth, keys too (the rule matches any whole JSON string). */
export function namedIds(fields: unknown, out: Set<string> = new Set()): Set<string> {
  if (typeof fields === 'string') {
    if (fields.length === 36 && isUuid(fields)) out.add(fields.toLowerCase());
  } else if (Array.isArray(fields)) {
    for (const value of fields) namedIds(value, out);
  } else if (fields !== null && typeof fields === 'object') {
    for (const [key, value] of Object.entries(fields)) {
      namedIds(key, out);
      namedIds(value, out);
    }
  }
  return out;
}

/**
 * The ids named by the published fields before a change or after it but not both: only those may have become
 * public or stopped being public. `before` and `after` are the fields of the published versions the change
 * replaced and wrote (none for an unpublish or a delete).
 */
export function changedIds(before: readonly unknown[], after: readonly unknown[]): string[] {
  const was = new Set<string>();
  for (const fields of before) namedIds(fields, was);
  const is = new Set<string>();
  for (const fields of after) namedIds(fields, is);
  const changed: string[] = [];
  for (const id of was) if (!is.has(id)) changed.push(id);
  for (const id of is) if (!was.has(id)) changed.push(id);
  return changed;
}

/**
 * The `asset-use:` tags to purge for `ids` (from `changedIds`): the assets of the space among them and the avatars
 * of its users among them. One statement, none without ids.
 */
export async function assetUseTags(
  db: Queryable,
  spaceId: string,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const res = await db.query<{ id: string }>(
    `select id::text as id from assets where space_id = $1 and id = any($2::uuid[])
     union
     select avatar_id::text from users where space_id = $1 and id = any($2::uuid[]) and avatar_id is not null`,
    [spaceId, ids],
  );
  return res.rows.map((r) => cacheTags.assetUse(r.id));
}
