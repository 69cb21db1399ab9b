-- Share links revoked before they expire (`plugins.website.share.revoke`): a link is a signed token, so
-- revoking it is remembering its id until it would have expired anyway (housekeeping may drop older rows).
create table website_share_revocations (
  space_id uuid not null references spaces (id) on delete cascade,
  link_id text not null,
  expires_at timestamptz not null,
  revoked_at timestamptz not null default now(),
  primary key (space_id, link_id)
);
