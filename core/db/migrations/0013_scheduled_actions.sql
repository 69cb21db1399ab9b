-- Scheduled publishing (docs/management-api.md, "Scheduled publishing"): a publish or unpublish of one document
-- in one locale at a time to come, run by the management processes (core/scheduling/). The table is the record;
-- a bullmq delayed job (with Redis) or a timer only decides when a process looks. A run deletes its row in the
-- transaction of the change itself, so that of two processes only one runs it.
create table scheduled_actions (
  -- A new id at every (re)schedule: a job armed for an earlier time of the same action finds nothing to run.
  id uuid primary key default gen_random_uuid(),
  space_id uuid not null references spaces (id) on delete cascade,
  document_id uuid not null references documents (id) on delete cascade,
  locale text not null,
  action text not null check (action in ('publish', 'unpublish')),
  at timestamptz not null,
  -- content.unpublish's `withDescendants` (always false for a publish).
  with_descendants boolean not null default false,
  -- Who scheduled it, as the audit writes an actor: `apiKey:<id> (<name>)`.
  created_by text not null,
  created_at timestamptz not null default now(),
  -- Handed to the bullmq queue as a delayed job (with Redis); the relay hands over the rows without it.
  queued boolean not null default false,
  -- A run the change itself refused (the document lost its version in the locale, the locale left the space):
  -- kept, listed as failed, until it is scheduled again or cancelled.
  failed_at timestamptz,
  error text,
  -- Scheduling the same action of a document and locale again replaces it.
  unique (document_id, locale, action)
);
-- What every management process looks at, about once a second without Redis: the next pending time.
create index scheduled_actions_due on scheduled_actions (at) where failed_at is null;
create index scheduled_actions_space on scheduled_actions (space_id, at, id);
