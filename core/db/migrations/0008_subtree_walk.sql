-- A publish recomputes the delivered rows of a few documents and their subtrees (0002). Planned on its
-- statistics, the walk down the tree read every document of the space, level by level: with no index on the
-- parent alone, and a parent's average number of children (100k blog posts under one page) making a hash of the
-- whole table look cheaper than an index probe per row. One post's recompute in a space of 100k documents took
-- 45-115 ms, against 3 ms walked down by index. So the walk uses the parent index below and nested index loops
-- only, whatever the statistics say; a recompute always starts from a few documents.
-- In a fresh database (an import, the statistics not yet gathered) the step from a document to its children's
-- versions was planned through the versions' slug index, every published version of a locale per document: a
-- 10k-document import took 66-75 s, and the delete of the recomputed rows scanned the delivered rows once per
-- document. Each step is a `lateral (... offset 0)` (not flattened into a join the planner may reorder) or an
-- `= any(...)` on a key: from the documents given, down by parent, each row's version and parent row by key.
create index documents_children on documents (parent_id);

-- The given documents and all their descendants, drafts included: the recompute below, and the subtree a publish
-- or unpublish purges (core/procedures/document-tree.ts, 11-17 ms for one post among 100k as a query planned on
-- statistics, JIT-compiled on the inflated estimate; 0.45 ms walked here). Given ids come first, then each
-- level. `union` (not `union all`) ends on a cycle of parents, which is delivered nowhere.
create function verso_subtrees(roots uuid[]) returns setof uuid
language plpgsql stable
set jit = off set enable_seqscan = off set enable_hashjoin = off set enable_mergejoin = off
as $$
begin
  return query
  with recursive tree(id) as (
    select unnest(roots)
    union
    select c.id from tree t cross join lateral (select c.id from documents c where c.parent_id = t.id offset 0) c
  )
  select id from tree;
end;
$$;

create or replace function verso_deliver_subtrees(roots uuid[]) returns void
language plpgsql
set jit = off set enable_seqscan = off set enable_hashjoin = off set enable_mergejoin = off
as $$
declare
  sub uuid[];
  removed jsonb;
  added jsonb;
begin
  -- A writer that brings the index up to date itself once it is done (an import: core/space-format/import.ts)
  -- sets `verso.defer_delivery` for its transaction: the triggers of its statements leave the work to it.
  if roots is null or cardinality(roots) = 0 or current_setting('verso.defer_delivery', true) = 'on' then
    return;
  end if;
  select array_agg(s.id) into sub from verso_subtrees(roots) as s(id);

  with gone as (
    delete from delivered_documents x where x.document_id = any(sub)
    returning x.space_id, x.locale, x.parent_id, x.type
  )
  select jsonb_agg(g) into removed
  from (select space_id, locale, parent_id, type, -count(*) as n from gone group by 1, 2, 3, 4) g;

  with recursive down(document_id, locale, space_id, parent_id, type, sort_key, slugs, ancestors) as (
    -- Tops: a root, or a document whose parent (outside the recomputed set) is delivered in the locale.
    select d.id, v.locale, d.space_id, d.parent_id, d.type,
      coalesce(pd.sort_key, ''::bytea) || verso_tree_key(d.position, d.created_at),
      coalesce(pd.slugs, '{}'::text[]) || array[v.slug],
      case when d.parent_id is null then '{}'::uuid[] else array[d.parent_id] || pd.ancestors end
    from documents d
    cross join lateral (
      select v.locale, v.slug from document_versions v where v.document_id = d.id and v.state = 'published' offset 0
    ) v
    left join lateral (
      select pd.document_id, pd.sort_key, pd.slugs, pd.ancestors from delivered_documents pd
      where pd.document_id = d.parent_id and pd.locale = v.locale
      offset 0
    ) pd on true
    where d.id = any(sub) and (d.parent_id is null or (pd.document_id is not null and cardinality(pd.slugs) < 64))
    union all
    select c.id, v.locale, c.space_id, c.parent_id, c.type,
      p.sort_key || verso_tree_key(c.position, c.created_at),
      p.slugs || array[v.slug],
      array[c.parent_id] || p.ancestors
    from down p
    cross join lateral (
      select c.id, c.space_id, c.parent_id, c.type, c.position, c.created_at from documents c
      where c.parent_id = p.document_id
      offset 0
    ) c
    cross join lateral (
      select v.locale, v.slug from document_versions v
      where v.document_id = c.id and v.locale = p.locale and v.state = 'published'
      offset 0
    ) v
    where cardinality(p.slugs) < 64
  ),
  put as (
    insert into delivered_documents (document_id, locale, space_id, parent_id, type, sort_key, slugs, ancestors)
    select * from down
    returning space_id, locale, parent_id, type
  )
  select jsonb_agg(a) into added
  from (select space_id, locale, parent_id, type, count(*) as n from put group by 1, 2, 3, 4) a;

  perform verso_count_delivered(coalesce(removed, '[]') || coalesce(added, '[]'));
end;
$$;
