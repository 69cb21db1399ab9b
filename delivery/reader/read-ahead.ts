import type { Queryable } from '../../core/db/types.ts';
import { ALTERNATES, fullSelect, permalinkRow, type RelatedRaw, textOf, toRow } from './document-query.ts';
import { permalinkSegments } from './permalink.ts';
import type { DocumentRow } from './rows.ts';
import { Params } from './sql-params.ts';

/**
 * The rows `selectDocuments` answers for one document with `related` (a page's read: its row carrying the
 * delivered documents its fields name, their assets and users, and its alternates), for many documents of one
 * locale in one statement. Each related row names the document it came with (`owner`).
 */
export async function selectPageRows(
  db: Queryable,
  sel: { spaceId: string; locale: string; ids: string[] },
): Promise<DocumentRow[]> {
  if (sel.ids.length === 0) return [];
  const p = new Params();
  const space = p.add(sel.spaceId);
  const locale = p.add(sel.locale);
  const ids = p.add(sel.ids);
  const all = { targets: true, refs: true };
  const sql = textOf(
    `read-ahead\u0001${space}\u0001${locale}\u0001${ids}`,
    () => `with delivered as (
      select x.document_id as doc_id, x.locale, x.slugs, x.ancestors, x.sort_key
      from delivered_documents x where x.space_id = ${space} and x.locale = ${locale} and x.document_id = any(${ids}::uuid[])
    ), related as (
      select r.doc_id as owner, x.document_id as doc_id, x.locale, x.slugs, x.ancestors, x.sort_key
      from delivered r
      join document_versions rv on rv.document_id = r.doc_id and rv.locale = r.locale and rv.state = 'published'
      join delivered_documents x on x.document_id = any(rv.ref_ids) and x.locale = r.locale and x.space_id = ${space}
    )
    ${fullSelect(undefined, ` null::text as owner, ${ALTERNATES} as alternates,`, all)}
    union all
    ${fullSelect(undefined, ' c.owner::text as owner, null::json as alternates,', all, 'related')}`,
  );
  const raw = (await db.query<RelatedRaw & { owner: string | null }>(sql, p.values)).rows;
  const related = new Map<string, DocumentRow[]>();
  for (const r of raw)
    if (r.owner !== null) {
      const list = related.get(r.owner) ?? [];
      list.push(toRow(r));
      related.set(r.owner, list);
    }
  return raw
    .filter((r) => r.owner === null)
    .map((r) => {
      const row = toRow(r);
      if (!row.carried) return row;
      const alternates = (r.alternates ?? []).map((a) => permalinkRow(r.id, a.locale, a.slugs, a.ancestors));
      return { ...row, carried: { ...row.carried, documents: related.get(r.id) ?? [], alternates } };
    });
}

type Pending = { row: Promise<DocumentRow | undefined>; keys: string[] };

/**
 * Rows read ahead for the reads of one document with `related` (`byPermalink`, `byId`): the static export reads
 * its pages' documents a hundred at a time (docs/static-export.md, "How it renders") where each page waited for a
 * statement of its own. Each row answers once (then it is dropped: memory stays flat) and only a public read
 * in the same space and locale; a document asked otherwise, or not read ahead, is read as ever.
 */
export function readAheadStore() {
  const pending = new Map<string, Pending>();
  /** Keys two documents claim (two documents at one path): those are read as ever, as the path's read decides. */
  const ambiguous = new Set<string>();
  const byId = (spaceId: string, locale: string, id: string) => `i\u0000${spaceId}\u0000${locale}\u0000${id}`;
  const byPath = (spaceId: string, locale: string, segments: readonly string[]) =>
    `p\u0000${spaceId}\u0000${locale}\u0000${segments.join('\u0000')}`;
  return {
    add(
      db: Queryable,
      ctx: { spaceId: string; locale: string },
      docs: ReadonlyArray<{ id: string; permalink: string }>,
    ): Promise<void> {
      const read = selectPageRows(db, {
        spaceId: ctx.spaceId,
        locale: ctx.locale,
        ids: docs.map((d) => d.id),
      });
      const rows = read.then((list) => new Map(list.map((r) => [r.id, r])));
      for (const doc of docs) {
        const keys = [byId(ctx.spaceId, ctx.locale, doc.id)];
        const segments = permalinkSegments(doc.permalink);
        if (segments && segments.length > 0) keys.push(byPath(ctx.spaceId, ctx.locale, segments));
        const entry: Pending = {
          row: rows.then((m) => m.get(doc.id)).catch(() => undefined),
          keys: [],
        };
        for (const key of keys) {
          if (ambiguous.has(key)) continue;
          if (pending.has(key)) {
            ambiguous.add(key);
            pending.delete(key);
            continue;
          }
          pending.set(key, entry);
          entry.keys.push(key);
        }
      }
      return read.then(
        () => {},
        () => {},
      );
    },
    /** The row read ahead for this read, once; undefined when there is none (then the read is sent as ever). */
    take(
      ctx: { spaceId: string; locale: string; drafts?: unknown },
      selection: { ids?: string[]; segments?: string[] },
    ): Promise<DocumentRow | undefined> | undefined {
      if (pending.size === 0 || ctx.drafts) return undefined;
      const key =
        selection.ids?.length === 1
          ? byId(ctx.spaceId, ctx.locale, selection.ids[0]!)
          : selection.segments && selection.segments.length > 0
            ? byPath(ctx.spaceId, ctx.locale, selection.segments)
            : undefined;
      const entry = key === undefined ? undefined : pending.get(key);
      if (!entry) return undefined;
      for (const k of entry.keys) pending.delete(k);
      return entry.row;
    },
    /** Forgets every row not taken. */
    clear() {
      pending.clear();
      ambiguous.clear();
    },
  };
}
