import type { Queryable } from '../db/types.ts';
import { AppError } from '../errors/app-error.ts';

/** A space as procedures need it. */
export interface SpaceRef {
  id: string;
  name: string;
  defaultLocale: string;
  locales: string[];
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A space by name or id; 404 `space.notFound` when there is none. */
export async function findSpace(db: Queryable, nameOrId: string): Promise<SpaceRef> {
  const res = await db.query<{ id: string; name: string; default_locale: string; locales: string[] }>(
    uuid.test(nameOrId)
      ? 'select id, name, default_locale, locales from spaces where id = $1 or name = $1::text'
      : 'select id, name, default_locale, locales from spaces where name = $1',
    [nameOrId],
  );
  const row = res.rows[0];
  if (!row) throw new AppError('space.notFound', { message: `No space named "${nameOrId}".` });
  return { id: row.id, name: row.name, defaultLocale: row.default_locale, locales: row.locales };
}
