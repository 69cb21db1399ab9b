-- Every purge in order (docs/static-export.md, "Incremental builds"): `verso build-site --incremental`
-- renders again only the files whose tags were purged since its last build. Housekeeping keeps 30 days.
create table purge_journal (
  id bigserial primary key,
  at timestamptz not null default now(),
  tags text[] not null
);
create index purge_journal_at on purge_journal (at);
