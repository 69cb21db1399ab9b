-- The website plugin's own tables: designs, their published snapshots, domains and form submissions.

create table website_designs (
  id uuid primary key default gen_random_uuid(),
  space_id uuid not null references spaces (id) on delete cascade,
  environment text not null default 'production',
  kind text not null check (kind in ('theme', 'site', 'layout', 'page', 'block', 'menu')),
  key text not null,
  published jsonb,
  draft jsonb,
  version integer not null default 1,
  position integer not null default 0,
  unique (space_id, environment, kind, key)
);

-- A snapshot of every published design per site revision.
create table website_design_versions (
  id uuid primary key default gen_random_uuid(),
  space_id uuid not null references spaces (id) on delete cascade,
  environment text not null default 'production',
  revision integer not null,
  designs jsonb not null,
  created_at timestamptz not null default now(),
  unique (space_id, environment, revision)
);

create table website_domains (
  host text primary key check (host = lower(host) and host !~ ':'),
  space_id uuid not null references spaces (id) on delete cascade,
  "primary" boolean not null default false,
  redirect_to_primary boolean not null default false,
  locale text,
  environment text not null default 'production',
  position integer not null default 0
);
create index website_domains_space on website_domains (space_id);

create table website_form_submissions (
  id uuid primary key default gen_random_uuid(),
  space_id uuid not null references spaces (id) on delete cascade,
  form_key text not null,
  node_id text not null,
  locale text not null,
  page text not null,
  host text,
  values jsonb not null,
  client_hash text,
  created_at timestamptz not null default now()
);
create index website_form_submissions_space on website_form_submissions (space_id, created_at);
