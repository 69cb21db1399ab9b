import { boundJsonMemo } from '../../core/db/pg-db.ts';
import { keepFieldsOf } from '../../delivery/reader/fields-by-version.ts';
import { keepShapes } from '../../delivery/reader/shape-memo.ts';
import { limitHeapGrowth } from '../heap-growth.ts';

/**
 * The static export's bounds for the process-wide memos (docs/static-export.md, "Memory"). Their defaults are
 * sized for a server, which answers the same documents again and again: 20,000 versions' fields, 5,000 shaped
 * results, 8M characters of parsed jsonb. A build reads each page's document once, so at 100,000 pages every
 * memo filled to its bound with documents never asked for again, and V8 let the heap grow in proportion to what
 * was held. The tagged cache keeps its 10,000 entries: at 2,000 its oldest-first eviction dropped what every
 * page reads again (space, designs, menus) every hundred pages or so.
 */

/**
 * How far V8 lets the heap grow past what the last full collection found alive, in percent (V8's own factor
 * goes up to 4x: with some 100 MB alive at 100,000 pages, the heap reached 600 MB of mostly garbage). A build
 * makes garbage at a steady rate and keeps little (the manifest's entries, the page list), so a full collection
 * every 50 % of growth costs little time; unlike a heap limit, the bound grows with what is alive, so a larger
 * site needs more memory but is never stopped for it.
 */
export const BUILD_HEAP_GROWING_PERCENT = 50;

export function boundBuildMemory(): void {
  limitHeapGrowth(BUILD_HEAP_GROWING_PERCENT);
  keepFieldsOf(1_000);
  keepShapes(500);
  boundJsonMemo(1024 * 1024);
}
