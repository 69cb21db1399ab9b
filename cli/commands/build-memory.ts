import { boundJsonMemo } from '../../core/db/pg-db.ts';
import { keepFieldsOf } from '../../delivery/reader/fields-by-version.ts';
import { keepShapes } from '../../delivery/reader/shape-memo.ts';

/**
 * The static export's bounds for the process-wide memos (docs/static-export.md, "Memory"). Their defaults are
 * sized for a server, which answers the same documents again and again: 20,000 versions' fields, 5,000 shaped
 * results, 8M characters of parsed jsonb and 10,000 cache entries. A build reads each page's document once, so
 * at 100,000 pages every memo filled to its bound with documents never asked for again (some 30 MB held), and
 * V8 let the heap grow in proportion to what was held. What a build does read again (the space, designs, menus,
 * settings) is a few dozen entries: these bounds keep them and little else.
 */
export const BUILD_CACHE_ENTRIES = 2_000;

export function boundBuildMemory(): void {
  keepFieldsOf(1_000);
  keepShapes(500);
  boundJsonMemo(1024 * 1024);
}
