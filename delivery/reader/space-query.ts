import type { Queryable } from '../../core/db/types.ts';
import type { SpaceInfo } from './types.ts';

/** The columns of `spaces` a `SpaceInfo` is made of (`toSpace`). */
export const spaceColumns = `id, name, title, default_locale, locales, home_content_id, api_hosts, import_running`;
const columns = spaceColumns;

export interface RawSpace {
  id: string;
  name: string;
  title: string;
  default_locale: string;
  locales: string[];
  home_content_id: string | null;
  api_hosts: string[] | null;
  import_running: boolean;
}

export const toSpace = (r: RawSpace): SpaceInfo => ({
  id: r.id,
  name: r.name,
  title: r.title,
  defaultLocale: r.default_locale,
  locales: r.locales,
  homeContentId: r.home_content_id,
  apiHosts: r.api_hosts ?? [],
  importRunning: r.import_running,
});

/** The canonical text of a uuid, as `id::text` spells it (any case): only such a text named a space by id. */
const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A space by name or id, the name first. The id is compared as a uuid (its index), not as text: `id::text = $1`
 * read every row of `spaces`, 1–3 ms a call at 10,000 spaces, on every first visit of a site (issue 42).
 */
export async function selectSpace(db: Queryable, idOrName: string): Promise<SpaceInfo | null> {
  const id = UUID_TEXT.test(idOrName) ? idOrName.toLowerCase() : null;
  const res = await db.query<RawSpace>(
    `select ${columns} from spaces where name = $1 or id = $2::uuid order by name = $1 desc limit 1`,
    [idOrName, id],
  );
  return res.rows[0] ? toSpace(res.rows[0]) : null;
}

export async function selectSpaces(db: Queryable): Promise<SpaceInfo[]> {
  const res = await db.query<RawSpace>(`select ${columns} from spaces order by created_at, name`);
  return res.rows.map(toSpace);
}
