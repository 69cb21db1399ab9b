-- Field orders (docs/delivery-api.md, "Order and filter"): `order=-fields.reading_time&type=blog-post` read every
-- candidate's version and sorted them (1.2 s at 100k posts). This table holds the top-level scalar values of every
-- published version (a number, a boolean as 0 or 1, a string, and a string that reads as a date also as a point in
-- time), one row per version and field, with an index per kind, `(space_id, locale, type, field, value,
-- document_id)`, so the first page of a list ordered by a field is a range of that index, like the column orders
-- of migration 0016. Which fields a list may order by is the content model's business (list-order.ts); the table
-- keeps every scalar, whatever the model says today, so a model change needs no rewrite.
create table delivered_field_values (
  document_id uuid not null,
  locale text collate "C" not null,
  field text collate "C" not null,
  space_id uuid not null,
  type text collate "C" not null,
  num numeric,
  at timestamptz,
  -- As titles are ordered (0016): the first 300 characters, in the database's collation.
  txt text,
  primary key (document_id, locale, field)
);

create index delivered_field_values_num on delivered_field_values (space_id, locale, type, field, num, document_id)
  where num is not null;
create index delivered_field_values_at on delivered_field_values (space_id, locale, type, field, at, document_id)
  where at is not null;
create index delivered_field_values_txt on delivered_field_values (space_id, locale, type, field, txt, document_id)
  where txt is not null;

-- The documents without the value come last, by id (list-order-sql.ts, `orderBy`): a range of this index.
create index delivered_documents_type_id on delivered_documents (space_id, locale, type, document_id);

-- A string that starts like a date is compared as one (list-order-sql.ts, `scalar`); one that does not parse
-- (`2024-13-45`) has no time rather than failing the publish.
create function verso_field_time(value text) returns timestamptz
language plpgsql stable as $$
begin
  if value !~ '^\d{4}-\d{2}-\d{2}' then
    return null;
  end if;
  return value::timestamptz;
exception when others then
  return null;
end;
$$;

-- The scalar values of a version's fields, as the table holds them.
create function verso_field_scalars(fields jsonb) returns table (field text, num numeric, at timestamptz, txt text)
language sql stable as $$
  select e.key,
    case jsonb_typeof(e.value)
      when 'number' then (e.value #>> '{}')::numeric
      when 'boolean' then case when (e.value #>> '{}')::boolean then 1 else 0 end
    end,
    case when jsonb_typeof(e.value) = 'string' then verso_field_time(e.value #>> '{}') end,
    case when jsonb_typeof(e.value) = 'string' then left(e.value #>> '{}', 300) end
  from jsonb_each(case when jsonb_typeof(fields) = 'object' then fields else '{}' end) e
  where jsonb_typeof(e.value) in ('number', 'boolean', 'string')
$$;

-- Statement triggers with transition tables, as the delivery index's (0002): one statement per write, however
-- many versions it wrote. Only published versions count; a draft save writes nothing here.
create function verso_field_values_changed() returns trigger
language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    delete from delivered_field_values f
    using (select distinct document_id, locale from old_rows where state = 'published') o
    where f.document_id = o.document_id and f.locale = o.locale;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into delivered_field_values (document_id, locale, field, space_id, type, num, at, txt)
    select n.document_id, n.locale, s.field, d.space_id, d.type, s.num, s.at, s.txt
    from new_rows n join documents d on d.id = n.document_id cross join lateral verso_field_scalars(n.fields) s
    where n.state = 'published';
  end if;
  return null;
end;
$$;

create function verso_field_values_truncated() returns trigger
language plpgsql as $$
begin
  delete from delivered_field_values;
  return null;
end;
$$;

-- A document that changes type or space takes its values along.
create function verso_field_values_documents_changed() returns trigger
language plpgsql as $$
begin
  update delivered_field_values f set type = n.type, space_id = n.space_id
  from new_rows n join old_rows o on o.id = n.id
  where f.document_id = n.id and (o.type, o.space_id) is distinct from (n.type, n.space_id);
  return null;
end;
$$;

create trigger field_values_insert after insert on document_versions
  referencing new table as new_rows
  for each statement execute function verso_field_values_changed();
create trigger field_values_update after update on document_versions
  referencing old table as old_rows new table as new_rows
  for each statement execute function verso_field_values_changed();
create trigger field_values_delete after delete on document_versions
  referencing old table as old_rows
  for each statement execute function verso_field_values_changed();
create trigger field_values_truncate after truncate on document_versions
  for each statement execute function verso_field_values_truncated();
create trigger field_values_documents_update after update on documents
  referencing old table as old_rows new table as new_rows
  for each statement execute function verso_field_values_documents_changed();

insert into delivered_field_values (document_id, locale, field, space_id, type, num, at, txt)
select v.document_id, v.locale, s.field, d.space_id, d.type, s.num, s.at, s.txt
from document_versions v join documents d on d.id = v.document_id cross join lateral verso_field_scalars(v.fields) s
where v.state = 'published';

analyze delivered_field_values;
