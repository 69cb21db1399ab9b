-- Search text holds only fields delivered publicly (issue 43): a field with `public: false` contributed its
-- words before, and public search answered whether a word was in it. The rows are computed anew after this
-- statement, in code, by the function import and publish use (core/content/recompute-search-text.ts, run as
-- this migration's step in core/db/migrations.ts).
comment on column document_versions.search_text is
  'Words of the publicly delivered, search-contributing fields and the tag names (core/content/search-text.ts).';
