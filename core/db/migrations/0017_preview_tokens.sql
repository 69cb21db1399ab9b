-- Preview tokens (docs/delivery-api.md, "Preview"): a bearer secret that lets the public API read a space's
-- drafts. Shown once at creation (`vsp_<prefix>_<secret>`); only the secret's SHA-256 is kept, as for API keys.
-- A revoked token keeps its row (the list shows it) until housekeeping drops it 30 days after it ended.
create table preview_tokens (
  id uuid primary key default gen_random_uuid(),
  space_id uuid not null references spaces (id) on delete cascade,
  name text not null default '',
  prefix text not null unique,
  hash text not null,
  -- Who created it, as audit entries name an actor (`apiKey:<id> (<name>)`).
  created_by text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index preview_tokens_space on preview_tokens (space_id, created_at desc);
