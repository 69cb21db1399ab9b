-- Core schema: spaces, the content model, documents and their versions, assets, menus, redirects,
-- controls, plugin settings, API keys, workflow runs and audit entries. Ids are uuid.

-- Full-text configuration per locale; immutable so that a generated column may call it.
create or replace function verso_ts_config(locale text) returns regconfig
language sql immutable parallel safe as $$
  select case split_part(lower(locale), '-', 1)
    when 'en' then 'english' when 'de' then 'german' when 'fr' then 'french'
    when 'es' then 'spanish' when 'it' then 'italian' when 'nl' then 'dutch'
    when 'pt' then 'portuguese' when 'sv' then 'swedish' when 'da' then 'danish'
    when 'no' then 'norwegian' when 'nb' then 'norwegian' when 'fi' then 'finnish'
    when 'ru' then 'russian'
    else 'simple' end::regconfig
$$;

create table registry_state (
  id boolean primary key default true check (id),
  schema_version integer not null default 1
);
insert into registry_state (id, schema_version) values (true, 1);

create table spaces (
  id uuid primary key,
  name text not null unique check (name ~ '^[a-z0-9-]+$'),
  title text not null,
  default_locale text not null,
  locales text[] not null check (array_length(locales, 1) >= 1),
  home_content_id uuid,
  api_hosts text[] not null default '{}',
  import_running boolean not null default false,
  created_at timestamptz not null default now(),
  check (default_locale = any (locales))
);

-- Content types and block types: one table, `kind` tells them apart; `fields` is the field list as in the format.
create table content_types (
  space_id uuid not null references spaces (id) on delete cascade,
  kind text not null check (kind in ('content', 'block')),
  name text not null,
  title text not null,
  fields jsonb not null default '[]',
  position integer not null,
  primary key (space_id, kind, name)
);

create table users (
  space_id uuid not null references spaces (id) on delete cascade,
  id uuid not null,
  name text not null,
  avatar_id uuid,
  primary key (space_id, id)
);

create table assets (
  id uuid primary key,
  space_id uuid not null references spaces (id) on delete cascade,
  filename text not null,
  mime_type text not null,
  size bigint not null default 0,
  width integer,
  height integer,
  alt text not null default '',
  focal_point jsonb,
  crop jsonb,
  storage_key text not null,
  sha256 text not null,
  position integer not null default 0,
  created_at timestamptz not null default now()
);
create index assets_space on assets (space_id, position);

create table documents (
  id uuid primary key,
  space_id uuid not null references spaces (id) on delete cascade,
  type text not null,
  parent_id uuid references documents (id) on delete cascade,
  position integer not null default 0,
  created_at timestamptz not null default now()
);
-- The tree order rule of every list: tree position, then creation time.
create index documents_tree on documents (space_id, parent_id, position, created_at);
create index documents_type on documents (space_id, type);

alter table spaces add constraint spaces_home_fk
  foreign key (home_content_id) references documents (id) on delete set null deferrable initially deferred;

create table tags (
  id uuid primary key default gen_random_uuid(),
  space_id uuid not null references spaces (id) on delete cascade,
  name text not null,
  slug text not null,
  unique (space_id, slug)
);

create table document_tags (
  document_id uuid not null references documents (id) on delete cascade,
  tag_id uuid not null references tags (id) on delete cascade,
  position integer not null,
  primary key (document_id, tag_id)
);
create index document_tags_tag on document_tags (tag_id);

-- One row per document, locale and state (published or draft). `search_text` holds the search-contributing
-- field values and tag names, written by the application (they depend on the content model and tags).
create table document_versions (
  document_id uuid not null references documents (id) on delete cascade,
  locale text not null,
  state text not null check (state in ('published', 'draft')),
  title text not null,
  slug text not null,
  fields jsonb not null default '{}',
  published_at timestamptz,
  updated_at timestamptz not null default now(),
  search_text text not null default '',
  search tsvector generated always as (
    setweight(to_tsvector(verso_ts_config(locale), title), 'A') ||
    setweight(to_tsvector(verso_ts_config(locale), search_text), 'B')
  ) stored,
  primary key (document_id, locale, state)
);
create index document_versions_search on document_versions using gin (search);
create index document_versions_slug on document_versions (locale, state, slug);

create table menus (
  id uuid primary key,
  space_id uuid not null references spaces (id) on delete cascade,
  name text not null,
  machine_name text not null,
  position integer not null,
  unique (space_id, machine_name)
);

create table menu_items (
  id uuid primary key,
  menu_id uuid not null references menus (id) on delete cascade,
  parent_id uuid references menu_items (id) on delete cascade,
  position integer not null,
  label jsonb not null,
  url text,
  target text not null default '_self',
  content_id uuid
);
create index menu_items_menu on menu_items (menu_id, parent_id, position);

create table redirects (
  id uuid primary key default gen_random_uuid(),
  space_id uuid not null references spaces (id) on delete cascade,
  locale text not null,
  from_path text not null,
  to_path text,
  status integer not null check (status in (301, 302, 307, 308)),
  content_id uuid,
  position integer not null,
  unique (space_id, locale, from_path)
);

create table space_controls (
  space_id uuid not null references spaces (id) on delete cascade,
  key text not null,
  value jsonb not null,
  primary key (space_id, key)
);

-- Per-space plugin settings (plugin `website`): the production row holds the settings, a staging row its 404.
create table space_plugin_settings (
  space_id uuid not null references spaces (id) on delete cascade,
  plugin_id text not null,
  environment text not null default 'production',
  settings jsonb not null default '{}',
  position integer not null default 0,
  primary key (space_id, plugin_id, environment)
);

create table api_keys (
  id uuid primary key default gen_random_uuid(),
  name text not null default '',
  prefix text not null unique,
  hash text not null,
  role text not null default 'admin' check (role in ('superadmin', 'owner', 'admin', 'editor', 'viewer')),
  space_ids uuid[],
  permissions text[],
  expires_at timestamptz,
  created_at timestamptz not null default now(),
  last_used_at timestamptz
);
create index api_keys_expiry on api_keys (expires_at);

create table workflow_runs (
  id uuid primary key default gen_random_uuid(),
  workflow text not null,
  status text not null,
  started_at timestamptz not null default now(),
  finished_at timestamptz,
  data jsonb not null default '{}'
);
create index workflow_runs_recent on workflow_runs (workflow, started_at desc);

create table audit_entries (
  id bigserial primary key,
  at timestamptz not null default now(),
  actor text not null,
  action text not null,
  space_id uuid,
  target text,
  details jsonb not null default '{}'
);
create index audit_entries_space on audit_entries (space_id, at desc);
