import type { Db } from '../core/db/types.ts';

/** The demo space as `verso import demo/space.json` makes it. */
const DEMO = '5a5e0000-0000-4000-8000-000000000001';

/**
 * The demo's own ids (documents, assets, menus, menu items, the space) all read `xxxxxxxx-xxxx-4000-8000-xxxxxxxxxxxx`;
 * copy n puts n (hex) in place of `4000`, in the row and in every JSON value that refers to one (links, menu
 * items, design references). Plain `replace` (a regular expression over every row cost 0.6 s per copy). Users
 * (`05e40000-…`) are shared by every copy and keep theirs. Copies are numbered 1…65535 (`4000` is never used:
 * the demo's own).
 */
const USER = '05e40000-0000-4000-8000-';
const copied = (text: string) =>
  `replace(replace(replace(${text}, '${USER}', '05e40000-0000-user-8000-'), '-4000-8000-', '-' || lpad(to_hex(copy.n), 4, '0') || '-8000-'), '05e40000-0000-user-8000-', '${USER}')`;

/** The host of copy `n` for a demo host: `localhost` → `s<n>.sites.test`, `de.localhost` → `de.s<n>.sites.test`. */
export const siteHost = (n: number, demoHost = 'localhost') =>
  demoHost.replace(/localhost$/, `s${n}.sites.test`);

/** Each copied table: which rows are the demo's, and the columns a copy overrides besides the pattern ids. */
const TABLES: { table: string; where: string; set?: string }[] = [
  { table: 'spaces', where: `t.id = '${DEMO}'`, set: `'name', 'site-' || copy.n` },
  { table: 'documents', where: `t.space_id = '${DEMO}'` },
  {
    table: 'document_versions',
    where: `t.document_id in (select id from documents where space_id = '${DEMO}')`,
  },
  { table: 'assets', where: `t.space_id = '${DEMO}'` },
  { table: 'content_types', where: `t.space_id = '${DEMO}'` },
  // Tags, redirects and designs have random ids: a copy derives its own (tags are referred to by document_tags).
  { table: 'tags', where: `t.space_id = '${DEMO}'`, set: `'id', md5(t.id::text || copy.n)::uuid` },
  {
    table: 'document_tags',
    where: `t.document_id in (select id from documents where space_id = '${DEMO}')`,
    set: `'tag_id', md5(t.tag_id::text || copy.n)::uuid`,
  },
  { table: 'menus', where: `t.space_id = '${DEMO}'` },
  { table: 'menu_items', where: `t.menu_id in (select id from menus where space_id = '${DEMO}')` },
  { table: 'redirects', where: `t.space_id = '${DEMO}'`, set: `'id', md5(t.id::text || copy.n)::uuid` },
  { table: 'space_controls', where: `t.space_id = '${DEMO}'` },
  { table: 'space_plugin_settings', where: `t.space_id = '${DEMO}'` },
  { table: 'delivered_documents', where: `t.space_id = '${DEMO}'` },
  { table: 'delivered_field_values', where: `t.space_id = '${DEMO}'` },
  { table: 'delivered_counts', where: `t.space_id = '${DEMO}'` },
  { table: 'website_designs', where: `t.space_id = '${DEMO}'`, set: `'id', md5(t.id::text || copy.n)::uuid` },
  {
    table: 'website_design_versions',
    where: `t.space_id = '${DEMO}'`,
    set: `'id', md5(t.id::text || copy.n)::uuid`,
  },
  {
    table: 'website_domains',
    where: `t.space_id = '${DEMO}'`,
    set: `'host', regexp_replace(t.host, 'localhost$', 's' || copy.n || '.sites.test')`,
  },
];

/**
 * Copies the imported demo `total` times (copies 1…total; those already there are kept), each with its own ids,
 * name (`site-<n>`) and hosts (`siteHost`), at the SQL level: one statement per table and batch, rows copied as
 * they are (the delivery index too, so triggers are off while copying). 10,000 copies took 22 minutes on the
 * shared two-core machine (generated columns and indexes); an import per copy would take far longer. For benches only: the copies share the demo's media files' storage keys.
 */
export async function generateSites(db: Db, total: number, batch = 250): Promise<number> {
  if (total > 0xffff) throw new Error('at most 65535 copies');
  const have = Number(
    (await db.query<{ n: string }>(`select count(*) as n from spaces where name like 'site-%'`)).rows[0]!.n,
  );
  if (have >= total) return have;
  // Generated columns (search vectors, link ids) are computed by PostgreSQL, never inserted.
  const columns = new Map<string, string>();
  for (const { table } of TABLES) {
    const res = await db.query<{ name: string }>(
      `select column_name as name from information_schema.columns
       where table_schema = current_schema() and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
      [table],
    );
    columns.set(table, res.rows.map((r) => `"${r.name}"`).join(', '));
  }
  for (let from = have + 1; from <= total; from += batch) {
    const to = Math.min(total, from + batch - 1);
    await db.transaction(async (tx) => {
      await tx.query(`set local session_replication_role = replica`);
      for (const { table, where, set } of TABLES) {
        const row = `${copied('row_to_json(t)::text')}::jsonb`;
        await tx.query(
          `insert into ${table} (${columns.get(table)})
           select ${columns.get(table)?.replace(/"([^"]+)"/g, 'r."$1"')} from ${table} t, generate_series($1::int, $2::int) copy(n),
             lateral jsonb_populate_record(null::${table}, ${set ? `${row} || jsonb_build_object(${set})` : row}) r
           where ${where}`,
          [from, to],
        );
      }
    });
  }
  for (const { table } of TABLES) await db.query(`vacuum analyze ${table}`);
  return total;
}
