-- Who made a revision of the published designs and what it changed, for the studio's history
-- (`designs.revisions`); `restored_from` names the revision a `designs.restore` brought back.
alter table website_design_versions add column created_by text;
alter table website_design_versions add column changes jsonb;
alter table website_design_versions add column restored_from integer;
