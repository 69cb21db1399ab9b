-- Every id-shaped string of a version's fields (image, file and user fields, rich-text images, at any depth of
-- blocks and repeaters; content ids too). Kept with the version, so a read of documents joins the assets and users
-- the fields name in the same statement (delivery/reader/document-query.ts `CARRIED`) instead of asking for them
-- in another round trip once the fields have arrived. A superset of what the content model names: a read takes
-- only the rows it needs, and a string that is no asset or user id joins nothing.
create function verso_ref_ids(fields jsonb) returns uuid[] language sql immutable parallel safe as $$
  select coalesce(array_agg(distinct (j #>> '{}')::uuid), '{}')
  from jsonb_path_query(fields,
    'lax $.** ? (@.type() == "string" && @ like_regex "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")') j
$$;

alter table document_versions add column ref_ids uuid[] generated always as (verso_ref_ids(fields)) stored;
