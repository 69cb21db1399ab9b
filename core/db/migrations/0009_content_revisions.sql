-- The revision of a document as an editor last read it (content.get): content.update writes only over the
-- revision it names, in the same statement that raises it (compare and set), so that two editors never
-- overwrite each other silently. Every write of the content procedures raises it.
alter table documents add column revision bigint not null default 1;
