-- The delivery index: every (document, locale) a published read delivers, with its permalink segments, its
-- ancestors and its tree sort key, so that a list is an index range scan instead of a walk of the tree per
-- request (docs/performance.md). It holds exactly what the reader's recursive `chain` walk
-- (delivery/reader/document-query.ts) finds for published reads: a document is delivered in a locale when it
-- and every ancestor up to a root have a published version in that locale, at most 64 levels deep.
--
-- The database keeps it up to date itself, whatever writes: statement-level triggers on documents and
-- document_versions recompute the subtrees of what a statement touched (a slug, position, parent or publish
-- change moves a whole subtree's permalinks, sort keys and delivered state). One statement that writes 100k
-- rows does one recompute, not 100k.

-- The tree order of one level as bytes that sort as (position, creation time) do: 4 bytes of position and 8 of
-- microseconds since 1970, big-endian with the sign bit flipped. A key of several levels (root first) then
-- compares as the walk's numeric[] sort key does, at the price of one memcmp.
create function verso_tree_key(pos integer, created timestamptz) returns bytea
language sql immutable parallel safe as $$
  select int4send(pos # (-2147483648))
    || int8send((extract(epoch from created) * 1000000)::bigint # (-9223372036854775808))
$$;

-- Text columns compare bytewise (collate "C"): only equality is asked of them, which a deterministic
-- collation answers the same way, and index maintenance of 100k rows costs less.
create table delivered_documents (
  document_id uuid not null,
  locale text collate "C" not null,
  space_id uuid not null,
  parent_id uuid,
  type text collate "C" not null,
  -- Per level from the root: verso_tree_key(position, created_at): the tree order of every list.
  sort_key bytea not null,
  -- Per level from the root: the slug in this locale; the permalink is their join.
  slugs text[] collate "C" not null,
  -- Nearest first: parent, grandparent, ..., root.
  ancestors uuid[] not null,
  primary key (document_id, locale)
);
-- Lists: a page is the first rows of a range in tree order, `total` an index-only count; the type filter is
-- read from the index too (a separate (space, locale, type, ...) index cost more to keep up on a 100k import
-- than it saved on a count). Children of one parent are a range of their own; `under` is a GIN lookup.
create index delivered_documents_list on delivered_documents (space_id, locale, sort_key, document_id)
  include (type, parent_id);
create index delivered_documents_parent on delivered_documents (parent_id, locale, sort_key, document_id);
create index delivered_documents_under on delivered_documents using gin (ancestors);
-- The subtree walk of the triggers (and the tree's own `on delete cascade`) goes from parent to children.
create index documents_parent on documents (parent_id);

-- How many rows of the index each (space, locale, parent, type) has: the exact `total` of a list filtered by
-- nothing but type and parent is a sum over a few rows instead of a count of every match. Kept with the
-- index by the same functions (rows that fall to 0 stay).
create table delivered_counts (
  space_id uuid not null,
  locale text collate "C" not null,
  parent_id uuid,
  type text collate "C" not null,
  n bigint not null,
  unique nulls not distinct (space_id, locale, parent_id, type)
);

-- Adds the counted changes (`-1` per removed row, `+1` per added one), in key order so that two writers
-- never wait on each other's counter rows crosswise.
create function verso_count_delivered(deltas jsonb) returns void
language sql as $$
  insert into delivered_counts as c (space_id, locale, parent_id, type, n)
  select space_id, locale, parent_id, type, sum(n)
  from jsonb_to_recordset(deltas) as x(space_id uuid, locale text, parent_id uuid, type text, n bigint)
  group by 1, 2, 3, 4 having sum(n) <> 0
  order by 1, 2, 3, 4
  on conflict (space_id, locale, parent_id, type) do update set n = c.n + excluded.n
$$;

-- Recomputes the delivered rows of the given documents and all their descendants, in every locale. Rows of
-- documents outside those subtrees are unaffected by a change inside them, so a subtree's top is delivered
-- exactly when its parent's row is (and it is published in that locale), and everything below follows
-- from the top down.
-- (JIT compilation costs more than it saves on these statements.)
create function verso_deliver_subtrees(roots uuid[]) returns void
language plpgsql set jit = off as $$
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
    select c.id from documents c join tree t on c.parent_id = t.id
  )
  select array_agg(id) into sub from tree;

  with gone as (
    delete from delivered_documents x using unnest(sub) s(id) where x.document_id = s.id
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
    from unnest(sub) s(id)
    join documents d on d.id = s.id
    join document_versions v on v.document_id = d.id and v.state = 'published'
    left join delivered_documents pd on pd.document_id = d.parent_id and pd.locale = v.locale
    where d.parent_id is null or (pd.document_id is not null and cardinality(pd.slugs) < 64)
    union all
    select c.id, v.locale, c.space_id, c.parent_id, c.type,
      p.sort_key || verso_tree_key(c.position, c.created_at),
      p.slugs || array[v.slug],
      array[c.parent_id] || p.ancestors
    from down p
    join documents c on c.parent_id = p.document_id
    join document_versions v on v.document_id = c.id and v.locale = p.locale and v.state = 'published'
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

-- Versions: only published ones count, and on an update only a changed (document, locale, slug) of a
-- published version (publish, unpublish, a new slug); a new title or new fields change nothing here.
create function verso_delivered_versions_changed() returns trigger
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
  end if;
  perform verso_deliver_subtrees(ids);
  return null;
end;
$$;

-- Documents: a deleted one leaves (its descendants go by the tree's cascade, each deletion passing here);
-- a moved, reordered or retyped one has its subtree recomputed. A new document has no version yet.
create function verso_delivered_documents_changed() returns trigger
language plpgsql as $$
declare
  ids uuid[];
begin
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

create function verso_delivered_truncated() returns trigger
language plpgsql as $$
begin
  -- Without documents or versions nothing is delivered.
  delete from delivered_documents;
  delete from delivered_counts;
  return null;
end;
$$;

create trigger delivered_versions_insert after insert on document_versions
  referencing new table as new_rows
  for each statement execute function verso_delivered_versions_changed();
create trigger delivered_versions_update after update on document_versions
  referencing old table as old_rows new table as new_rows
  for each statement execute function verso_delivered_versions_changed();
create trigger delivered_versions_delete after delete on document_versions
  referencing old table as old_rows
  for each statement execute function verso_delivered_versions_changed();
create trigger delivered_versions_truncate after truncate on document_versions
  for each statement execute function verso_delivered_truncated();

create trigger delivered_documents_update after update on documents
  referencing old table as old_rows new table as new_rows
  for each statement execute function verso_delivered_documents_changed();
create trigger delivered_documents_delete after delete on documents
  referencing old table as old_rows
  for each statement execute function verso_delivered_documents_changed();
create trigger delivered_documents_truncate after truncate on documents
  for each statement execute function verso_delivered_truncated();

-- Backfill: everything delivered today hangs from a root.
select verso_deliver_subtrees(array(select id from documents where parent_id is null));
analyze delivered_documents;
