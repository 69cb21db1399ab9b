import type { Db } from '../core/db/types.ts';

/** The demo's blog: generated posts go under it, so they are delivered (published, parent published). */
const BLOG = 'd0c00000-0000-4000-8000-000000000020';

/** Three paragraphs of some 60 words each (the static export benchmark's posts, as Hugo's and Eleventy's). */
const paragraph = (n: number) =>
  `jsonb_build_object('type', 'paragraph', 'content', jsonb_build_array(jsonb_build_object('type', 'text', 'text', 'Paragraph ${n} of generated post ' || g || '. ' || repeat('Coffee is roasted in small batches, tasted every morning and shipped within two days of roasting. ', 4))))`;
const BODY = `jsonb_build_object('type', 'doc', 'content', jsonb_build_array(${[1, 2, 3].map(paragraph).join(', ')}))`;

/**
 * Grows the demo space to `total` generated blog posts (published in `en`), with set-based inserts: one
 * statement per table however many rows, so 100k documents take seconds, not minutes. Ids are derived from
 * the row number, so growing in steps (1k, then 10k, then 100k) adds only the missing rows. `bodies` gives the
 * new posts a three-paragraph rich-text body.
 */
export async function growDocuments(db: Db, total: number, opts: { bodies?: boolean } = {}): Promise<number> {
  const have = Number(
    (await db.query<{ n: string }>(`select count(*) as n from documents where id::text like 'beec0000-%'`))
      .rows[0]!.n,
  );
  if (total <= have) return have;
  const ids = `('beec0000-0000-4000-8000-' || lpad(to_hex(g), 12, '0'))::uuid`;
  await db.query(
    `insert into documents (id, space_id, type, parent_id, position, created_at)
     select ${ids}, d.space_id, 'blog-post', d.id, 1000 + g, now() - make_interval(secs => g)
     from generate_series($1::int, $2::int) g, documents d where d.id = $3`,
    [have + 1, total, BLOG],
  );
  await db.query(
    `insert into document_versions (document_id, locale, state, title, slug, fields, published_at, search_text)
     select ${ids}, 'en', 'published', 'Generated post ' || g, 'generated-' || g,
       jsonb_build_object('excerpt', 'A generated post for the list benchmark, number ' || g || '.')
         || case when $3::boolean then jsonb_build_object('body', ${BODY}) else '{}'::jsonb end,
       now() - make_interval(secs => g), 'generated benchmark post'
     from generate_series($1::int, $2::int) g`,
    [have + 1, total, opts.bodies === true],
  );
  // The versions' insert is one statement, so the delivery index (core/db/migrations/0002) is brought up to
  // date by one recompute of the new documents, inside that insert: its time is part of the generation.
  // Vacuumed as well as analyzed: a space that grew by 90k rows is vacuumed by autovacuum about a minute
  // later, which would otherwise land in the middle of the measurements (and until then index-only scans
  // visit the heap). The curve measures the steady state.
  for (const table of ['documents', 'document_versions', 'delivered_documents'])
    await db.query(`vacuum analyze ${table}`);
  return total;
}

/** The deepest page of `deepTree`: 12 levels under the root. */
export const DEEP_PATH = Array.from({ length: 12 }, (_, i) => `level-${i + 1}`).join('/');

/**
 * A 12-level chain of published pages under the root (`/level-1/…/level-12`) and 200 more items in the footer
 * menu (every page shows it), so that the uncached page curve includes a deep trail and a large menu. Idempotent.
 */
export async function deepTree(db: Db): Promise<string> {
  const id = (n: number) => `dee90000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const exists = await db.query('select 1 from documents where id = $1', [id(12)]);
  if (exists.rows.length > 0) return `/${DEEP_PATH}`;
  const space = (await db.query<{ id: string }>("select id from spaces where name = 'demo'")).rows[0]!.id;
  for (let level = 1; level <= 12; level++) {
    await db.query(
      `insert into documents (id, space_id, type, parent_id, position, created_at) values ($1, $2, 'page', $3, 900, now())`,
      [id(level), space, level === 1 ? null : id(level - 1)],
    );
    await db.query(
      `insert into document_versions (document_id, locale, state, title, slug, fields, published_at, search_text)
       values ($1, 'en', 'published', $2, $3, '{}'::jsonb, now(), '')`,
      [id(level), `Level ${level}`, `level-${level}`],
    );
  }
  await db.query(
    `insert into menu_items (id, menu_id, parent_id, position, label, url, target, content_id)
     select ('dee91000-0000-4000-8000-' || lpad(to_hex(g), 12, '0'))::uuid, m.id, null, 100 + g,
       jsonb_build_object('en', 'Generated link ' || g), null, '_self',
       ('beec0000-0000-4000-8000-' || lpad(to_hex(g), 12, '0'))::uuid
     from generate_series(1, 200) g, menus m where m.space_id = $1 and m.machine_name = 'footer'`,
    [space],
  );
  return `/${DEEP_PATH}`;
}
