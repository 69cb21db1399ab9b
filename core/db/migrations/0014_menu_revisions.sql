-- The revision of a menu as an editor last read it (menus.get): menus.update writes only over the revision it
-- names, in the same statement that raises it (compare and set), as content.update does with documents'
-- (0009). Every write of a menu raises it; an import that replaces a space carries each menu's revision on
-- (by machine name) and raises it, so an editor who read the menu before the import is told it changed.
alter table menus add column revision bigint not null default 1;
