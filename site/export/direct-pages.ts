import { collectingTags } from '../../core/cache/edge/request-tags.ts';
import type { Reader } from '../../delivery/reader/types.ts';
import type { SiteDeps } from '../pipeline/deps.ts';
import { publicPage } from '../pipeline/handle-page.ts';
import { hostSite } from '../pipeline/host-site.ts';
import { entryBytes } from '../pipeline/page-cache.ts';

/**
 * Pages rendered at once: enough that the CPU renders one while others wait for PostgreSQL, few enough to stay
 * under the pool's connections (DB_POOL_MAX, 10 by default) and to keep memory flat.
 */
export const PAGES_IN_FLIGHT = 8;

/** A file as the build got it: its bytes, cache tags, the files it refers to and the headers it came with. */
export interface Rendered {
  body: Uint8Array;
  tags: string[];
  refs: string[];
  headers: Headers;
  /** The text of `body`, when the build had it as text already (a page rendered in process). */
  text?: string;
}

/**
 * The export's pages rendered in the build's process without a request (docs/static-export.md, "How it
 * renders"): `publicPage`, the website pipeline's own steps from the locale on, with no HTTP round, no rate rule,
 * no page cache (a build reads every page once; storing them would only fill memory). The bytes are the page
 * entry's, which is what the website app sends; the tags are those its cache entry would carry, plus every
 * cached read's (as `collectingTags` notes them for the HTTP path). Headers are the same for every page of a
 * host, so a rendered page takes those of one page the app answered (`headers`).
 */
export function directPage(
  deps: SiteDeps,
  args: { host: string; origin: string; headers: Headers },
): (path: string) => Promise<{ status: number; rendered: Rendered }> {
  return async (path) => {
    const url = new URL(args.origin + path);
    const tags = new Set<string>();
    const sink = {
      addTags: (list: readonly string[]) => {
        for (const t of list) tags.add(t);
      },
    };
    const entry = await collectingTags(tags, async () => {
      const { domain, site } = await hostSite(deps, args.host);
      if (!domain || !site) throw new Error(`${args.host} is no longer a served domain`);
      const target = {
        host: args.host,
        port: url.port,
        protocol: url.protocol === 'https:' ? ('https' as const) : ('http' as const),
        path: url.pathname,
        search: url.search,
      };
      return publicPage(deps, { site, domain, target }, sink);
    });
    return {
      status: entry.status,
      rendered: {
        body: entryBytes(entry),
        text: entry.body,
        tags: [...tags].sort(),
        refs: [],
        headers: args.headers,
      },
    };
  };
}

/**
 * Runs `work` on every item, at most `limit` at a time, in order of start. The first failure stops further
 * starts and is thrown once every started item has settled: nothing is still writing when the caller cleans up.
 */
export async function inParallel<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<void>,
) {
  let next = 0;
  const failures: unknown[] = [];
  const lane = async () => {
    while (failures.length === 0 && next < items.length) {
      const index = next++;
      await work(items[index]!, index).catch((err: unknown) => failures.push(err));
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (failures.length > 0) throw failures[0];
}

/** Documents read ahead per statement (docs/static-export.md, "How it renders"). */
export const READ_AHEAD = 100;
/**
 * Statements of it under way or read before the render reaches them: with two, the render of a 4,000-post build
 * caught up with the reads and waited for each next hundred on a loaded machine.
 */
export const READS_AHEAD = 4;

/**
 * The documents of the pages a build renders, read ahead a hundred at a time (one statement per locale) while the
 * pages before them render, where each page waited for a statement of its own: `reach(n)` as the build starts
 * rendering the `n`th of `pages` keeps the next four hundred read or under way, and no more (memory stays flat).
 */
export function readAheadPages(
  reader: Reader,
  spaceId: string,
  pages: ReadonlyArray<{ id: string; locale: string; permalink: string }>,
) {
  let requested = 0;
  return {
    reach(n: number) {
      while (requested < Math.min(pages.length, n + READS_AHEAD * READ_AHEAD)) {
        const part = pages.slice(requested, requested + READ_AHEAD);
        requested += part.length;
        void readAheadPart(reader, spaceId, part);
      }
    },
    /** Forgets what no page asked for (a page whose address changed meanwhile). */
    clear() {
      void reader.readAhead?.({ spaceId, locale: '' }, null);
    },
  };
}

/** The documents of `part` (a hundred pages or so) read ahead, one statement per locale; resolves when read. */
export function readAheadPart(
  reader: Reader,
  spaceId: string,
  part: ReadonlyArray<{ id: string; locale: string; permalink: string }>,
): Promise<unknown> {
  const byLocale = new Map<string, Array<{ id: string; permalink: string }>>();
  for (const { id, locale, permalink } of part) {
    const docs = byLocale.get(locale) ?? [];
    docs.push({ id, permalink });
    byLocale.set(locale, docs);
  }
  return Promise.all([...byLocale].map(([locale, docs]) => reader.readAhead?.({ spaceId, locale }, docs)));
}
