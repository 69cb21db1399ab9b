-- Studio sign-in (docs/studio.md, "Sessions and sign-in"): a session is bound to the API key it was opened
-- with, so deleting the key ends its sessions (cascade) and an expired key ends them at the next request.
-- Only hashes of session ids and one-time link tokens are stored.
create table auth_sessions (
  id_hash text primary key,
  key_id uuid not null references api_keys (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index auth_sessions_key on auth_sessions (key_id);
create index auth_sessions_expiry on auth_sessions (expires_at);

create table auth_link_tokens (
  token_hash text primary key,
  key_id uuid not null references api_keys (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
