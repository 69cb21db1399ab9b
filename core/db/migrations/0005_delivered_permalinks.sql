-- A page's path is one lookup on the delivery index instead of a walk down the tree, level by level, on the
-- versions' slug index (issue 14: the walk was the costliest statement of an uncached page to plan and run).
create index delivered_documents_permalink on delivered_documents (space_id, locale, slugs);
-- A list of one type is a range of its own: through the list index, the 25 pages after 100k blog posts in tree
-- order took 24 ms of rows skipped (the generation of 100k documents costs about a second more with it).
create index delivered_documents_type on delivered_documents (space_id, locale, type, sort_key, document_id);
