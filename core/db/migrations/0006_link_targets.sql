-- The documents a version's fields link to: every `contentId` that is an id (link fields, links in rich text, at
-- any depth of blocks and repeaters). Kept with the version, so a read of documents joins the permalinks of their
-- link targets in the same statement (delivery/reader/document-query.ts `linkTargets`) instead of asking for them
-- in a second round trip once the fields have arrived. A superset of what the content model's link fields name
-- (a `contentId` in a field the model no longer has counts too): a read takes only the targets it needs.
create function verso_link_ids(fields jsonb) returns uuid[] language sql immutable parallel safe as $$
  select coalesce(array_agg(distinct (j #>> '{}')::uuid), '{}')
  from jsonb_path_query(fields,
    'lax $.**.contentId ? (@ like_regex "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")') j
$$;

alter table document_versions add column link_ids uuid[] generated always as (verso_link_ids(fields)) stored;
