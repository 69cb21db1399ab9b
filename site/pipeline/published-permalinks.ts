import type { TagSink } from '../../core/cache/tagged-cache.ts';
import type { Queryable } from '../../core/db/types.ts';
import type { Alternates, Reader } from '../../delivery/reader/types.ts';
import { homeId } from './find-document.ts';
import type { SiteInfo } from './types.ts';

const CHUNK = 1000;
const CHUNKS_AT_ONCE = 4;

const mapValues = (o: Alternates, f: (v: string) => string): Alternates =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v)]));

/**
 * Every published document of a site that has an address, in tree order, with its permalink per locale (the
 * home document's is ''): the pages the sitemap lists and the static export writes. Candidates come from one
 * query; the reader's `alternates` decides where each is published (a document under an unpublished parent has
 * no address) and tags what it read on `sink`. `excluded` documents (not-found pages) are left out.
 */
export async function publishedPermalinks(
  deps: { db: Queryable; reader: Reader },
  site: SiteInfo,
  excluded: ReadonlySet<string>,
  sink: TagSink,
): Promise<Array<{ id: string; permalinks: Alternates }>> {
  const spaceId = site.space.id;
  const res = await deps.db.query<{ id: string }>(
    `select d.id::text as id from documents d
     where d.space_id = $1 and exists (select 1 from document_versions v where v.document_id = d.id and v.state = 'published')
     order by d.parent_id nulls first, d.position, d.created_at, d.id`,
    [spaceId],
  );
  const ids = res.rows.map((r) => r.id).filter((id) => !excluded.has(id));
  const home = homeId(site);
  const ctx = { spaceId, locale: site.space.defaultLocale, tags: sink };
  const out: Array<{ id: string; permalinks: Alternates }> = [];
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += CHUNK) chunks.push(ids.slice(i, i + CHUNK));
  // A few chunks' reads at once (the pool has connections to spare): one after the other, 4,000 documents waited
  // for four round trips in turn. Not all of them: 100,000 documents' rows and answers held at once were a peak
  // of the static export's memory (issue 42). Their answers are taken in order.
  for (let start = 0; start < chunks.length; start += CHUNKS_AT_ONCE) {
    const some = chunks.slice(start, start + CHUNKS_AT_ONCE);
    const answers = await Promise.all(some.map((chunk) => deps.reader.alternates(ctx, chunk)));
    for (const [n, chunk] of some.entries()) {
      const alternates = answers[n]!;
      for (const id of chunk) {
        const permalinks = alternates.get(id);
        if (!permalinks) continue;
        out.push({ id, permalinks: id === home ? mapValues(permalinks, () => '') : permalinks });
      }
    }
  }
  return out;
}
