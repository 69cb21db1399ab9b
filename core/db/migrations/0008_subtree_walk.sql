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

create or replace function verso_deliver_subtrees(roots uuid[]) returns void
language plpgsql
set jit = off set enable_seqscan = off set enable_hashjoin = off set enable_mergejoin = off
as $$
declare
  sub uuid[];
  removed jsonb;
  added jsonb;
begin
  if roots is null or cardinality(roots) = 0 then
    return;
  end if;
  -- `union` (not `union all`) ends on a cycle of parents, which is delivered nowhere.
  with recursive tree(id) as (
    select unnest(roots)
    union
    select c.id from tree t cross join lateral (select c.id from documents c where c.parent_id = t.id offset 0) c
  )
  select array_agg(id) into sub from tree;

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

-- A writer that brings the index up to date itself once it is done (an import: core/space-format/import.ts) sets
-- `verso.defer_delivery` for its transaction, and the statements' triggers leave the recompute to it.

create or replace function verso_delivered_versions_changed() returns trigger
language plpgsql as $$
declare
  ids uuid[];
begin
  if current_setting('verso.defer_delivery', true) = 'on' then
    return null;
  end if;
  if tg_op = 'INSERT' then
    select array_agg(distinct n.document_id) into ids from new_rows n where n.state = 'published';
  elsif tg_op = 'DELETE' then
    -- A version deleted with its document (cascade) leaves nothing to recompute.
    select array_agg(distinct o.document_id) into ids
    from old_rows o join documents d on d.id = o.document_id where o.state = 'published';
  else
    select array_agg(distinct x.document_id) into ids from (
      (select document_id, locale, slug from old_rows where state = 'published'
       except select document_id, locale, slug from new_rows where state = 'published')
      union
      (select document_id, locale, slug from new_rows where state = 'published'
       except select document_id, locale, slug from old_rows where state = 'published')
    ) x;
  end if;
  perform verso_deliver_subtrees(ids);
  return null;
end;
$$;

create or replace function verso_delivered_documents_changed() returns trigger
language plpgsql as $$
declare
  ids uuid[];
begin
  if current_setting('verso.defer_delivery', true) = 'on' then
    return null;
  end if;
  if tg_op = 'DELETE' then
    perform verso_deliver_subtrees(array(select id from old_rows));
    return null;
  end if;
  perform verso_deliver_subtrees(array(select id from old_rows except select id from new_rows));
  select array_agg(n.id) into ids
  from new_rows n left join old_rows o on o.id = n.id
  where o.id is null
    or (n.parent_id, n.position, n.created_at, n.type, n.space_id)
      is distinct from (o.parent_id, o.position, o.created_at, o.type, o.space_id);
  perform verso_deliver_subtrees(ids);
  return null;
end;
$$;

-- The ids of a document and all its descendants, drafts included (the publish and unpublish procedures), walked
-- by the same index. As a query it was planned like the recompute's walk: a hash of the whole table per level,
-- 11-17 ms for one post among 100k, and JIT-compiled on the inflated estimate. `union` ends on a cycle.
create function verso_document_subtree(root uuid, space uuid) returns setof uuid
language sql stable
set jit = off set enable_seqscan = off set enable_hashjoin = off set enable_mergejoin = off
as $$
  with recursive tree(id) as (
    select id from documents where id = root and space_id = space
    union
    select c.id from tree t cross join lateral (select c.id from documents c where c.parent_id = t.id offset 0) c
  )
  select id from tree
$$;
