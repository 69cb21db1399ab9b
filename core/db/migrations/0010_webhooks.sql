-- Webhooks (docs/webhooks.md): a space's hooks, each event to send as a delivery (the outbox: written beside
-- the change, sent by the management processes), and every attempt of a delivery.
create table webhooks (
  id uuid primary key default gen_random_uuid(),
  space_id uuid not null references spaces (id) on delete cascade,
  url text not null,
  events text[] not null,
  description text not null default '',
  -- `whsec_<base64>`: signing needs the secret itself, so it is kept as given out (never shown again).
  secret text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_success_at timestamptz,
  disabled_at timestamptz,
  disabled_reason text
);
create index webhooks_space on webhooks (space_id);

create table webhook_deliveries (
  id uuid primary key default gen_random_uuid(),
  webhook_id uuid not null references webhooks (id) on delete cascade,
  event text not null,
  -- The body as signed and sent: {type, timestamp, data}.
  body text not null,
  created_at timestamptz not null default now(),
  status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
  attempts int not null default 0,
  -- When the next attempt is due (null once delivered or given up).
  next_attempt_at timestamptz default now(),
  -- A worker holds the delivery until then (a process that died mid-attempt frees it at that time).
  claimed_until timestamptz,
  -- Handed to the bullmq queue (with Redis); the relay hands over the rows without it.
  queued boolean not null default false
);
create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status = 'pending';
create index webhook_deliveries_hook on webhook_deliveries (webhook_id, created_at desc, id desc);

create table webhook_attempts (
  delivery_id uuid not null references webhook_deliveries (id) on delete cascade,
  attempt int not null,
  started_at timestamptz not null,
  duration_ms int not null,
  -- The answer's HTTP status; null when there was none (refused address, timeout, connection error).
  status int,
  error text,
  -- The first 1 KB of the answer's body.
  body text not null default '',
  primary key (delivery_id, attempt)
);
