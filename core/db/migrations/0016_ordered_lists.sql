-- Ordered lists (docs/delivery-api.md, "Order and filter"): `order=-publishedAt`, `updatedAt` and `title` are
-- ranges of an index of their own, like tree order (`delivered_documents_list`), so the first page of 100k
-- documents newest first reads 25 index entries instead of sorting every delivered row. The delivery index
-- therefore carries the published version's title and dates, kept by the same triggers: a recompute writes them,
-- and a publish that changes only them (a new title, a republish) updates the rows in place, with no recompute.
-- Titles compare in the database's collation; an index key holds at most the first 300 characters of a title
-- (a btree entry is limited to about 2.7 kB), which is also what the order compares.
alter table delivered_documents
  add column title text,
  add column published_at timestamptz,
  add column updated_at timestamptz;

update delivered_documents x set title = v.title, published_at = v.published_at, updated_at = v.updated_at
from document_versions v
where v.document_id = x.document_id and v.locale = x.locale and v.state = 'published';

-- `include (type, parent_id)` as the list index: a list of one type or under one parent filters in the index.
create index delivered_documents_published on delivered_documents (space_id, locale, published_at, document_id)
  include (type, parent_id);
create index delivered_documents_updated on delivered_documents (space_id, locale, updated_at, document_id)
  include (type, parent_id);
create index delivered_documents_title on delivered_documents (space_id, locale, left(title, 300), document_id)
  include (type, parent_id);

-- As in 0008, with the title and dates of each delivered row.
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

  with recursive down(document_id, locale, space_id, parent_id, type, sort_key, slugs, ancestors, title, published_at, updated_at) as (
    -- Tops: a root, or a document whose parent (outside the recomputed set) is delivered in the locale.
    select d.id, v.locale, d.space_id, d.parent_id, d.type,
      coalesce(pd.sort_key, ''::bytea) || verso_tree_key(d.position, d.created_at),
      coalesce(pd.slugs, '{}'::text[]) || array[v.slug],
      case when d.parent_id is null then '{}'::uuid[] else array[d.parent_id] || pd.ancestors end,
      v.title, v.published_at, v.updated_at
    from documents d
    cross join lateral (
      select v.locale, v.slug, v.title, v.published_at, v.updated_at from document_versions v
      where v.document_id = d.id and v.state = 'published' offset 0
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
      array[c.parent_id] || p.ancestors,
      v.title, v.published_at, v.updated_at
    from down p
    cross join lateral (
      select c.id, c.space_id, c.parent_id, c.type, c.position, c.created_at from documents c
      where c.parent_id = p.document_id
      offset 0
    ) c
    cross join lateral (
      select v.locale, v.slug, v.title, v.published_at, v.updated_at from document_versions v
      where v.document_id = c.id and v.locale = p.locale and v.state = 'published'
      offset 0
    ) v
    where cardinality(p.slugs) < 64
  ),
  put as (
    insert into delivered_documents
      (document_id, locale, space_id, parent_id, type, sort_key, slugs, ancestors, title, published_at, updated_at)
    select * from down
    returning space_id, locale, parent_id, type
  )
  select jsonb_agg(a) into added
  from (select space_id, locale, parent_id, type, count(*) as n from put group by 1, 2, 3, 4) a;

  perform verso_count_delivered(coalesce(removed, '[]') || coalesce(added, '[]'));
end;
$$;

-- As in 0002, plus: a published version whose title or dates changed (and not its slug, which recomputes) has its
-- rows updated in place.
create or replace function verso_delivered_versions_changed() returns trigger
language plpgsql as $$
declare
  ids uuid[];
begin
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
    if current_setting('verso.defer_delivery', true) is distinct from 'on' then
      update delivered_documents x set title = n.title, published_at = n.published_at, updated_at = n.updated_at
      from new_rows n
      where n.state = 'published' and x.document_id = n.document_id and x.locale = n.locale
        and (x.title, x.published_at, x.updated_at) is distinct from (n.title, n.published_at, n.updated_at);
    end if;
  end if;
  perform verso_deliver_subtrees(ids);
  return null;
end;
$$;

analyze delivered_documents;
