-- The delivery journal (docs/delivery-api.md, "Sync"): per document and locale, the last time it stopped or
-- started being delivered, for `GET /v1/content/deleted` (what a sync client must drop) and `updatedSince` (a
-- document delivered again, or for the first time under a parent just published, whose own updatedAt is older).
-- The delivery index deletes and re-inserts a subtree's rows on every recompute (a move, a new slug), so a
-- deleted row is no removal by itself: the recompute compares what it removed with what it put back, and only
-- the difference is journaled, in one statement. A hard delete is journaled by the same recompute (the
-- documents' delete trigger). No foreign key to spaces: a space deleted and imported again keeps its journal
-- (its documents were removed, then delivered again). Housekeeping deletes rows older than 90 days
-- (core/jobs/housekeeping-tasks.ts); a sync client that waited longer syncs from scratch.
create table delivery_journal (
  document_id uuid not null,
  locale text collate "C" not null,
  space_id uuid not null,
  type text collate "C" not null,
  -- false: removed from delivery at `changed_at`; true: delivered (again) since `changed_at`.
  delivered boolean not null,
  changed_at timestamptz not null,
  primary key (document_id, locale)
);
create index delivery_journal_changes on delivery_journal (space_id, locale, delivered, changed_at, document_id);

-- What a recompute removed (`gone`) and put (`put`), as objects keyed `<document id> <locale>` with
-- `[space_id, type]`: a key in one and not the other changed its delivery. A key lookup in jsonb is a binary
-- search, so a recompute of a large subtree stays linear; keys in order, so two writers never wait crosswise.
-- Measured on PostgreSQL 15 (2 shared cores): a publish journals one row; keying 100k rows takes about 0.6 s each
-- way (a move of a 100k subtree: some 1.2 s more, nothing journaled), and an import's 100k first deliveries
-- about 2.3 s more in all, on the 12 s of such an import (docs/performance.md).
create function verso_journal_delivery(gone jsonb, put jsonb) returns void
language sql as $$
  insert into delivery_journal as j (document_id, locale, space_id, type, delivered, changed_at)
  select split_part(k.key, ' ', 1)::uuid, split_part(k.key, ' ', 2), (k.value ->> 0)::uuid, k.value ->> 1,
    k.delivered, now()
  from (
    select g.key, g.value, false as delivered from jsonb_each(coalesce(gone, '{}')) g
    where not coalesce(put ? g.key, false)
    union all
    select p.key, p.value, true from jsonb_each(coalesce(put, '{}')) p
    where not coalesce(gone ? p.key, false)
  ) k
  order by 1, 2
  on conflict (document_id, locale) do update
    set space_id = excluded.space_id, type = excluded.type, delivered = excluded.delivered,
      changed_at = excluded.changed_at
$$;

-- As in 0016, and the rows that stop or start being delivered go to the journal.
create or replace function verso_deliver_subtrees(roots uuid[]) returns void
language plpgsql
set jit = off set enable_seqscan = off set enable_hashjoin = off set enable_mergejoin = off
as $$
declare
  sub uuid[];
  removed jsonb;
  added jsonb;
  gone_keys jsonb;
  put_keys jsonb;
begin
  -- A writer that brings the index up to date itself once it is done (an import: core/space-format/import.ts)
  -- sets `verso.defer_delivery` for its transaction: the triggers of its statements leave the work to it.
  if roots is null or cardinality(roots) = 0 or current_setting('verso.defer_delivery', true) = 'on' then
    return;
  end if;
  select array_agg(s.id) into sub from verso_subtrees(roots) as s(id);

  with gone as (
    delete from delivered_documents x where x.document_id = any(sub)
    returning x.document_id, x.space_id, x.locale, x.parent_id, x.type
  )
  select
    (select jsonb_agg(g) from (select space_id, locale, parent_id, type, -count(*) as n from gone group by 1, 2, 3, 4) g),
    (select jsonb_object_agg(document_id::text || ' ' || locale, jsonb_build_array(space_id, type)) from gone)
  into removed, gone_keys;

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
    returning document_id, space_id, locale, parent_id, type
  )
  select
    (select jsonb_agg(a) from (select space_id, locale, parent_id, type, count(*) as n from put group by 1, 2, 3, 4) a),
    (select jsonb_object_agg(document_id::text || ' ' || locale, jsonb_build_array(space_id, type)) from put)
  into added, put_keys;

  perform verso_count_delivered(coalesce(removed, '[]') || coalesce(added, '[]'));
  perform verso_journal_delivery(gone_keys, put_keys);
end;
$$;

