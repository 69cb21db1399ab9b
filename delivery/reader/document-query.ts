import type { Queryable } from '../../core/db/types.ts';
import { assetJson, type RawAsset, toAsset } from './asset-query.ts';
import { joinPermalink } from './permalink.ts';
import type { DocumentRow, PermalinkRow } from './rows.ts';
import { Params } from './sql-params.ts';
import type { DeliveredTag, ReadContext } from './types.ts';

/**
 * The database side of documents. Published reads use the delivery index (`delivered_documents`, kept by the
 * database's own triggers, core/db/migrations/0002_delivered_documents.sql): one row per delivered document and
 * locale with its slugs, ancestors and tree sort key, so a list is an index range scan and a count.
 *
 * Share-link previews (drafts) walk the tree instead, with one recursive CTE (`chain`): from each candidate
 * version up through its ancestors' versions in the same locale. A chain that reaches the root is a delivered
 * document and spells its permalink; one that stops (an ancestor unpublished in the locale) is not delivered.
 * The index holds exactly what that walk finds for published reads (delivery/reader/delivery-index.test.ts
 * compares both). Nothing here runs a query per document or per level.
 */

type Drafts = ReadContext['drafts'];

/**
 * How a published read finds delivered documents: the index (always, in the service) or the walk (the
 * reference the index is tested against). Reads with drafts always walk: drafts are not in the index.
 */
export type Route = 'index' | 'chain';
export const useIndex = (drafts: Drafts, route: Route) => !drafts && route === 'index';

/** An id as the database spells it (any case). */
export const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where a document is delivered, from a row of the delivery index (or of the walk). */
export const permalinkRow = (
  id: string,
  locale: string,
  slugs: readonly string[],
  ancestors: string[] | null,
): PermalinkRow => ({ id, locale, permalink: joinPermalink(slugs), ancestors: ancestors ?? [] });

/**
 * Joins the version a reader sees of document `doc` as `alias`: the published one; with a share link's
 * drafts, the draft where the link allows it and one exists.
 */
export function versionJoin(
  alias: string,
  doc: string,
  localeIs: (column: string) => string,
  drafts: Drafts,
): string {
  if (!drafts) {
    return `join document_versions ${alias} on ${alias}.document_id = ${doc}.id and ${localeIs(`${alias}.locale`)} and ${alias}.state = 'published'`;
  }
  if (drafts !== 'all' && !uuid.test(drafts.documentId)) throw new Error('drafts.documentId must be an id');
  const allowed = drafts === 'all' ? 'true' : `x.document_id = '${drafts.documentId}'::uuid`;
  return `join lateral (
      select distinct on (x.locale) x.document_id, x.locale, x.state, x.title, x.slug, x.fields, x.published_at, x.updated_at, x.search
      from document_versions x
      where x.document_id = ${doc}.id and ${localeIs('x.locale')} and (x.state = 'published' or (x.state = 'draft' and ${allowed}))
      order by x.locale, x.state = 'draft' desc
    ) ${alias} on true`;
}

interface ChainArgs {
  spaceId: string;
  /** One locale, or every locale of the space (alternates). */
  locale: string | 'every';
  drafts: Drafts;
  /** Conditions on the candidate document `d` and its version `v`. */
  where: string[];
  /** A path to walk down from the root first (`byPermalink`): the candidate is the document at its end. */
  segments?: string[];
}

/** `with recursive [walk,] chain`: see the module comment. Columns: doc_id, locale, next_id, slugs, sort_key, ancestors. */
export function chainCte(p: Params, args: ChainArgs): string {
  const space = p.add(args.spaceId);
  const locale =
    args.locale === 'every'
      ? `any((select locales from spaces where id = ${space})::text[])`
      : p.add(args.locale);
  const localeIs = (column: string) => `${column} = ${locale}`;
  const where = [`d.space_id = ${space}`, ...args.where];
  let walk = '';
  if (args.segments) {
    const segs = `${p.add(args.segments)}::text[]`;
    walk = `walk(id, depth) as (
        select d.id, 1 from documents d ${versionJoin('v', 'd', localeIs, args.drafts)}
        where d.space_id = ${space} and d.parent_id is null and v.slug = (${segs})[1]
        union all
        select d.id, w.depth + 1 from walk w
        join documents d on d.space_id = ${space} and d.parent_id = w.id ${versionJoin('v', 'd', localeIs, args.drafts)}
        where w.depth < cardinality(${segs}) and v.slug = (${segs})[w.depth + 1]
      ),`;
    where.push(`d.id = (select id from walk where depth = cardinality(${segs}) limit 1)`);
  }
  // The sort key spells the tree order (position, then creation time, at every level from the root), so a
  // list across levels comes in the order of a walk of the tree.
  return `with recursive ${walk}
    chain(doc_id, locale, next_id, slugs, sort_key, ancestors) as (
      select d.id, v.locale, d.parent_id, array[v.slug],
        array[d.position::numeric, extract(epoch from d.created_at)::numeric], array[]::uuid[]
      from documents d ${versionJoin('v', 'd', localeIs, args.drafts)}
      where ${where.join(' and ')}
      union all
      select c.doc_id, c.locale, p.parent_id, array[pv.slug] || c.slugs,
        array[p.position::numeric, extract(epoch from p.created_at)::numeric] || c.sort_key, c.ancestors || p.id
      from chain c
      join documents p on p.id = c.next_id ${versionJoin('pv', 'p', (col) => `${col} = c.locale`, args.drafts)}
      where cardinality(c.slugs) < 64
    )`;
}

/**
 * Where the documents a row's fields link to are delivered in its locale, read with it from the delivery index
 * (`document_versions.link_ids`, migration 0006): the reader then needs no second round trip for the permalinks
 * of links. Only for documents by path, id or parent on the index route: a list's page often links within
 * itself, and the lookup per row cost a 25-document list more (0.3 ms) than the batch it saves when needed; rows
 * of the walk (and of previews) leave them to `selectPermalinks` too.
 */
const LINK_TARGETS = `,
      (select coalesce(json_agg(json_build_object('id', l.document_id, 'slugs', l.slugs, 'ancestors', l.ancestors)), '[]'::json)
        from delivered_documents l
        where l.document_id = any(v.link_ids) and l.locale = c.locale and l.space_id = d.space_id
      ) as link_targets`;

/**
 * The assets and users a row's fields name (`document_versions.ref_ids`, migration 0007), read with it on the reads
 * of documents by path or id that ask (`refs`, `related`): a page or a document with its expansions then needs no
 * round trip after its documents for them. Reads that will not use them leave them out (two more lookups per row:
 * a plain REST permalink went from 0.8 to 1.0 ms with them). Both are of the document's space, as `selectAssets`
 * and `selectUsers` read them (with no visibility rule: the ids come from delivered fields), a user with the
 * avatar `selectUsers` joins.
 */
const CARRIED = `,
      (select coalesce(json_agg(${assetJson('ca')}), '[]'::json)
        from assets ca where ca.id = any(v.ref_ids) and ca.space_id = d.space_id
      ) as carried_assets,
      (select coalesce(json_agg(json_build_object('id', cu.id, 'name', cu.name,
          'avatar', case when cv.id is null then null else ${assetJson('cv')} end)), '[]'::json)
        from users cu left join assets cv on cv.id = cu.avatar_id and cv.space_id = cu.space_id
        where cu.id = any(v.ref_ids) and cu.space_id = d.space_id
      ) as carried_users`;

/**
 * The columns of a full document row, from a delivered chain row `c` of `source`; `carry` adds its link targets
 * (`targets`) and its assets and users (`refs`).
 */
export function fullSelect(
  drafts: Drafts,
  extraColumns = '',
  carry: { targets?: boolean; refs?: boolean; fieldsByVersion?: boolean } = {},
  source = 'delivered',
): string {
  const fields = carry.fieldsByVersion && !drafts ? 'null::jsonb as fields, v.version' : 'v.fields';
  // Slugs and ancestors as json arrays: JSON.parse reads them in a fifth of the time node-postgres's array parser took.
  return `select c.doc_id as id, c.locale, array_to_json(c.slugs) as slugs, array_to_json(c.ancestors) as ancestors,${extraColumns}
      d.type, d.parent_id, v.title, v.slug, v.state, ${fields}, v.published_at, v.updated_at,
      case when c.locale <> s.default_locale then (
        select y.fields from document_versions y where y.document_id = d.id and y.locale = s.default_locale and y.state = 'published'
      ) end as shared_fields,
      coalesce((
        select json_agg(json_build_object('name', t.name, 'slug', t.slug) order by dt.position)
        from document_tags dt join tags t on t.id = dt.tag_id where dt.document_id = d.id
      ), '[]'::json) as tags${carry.targets ? LINK_TARGETS : ''}${carry.refs ? CARRIED : ''}
    from ${source} c
    join documents d on d.id = c.doc_id
    join spaces s on s.id = d.space_id
    ${drafts ? versionJoin('v', 'd', (col) => `${col} = c.locale`, drafts) : PUBLISHED_VERSION}`;
}

/** Names the tuple of a version row `x` (delivery/reader/fields-by-version.ts). */
export const TUPLE_VERSION = `x.xmin::text || '/' || x.ctid::text`;

/**
 * The published version of each row `c`, looked up by its primary key. With a plain join, the generic plan of a
 * 1k-document list hashed every published version (a scan of all of them) to join the page's 25; the `limit`
 * keeps the subquery from being merged into the join, so it stays one index probe per row. The delivery index
 * spells locales in the "C" collation: compared in the versions' own, the locale is part of the probe, not a
 * filter on every locale's version.
 */
const PUBLISHED_VERSION = `join lateral (
      select x.title, x.slug, x.state, x.fields, x.published_at, x.updated_at, x.link_ids, x.ref_ids,
        ${TUPLE_VERSION} as version
      from document_versions x
      where x.document_id = c.doc_id and x.locale = c.locale collate "default" and x.state = 'published'
      limit 1
    ) v on true`;

export interface RawDocument {
  id: string;
  locale: string;
  slugs: string[];
  ancestors: string[];
  type: string;
  parent_id: string | null;
  title: string;
  slug: string;
  state: 'published' | 'draft';
  fields: Record<string, unknown>;
  /** With `fieldsByVersion`: the version's tuple, and `fields` null (fields-by-version.ts). */
  version?: string;
  shared_fields: Record<string, unknown> | null;
  published_at: Date | string | null;
  updated_at: Date | string;
  tags: DeliveredTag[];
  link_targets?: Array<{ id: string; slugs: string[]; ancestors: string[] }>;
  carried_assets?: RawAsset[];
  carried_users?: Array<{ id: string; name: string; avatar: RawAsset | null }>;
}

export const toRow = (r: RawDocument): DocumentRow => ({
  id: r.id,
  type: r.type,
  locale: r.locale,
  parentId: r.parent_id,
  permalink: joinPermalink(r.slugs),
  ancestors: r.ancestors ?? [],
  title: r.title,
  slug: r.slug,
  state: r.state,
  fields: r.fields ?? {},
  sharedFields: r.shared_fields,
  publishedAt: r.published_at,
  updatedAt: r.updated_at,
  tags: r.tags ?? [],
  ...(r.link_targets
    ? {
        linkTargets: r.link_targets.map((t) => permalinkRow(t.id, r.locale, t.slugs, t.ancestors)),
      }
    : {}),
  ...(r.carried_assets && r.carried_users
    ? {
        carried: {
          assets: r.carried_assets.map(toAsset),
          users: r.carried_users.map((u) => ({
            id: u.id,
            name: u.name,
            avatar: u.avatar ? toAsset(u.avatar) : null,
          })),
        },
      }
    : {}),
});

export interface DocumentSelection {
  spaceId: string;
  locale: string;
  drafts?: Drafts;
  ids?: string[];
  parentIds?: string[];
  /** The document at this path (segments of a permalink). */
  segments?: string[];
  /** The space's starred home document. */
  home?: boolean;
  /** With the assets and users the fields name (`carried`); implied by `related`. */
  refs?: boolean;
  /**
   * For a read of one document (a path, the home, one id): with the delivered documents its fields name (any
   * id-shaped string of them, `ref_ids`), each with its own link targets, assets and users, in the same statement:
   * `carried.documents` of its row, and where it is delivered in every locale (`carried.alternates`). Its related
   * documents and alternates then cost no round trip of their own.
   */
  related?: boolean;
}

/**
 * `delivered as (...)`: rows of the delivery index in the columns of a chain row (doc_id, locale, slugs,
 * ancestors, sort_key), for `fullSelect`.
 */
export function indexed(where: string[], tail = ''): string {
  return `delivered as (
      select x.document_id as doc_id, x.locale, x.slugs, x.ancestors, x.sort_key
      from delivered_documents x where ${where.join(' and ')}${tail}
    )`;
}

/**
 * `related as (...)`: the delivery index rows, in the document's locale, of every id-shaped string of the fields
 * of the one document in `delivered` (its own version's: a version's shared fields are the default locale's).
 */
function relatedDelivered(space: string): string {
  return `related as (
      select x.document_id as doc_id, x.locale, x.slugs, x.ancestors, x.sort_key
      from delivered r
      join document_versions rv on rv.document_id = r.doc_id and rv.locale = r.locale and rv.state = 'published'
      join delivered_documents x on x.document_id = any(rv.ref_ids) and x.locale = r.locale and x.space_id = ${space}
    )`;
}

/**
 * Where the document of a row `c` is delivered in every locale of its space, as `selectPermalinks` with
 * `locale: 'every'` reads it (and in its order): its alternates, which a page reads beside its document.
 */
export const ALTERNATES = `(select json_agg(json_build_object('locale', a.locale, 'slugs', a.slugs, 'ancestors', a.ancestors::text[]) order by a.sort_key, a.locale)
        from delivered_documents a where a.document_id = c.doc_id and a.space_id = d.space_id and a.locale = any(s.locales))`;

export type RelatedRaw = RawDocument & {
  related_row: boolean;
  alternates: Array<{ locale: string; slugs: string[]; ancestors: string[] | null }> | null;
};

/** The rows of a read with `related`: the document's, carrying the related documents' rows and its alternates. */
function withRelated(raw: RelatedRaw[]): DocumentRow[] {
  const documents = raw.filter((r) => r.related_row).map(toRow);
  return raw
    .filter((r) => !r.related_row)
    .map((r) => {
      const row = toRow(r);
      if (!row.carried) return row;
      const alternates = (r.alternates ?? []).map((a) => permalinkRow(r.id, a.locale, a.slugs, a.ancestors));
      return { ...row, carried: { ...row.carried, documents, alternates } };
    });
}

/**
 * Statement texts by what they are built from (a few hundred characters): a text built anew is a new string, and
 * the named-statement lookup (core/db/pg-db.ts) hashed and compared all of it on every read, ~9 µs for the 5 KB
 * of a page's statement. Given again, the same string answers from the hash it keeps. Bounded: past it, built.
 */
const texts = new Map<string, string>();
const MAX_TEXTS = 1_000;

export function textOf(key: string, build: () => string): string {
  let text = texts.get(key);
  if (text === undefined) {
    text = build();
    if (texts.size < MAX_TEXTS) texts.set(key, text);
  }
  return text;
}

/** Delivered documents by id, by parent or at a path, in tree order. One statement. */
export async function selectDocuments(
  db: Queryable,
  sel: DocumentSelection,
  route: Route = 'index',
): Promise<DocumentRow[]> {
  const p = new Params();
  if (useIndex(sel.drafts, route)) {
    const where = [`x.space_id = ${p.add(sel.spaceId)}`, `x.locale = ${p.add(sel.locale)}`];
    if (sel.ids) where.push(p.oneOf('x.document_id', sel.ids));
    if (sel.parentIds) where.push(p.oneOf('x.parent_id', sel.parentIds));
    if (sel.home) where.push('x.document_id = (select home_content_id from spaces where id = x.space_id)');
    // A path is one equality on the index (`delivered_documents_permalink`); like the walk, one document.
    if (sel.segments) where.push(`x.slugs = ${p.add(sel.segments)}::text[]`);
    const one = sel.segments ? ' order by x.sort_key, x.document_id limit 1' : '';
    const shape = `${where.join('\n')}\u0001${one}\u0001${sel.refs ? 'refs' : ''}`;
    if (sel.related && (sel.segments || sel.home || sel.ids?.length === 1)) {
      const all = { targets: true, refs: true };
      const space = p.add(sel.spaceId);
      const sql = textOf(
        `related\u0001${shape}\u0001${space}`,
        () => `with ${indexed(where, one)}, ${relatedDelivered(space)}
      ${fullSelect(undefined, ` false as related_row, ${ALTERNATES} as alternates,`, all)}
      union all
      ${fullSelect(undefined, ' true as related_row, null::json as alternates,', all, 'related')}`,
      );
      return withRelated((await db.query<RelatedRaw>(sql, p.values)).rows);
    }
    if (sel.segments) {
      const sql = textOf(
        `path\u0001${shape}`,
        () => `with ${indexed(where, one)}
      ${fullSelect(undefined, '', { targets: true, refs: sel.refs })}`,
      );
      return (await db.query<RawDocument>(sql, p.values)).rows.map(toRow);
    }
    const sql = textOf(
      `ids\u0001${shape}`,
      () => `with ${indexed(where)}
      ${fullSelect(undefined, '', { targets: true, refs: sel.refs })}
      order by c.sort_key, c.doc_id`,
    );
    return (await db.query<RawDocument>(sql, p.values)).rows.map(toRow);
  }
  const where: string[] = [];
  if (sel.ids) where.push(`d.id = any(${p.add(sel.ids)}::uuid[])`);
  if (sel.parentIds) where.push(`d.parent_id = any(${p.add(sel.parentIds)}::uuid[])`);
  if (sel.home) where.push('d.id = (select home_content_id from spaces where id = d.space_id)');
  const cte = chainCte(p, {
    spaceId: sel.spaceId,
    locale: sel.locale,
    drafts: sel.drafts,
    where,
    segments: sel.segments,
  });
  const sql = `${cte}, delivered as (select * from chain where next_id is null)
    ${fullSelect(sel.drafts)}
    order by c.sort_key, c.doc_id`;
  const res = await db.query<RawDocument>(sql, p.values);
  return res.rows.map(toRow);
}
